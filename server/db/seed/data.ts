/**
 * Sample data for the development / demo seed (everything except news articles, see ./articles.ts).
 * Plain data only: ids, authors, dates and counters are assigned in ./index.ts.
 */
import type { NewsCategorySlug } from './articles';

export type Role = 'subscriber' | 'contributor' | 'editor' | 'admin';

export interface NewsCategorySeed {
  slug: NewsCategorySlug;
  name: string;
  description: string;
  icon: string;
  color: string;
}

/** Spec 9's four admin-form categories first, then two more. display_order is the index. */
export const NEWS_CATEGORIES: readonly NewsCategorySeed[] = [
  {
    slug: 'automation',
    name: 'Automation',
    description: 'Process automation, RPA and touchless workflows across record-to-report, procure-to-pay and order-to-cash.',
    icon: 'workflow',
    color: '#3B82F6',
  },
  {
    slug: 'fraud-detection',
    name: 'Fraud Detection',
    description: 'Forensic accounting, anomaly detection and the controls that stop payment, payroll and revenue fraud.',
    icon: 'shield-alert',
    color: '#EF4444',
  },
  {
    slug: 'regulatory',
    name: 'Regulatory',
    description: 'Standard setters, regulators and new reporting requirements: IFRS, US GAAP, sustainability and AI rules.',
    icon: 'scale',
    color: '#F59E0B',
  },
  {
    slug: 'generative-ai',
    name: 'Generative AI',
    description: 'Large language models and AI assistants in finance: use cases, governance and lessons from real deployments.',
    icon: 'sparkles',
    color: '#8B5CF6',
  },
  {
    slug: 'audit',
    name: 'Audit',
    description: 'External and internal audit, assurance, audit analytics and quality management.',
    icon: 'clipboard-check',
    color: '#10B981',
  },
  {
    slug: 'tax',
    name: 'Tax',
    description: 'Corporate, international and indirect tax: Pillar Two, provisions, nexus and transfer pricing.',
    icon: 'receipt',
    color: '#0EA5E9',
  },
];

export interface DemoAccount {
  email: string;
  password: string;
  role: Role;
  firstName: string;
  lastName: string;
}

/** One sign-in per role, for development and demos only (listed in the README). */
export const DEMO_ACCOUNT_LIST: readonly DemoAccount[] = [
  { email: 'admin@ledgercommons.test', password: 'admin123', role: 'admin', firstName: 'Avery', lastName: 'Collins' },
  { email: 'editor@ledgercommons.test', password: 'editor123', role: 'editor', firstName: 'Elena', lastName: 'Marsh' },
  {
    email: 'contributor@ledgercommons.test',
    password: 'contrib123',
    role: 'contributor',
    firstName: 'Carlos',
    lastName: 'Reyes',
  },
  { email: 'member@ledgercommons.test', password: 'member123', role: 'subscriber', firstName: 'Maya', lastName: 'Patel' },
];

export interface ProfileSeed {
  title: string;
  company: string;
  bio: string;
  expertiseTags: readonly string[];
  badges: readonly string[];
  points: number;
}

/** Extra profile fields for the demo accounts, keyed by email. */
export const DEMO_PROFILES: Record<string, ProfileSeed> = {
  'admin@ledgercommons.test': {
    title: 'Platform Administrator',
    company: 'Ledger Commons',
    bio: 'Keeps the lights on at Ledger Commons. Former systems accountant with a soft spot for well-designed charts of accounts.',
    expertiseTags: ['ERP Systems', 'Data Governance'],
    badges: ['First Post'],
    points: 0,
  },
  'editor@ledgercommons.test': {
    title: 'Managing Editor',
    company: 'Ledger Commons',
    bio: 'Curates the news feed and the podcast schedule. Ten years as a financial journalist covering standard setters and the audit profession.',
    expertiseTags: ['Financial Reporting', 'Audit Regulation', 'Editorial'],
    badges: ['First Post', 'Active Discussant'],
    points: 960,
  },
  'contributor@ledgercommons.test': {
    title: 'Technical Accounting Advisor',
    company: 'Reyes & Partners',
    bio: 'Advises finance teams on revenue recognition, leases and IFRS 18 transition. Writes regularly about applying AI to technical accounting research.',
    expertiseTags: ['IFRS', 'Revenue Recognition', 'Technical Accounting'],
    badges: ['First Post', 'Active Discussant', 'Expert Contributor'],
    points: 2150,
  },
  'member@ledgercommons.test': {
    title: 'Staff Auditor',
    company: 'Greenfield CPAs',
    bio: 'Second-year auditor learning data analytics. Here to ask questions and pick up good habits early.',
    expertiseTags: ['External Audit', 'Excel'],
    badges: ['First Post', 'Knowledge Seeker'],
    points: 260,
  },
};

export interface MemberSeed extends ProfileSeed {
  email: string;
  firstName: string;
  lastName: string;
  role: 'subscriber' | 'contributor';
}

/** Community members; they all share COMMUNITY_PASSWORD. */
export const COMMUNITY_PASSWORD = 'member123';

export const COMMUNITY_MEMBERS: readonly MemberSeed[] = [
  {
    email: 'priya.raman@ledgercommons.test',
    firstName: 'Priya',
    lastName: 'Raman',
    role: 'contributor',
    title: 'Head of Finance Analytics',
    company: 'Meridian Retail Group',
    bio: 'Leads a team of six analysts building the data foundations for a faster close. Previously in FP&A and Big Four advisory.',
    expertiseTags: ['Data Analytics', 'FP&A', 'Power BI', 'Python'],
    badges: ['First Post', 'Active Discussant', 'Knowledge Seeker', 'Expert Contributor'],
    points: 4800,
  },
  {
    email: 'marcus.bell@ledgercommons.test',
    firstName: 'Marcus',
    lastName: 'Bell',
    role: 'contributor',
    title: 'Senior Audit Manager',
    company: 'Harlow & Pike LLP',
    bio: 'Audits manufacturing and distribution clients. Champion of full-population journal entry testing inside the firm.',
    expertiseTags: ['External Audit', 'Audit Analytics', 'Internal Controls'],
    badges: ['First Post', 'Active Discussant', 'Expert Contributor'],
    points: 4120,
  },
  {
    email: 'sofia.alvarez@ledgercommons.test',
    firstName: 'Sofia',
    lastName: 'Alvarez',
    role: 'contributor',
    title: 'Forensic Accounting Director',
    company: 'Cedar Forensics',
    bio: 'Investigates procurement and payroll fraud for mid-market companies. CFE, CPA, and occasional expert witness.',
    expertiseTags: ['Forensic Accounting', 'Fraud Investigation', 'Benford Analysis'],
    badges: ['First Post', 'Active Discussant', 'Expert Contributor'],
    points: 3650,
  },
  {
    email: 'daniel.osei@ledgercommons.test',
    firstName: 'Daniel',
    lastName: 'Osei',
    role: 'subscriber',
    title: 'International Tax Manager',
    company: 'Kestrel Industries',
    bio: 'Runs Pillar Two readiness for a 60-entity industrial group. Interested in anything that gets tax data out of spreadsheets.',
    expertiseTags: ['Pillar Two', 'Transfer Pricing', 'Tax Provision'],
    badges: ['First Post', 'Active Discussant'],
    points: 2980,
  },
  {
    email: 'hannah.lindqvist@ledgercommons.test',
    firstName: 'Hannah',
    lastName: 'Lindqvist',
    role: 'contributor',
    title: 'Financial Reporting Lead',
    company: 'Nordvik Group',
    bio: 'Owns the group annual report and the IFRS 18 transition project. Believes every note should fit on one page.',
    expertiseTags: ['IFRS', 'IFRS 18', 'Consolidation'],
    badges: ['First Post', 'Active Discussant', 'Knowledge Seeker'],
    points: 2410,
  },
  {
    email: 'kenji.watanabe@ledgercommons.test',
    firstName: 'Kenji',
    lastName: 'Watanabe',
    role: 'subscriber',
    title: 'Internal Audit Analytics Lead',
    company: 'Pacific Crest Bank',
    bio: 'Builds continuous monitoring for a regional bank. SQL first, dashboards second.',
    expertiseTags: ['Continuous Auditing', 'SQL', 'Internal Audit'],
    badges: ['First Post', 'Knowledge Seeker'],
    points: 1875,
  },
  {
    email: 'grace.oconnell@ledgercommons.test',
    firstName: 'Grace',
    lastName: "O'Connell",
    role: 'subscriber',
    title: 'Corporate Controller',
    company: 'Bluefin Health',
    bio: 'Controller of a hospital group with 14 entities. Currently piloting AI-drafted variance commentary.',
    expertiseTags: ['Month-End Close', 'Generative AI', 'Healthcare Accounting'],
    badges: ['First Post', 'Active Discussant'],
    points: 1540,
  },
  {
    email: 'ravi.menon@ledgercommons.test',
    firstName: 'Ravi',
    lastName: 'Menon',
    role: 'subscriber',
    title: 'AP Automation Specialist',
    company: 'Ironbridge Manufacturing',
    bio: 'Took our invoice processing from 35% to 82% touchless. Happy to share what worked and what did not.',
    expertiseTags: ['Accounts Payable', 'RPA', 'E-invoicing'],
    badges: ['First Post', 'Active Discussant'],
    points: 1190,
  },
  {
    email: 'olivia.brooks@ledgercommons.test',
    firstName: 'Olivia',
    lastName: 'Brooks',
    role: 'subscriber',
    title: 'Principal CPA',
    company: 'Brooks Advisory',
    bio: 'Sole practitioner serving owner-managed businesses. Exploring how AI can take the grind out of bookkeeping reviews.',
    expertiseTags: ['Small Practice', 'Advisory', 'Cloud Accounting'],
    badges: ['First Post'],
    points: 860,
  },
  {
    email: 'mateo.ferreira@ledgercommons.test',
    firstName: 'Mateo',
    lastName: 'Ferreira',
    role: 'subscriber',
    title: 'Staff Accountant',
    company: 'Sunridge Hospitality',
    bio: 'Two years into my career and studying for the CPA exam. Learning Python on weekends.',
    expertiseTags: ['General Ledger', 'Reconciliations'],
    badges: ['First Post', 'Knowledge Seeker'],
    points: 540,
  },
  {
    email: 'leila.haddad@ledgercommons.test',
    firstName: 'Leila',
    lastName: 'Haddad',
    role: 'contributor',
    title: 'ESG Reporting Manager',
    company: 'Atlas Renewables',
    bio: 'Builds sustainability data controls that can stand up to assurance. Formerly an external auditor.',
    expertiseTags: ['Sustainability Reporting', 'Assurance', 'Emissions Data'],
    badges: ['First Post'],
    points: 320,
  },
  {
    email: 'samuel.okoye@ledgercommons.test',
    firstName: 'Samuel',
    lastName: 'Okoye',
    role: 'subscriber',
    title: 'Audit Associate',
    company: 'Whitmore & Lane',
    bio: 'First busy season done. Interested in audit data analytics and how AI will change entry-level audit work.',
    expertiseTags: ['External Audit', 'Data Analytics'],
    badges: ['First Post'],
    points: 120,
  },
];

export type ShowKey = 'main' | 'audit-tech' | 'tax-brief';

export interface ShowSeed {
  key: ShowKey;
  name: string;
  slug: string;
  description: string;
  hostName: string;
  /** Days between episodes, and days before now that the newest published one came out. */
  cadenceDays: number;
  latestDaysAgo: number;
}

/**
 * The podcast's shows, in display order. The first is the default show (the migration creates it,
 * and the seed reuses it by slug). No artwork: covers are generated from the show and episode.
 */
export const PODCAST_SHOWS: readonly ShowSeed[] = [
  {
    key: 'main',
    name: 'Ledger Commons Podcast',
    slug: 'ledger-commons-podcast',
    description: 'Conversations with the people shaping accounting, audit and corporate finance.',
    hostName: 'Dana Whitfield',
    cadenceDays: 7,
    latestDaysAgo: 3,
  },
  {
    key: 'audit-tech',
    name: 'Audit Tech Talk',
    slug: 'audit-tech-talk',
    description:
      'Data analytics, automation and AI on real audit engagements, with the people doing the work: what held up in the file, and what did not.',
    hostName: 'Marcus Bell',
    cadenceDays: 14,
    latestDaysAgo: 6,
  },
  {
    key: 'tax-brief',
    name: 'The Tax Brief',
    slug: 'the-tax-brief',
    description:
      'A few minutes on the tax change that matters this month — global minimum tax, provisions, state and indirect tax — and what finance teams should do about it.',
    hostName: 'Priya Raman',
    cadenceDays: 10,
    latestDaysAgo: 1,
  },
];

export interface PodcastSeed {
  title: string;
  description: string;
  hostName: string;
  guestName?: string;
  guestTitle?: string;
  categories: readonly NewsCategorySlug[];
  status?: 'published' | 'draft';
  archived?: boolean;
  featured?: boolean;
}

const HOST = 'Dana Whitfield';

/** The main show's episodes. Episode number is the index + 1 within the show; episode 1 is the oldest. */
export const PODCASTS: readonly PodcastSeed[] = [
  {
    title: 'Why the monthly close is still broken (and how to fix it)',
    description:
      'Rachel Okafor has run the close at three companies. She explains why most close calendars are built backwards, which reconciliations should run daily, and the single meeting she cancelled that saved a day.',
    hostName: HOST,
    guestName: 'Rachel Okafor',
    guestTitle: 'VP Finance, Northwind Logistics',
    categories: ['automation'],
  },
  {
    title: 'From sampling to full-population testing',
    description:
      'Audit partner Tom Brandt walks through how his firm moved journal entry testing to 100% of the population, how they score exceptions, and what changed in conversations with audit committees.',
    hostName: HOST,
    guestName: 'Tom Brandt',
    guestTitle: 'Audit Partner, Harlow & Pike LLP',
    categories: ['audit', 'automation'],
  },
  {
    title: 'Inside a $2.3M vendor fraud investigation',
    description:
      'Forensic accountant Simone Adeyemi reconstructs a two-year duplicate-vendor scheme: the first alert, the interviews, the evidence trail, and the controls the company put in place afterwards.',
    hostName: HOST,
    guestName: 'Simone Adeyemi',
    guestTitle: 'Partner, Northgate Forensic Advisory',
    categories: ['fraud-detection'],
  },
  {
    title: 'IFRS 18 explained: the new income statement',
    description:
      'New categories, new subtotals and audited management-defined performance measures. James Whitaker explains what changes on the face of the income statement and how to plan the transition.',
    hostName: HOST,
    guestName: 'James Whitaker',
    guestTitle: 'Technical Accounting Director, Fenwick Advisory',
    categories: ['regulatory'],
  },
  {
    title: 'Generative AI for controllers: a practical starting point',
    description:
      'Aisha Karim shares the three AI use cases her controllership team adopted first, how they got security sign-off, and how they measure whether the tools actually save time.',
    hostName: HOST,
    guestName: 'Aisha Karim',
    guestTitle: 'Corporate Controller, Bluepeak Software',
    categories: ['generative-ai'],
  },
  {
    title: 'Pillar Two for the rest of us',
    description:
      'Global minimum tax without the jargon. Henrik Lund explains the GloBE rules, safe harbours and the data a group tax team needs from the business — and why it needs it monthly.',
    hostName: HOST,
    guestName: 'Henrik Lund',
    guestTitle: 'Global Tax Director, Nordhavn Industries',
    categories: ['tax', 'regulatory'],
  },
  {
    title: 'Building a finance data team from scratch',
    description:
      'How do you hire, organise and fund a data team inside finance? Mei-Ling Zhou on the first three hires, the first data model and the reporting that earned the team its budget.',
    hostName: HOST,
    guestName: 'Mei-Ling Zhou',
    guestTitle: 'Director of Finance Data, Harbourline Group',
    categories: ['automation', 'generative-ai'],
  },
  {
    title: 'What audit committees want to hear about AI',
    description:
      'Audit committee chair Margaret Chen on the questions she asks management about AI, the reporting she wants to see, and the red flags that make her ask for a deep dive.',
    hostName: HOST,
    guestName: 'Margaret Chen',
    guestTitle: 'Audit Committee Chair and Former CFO',
    categories: ['audit', 'generative-ai'],
    featured: true,
  },
  {
    title: 'The human side of automation: reskilling AP teams',
    description:
      "A solo episode on what happens to people when invoice processing goes touchless. Dana looks at three companies' approaches to redeploying accounts payable staff into supplier data quality, analytics and vendor relationships.",
    hostName: HOST,
    categories: ['automation'],
  },
  {
    title: 'Fraud red flags in revenue recognition',
    description:
      'Bill-and-hold, side letters and channel stuffing. Forensic accountant Nadia Petrov on the revenue patterns that should trigger a closer look, and how to investigate without derailing the close.',
    hostName: HOST,
    guestName: 'Nadia Petrov',
    guestTitle: 'Managing Director, Forensic Services, Castellan Partners',
    categories: ['fraud-detection', 'audit'],
    archived: true,
  },
  {
    title: 'Ask us anything: listener questions on AI governance',
    description:
      'Dana answers listener questions on AI inventories, the EU AI Act, documenting AI-assisted judgments for auditors and whether finance needs its own AI policy.',
    hostName: HOST,
    categories: ['generative-ai', 'regulatory'],
    featured: true,
  },
  {
    title: 'Agentic AI and the future of accounts payable',
    description:
      'AI agents that chase approvals and resolve exceptions are arriving in AP. Omar Siddiqui on what the pilots show, where the controls need to catch up and what AP roles look like in five years.',
    hostName: HOST,
    guestName: 'Omar Siddiqui',
    guestTitle: 'Head of Finance Transformation, Corvid Retail',
    categories: ['generative-ai', 'automation'],
    status: 'draft',
  },
];

const AUDIT_HOST = 'Marcus Bell';

/** Audit Tech Talk, oldest first. */
export const AUDIT_TECH_EPISODES: readonly PodcastSeed[] = [
  {
    title: 'Getting the ledger out: data extraction for auditors',
    description:
      'Lena Fischer leads data analytics on audit engagements. She explains how her team gets complete journal-entry data out of any ERP, the roll-forward check that runs before any test, and the extraction mistakes that invalidate an analysis.',
    hostName: AUDIT_HOST,
    guestName: 'Lena Fischer',
    guestTitle: 'Data Analytics Manager, Harlow & Pike LLP',
    categories: ['audit', 'automation'],
  },
  {
    title: 'Process mining for the audit file',
    description:
      'Event logs show how a process really runs, not how the narrative says it does. Ravi Menon on using process mining to scope controls testing, find workarounds and explain the results to a partner who has never seen a process map.',
    hostName: AUDIT_HOST,
    guestName: 'Ravi Menon',
    guestTitle: 'Process Intelligence Lead, Corvid Retail',
    categories: ['audit', 'automation'],
  },
  {
    title: 'IT general controls when everything is in the cloud',
    description:
      'Grace O\'Connell on testing access, change management and operations when the ERP is software-as-a-service: what the provider\'s controls report covers, the complementary controls it leaves to you, and the gaps auditors keep finding.',
    hostName: AUDIT_HOST,
    guestName: "Grace O'Connell",
    guestTitle: 'IT Audit Director, Bluepeak Software',
    categories: ['audit', 'regulatory'],
  },
  {
    title: 'Can we rely on evidence an AI prepared?',
    description:
      'Contract abstracts, reconciliation summaries and memo drafts increasingly start with a model. Samuel Ortiz on how his firm evaluates AI-prepared client evidence, what the documentation needs to show and where professional skepticism comes in.',
    hostName: AUDIT_HOST,
    guestName: 'Samuel Ortiz',
    guestTitle: 'Audit Innovation Partner, Fenwick & Dale',
    categories: ['audit', 'generative-ai'],
  },
  {
    title: 'Scoring journal entries: setting a threshold you can defend',
    description:
      'A solo episode on the hardest judgment in full-population testing. Marcus walks through a scoring model for journal entries, how to choose and document the investigation threshold, and what to do with the middle band.',
    hostName: AUDIT_HOST,
    categories: ['audit', 'fraud-detection'],
  },
];

const TAX_HOST = 'Priya Raman';

/** The Tax Brief, oldest first: short episodes, mostly solo. */
export const TAX_BRIEF_EPISODES: readonly PodcastSeed[] = [
  {
    title: 'Pillar Two safe harbours: the three tests',
    description:
      'The three transitional safe-harbour tests, the data each one needs, and why failing them once matters more than most groups realise.',
    hostName: TAX_HOST,
    categories: ['tax', 'regulatory'],
  },
  {
    title: 'The new rate reconciliation, line by line',
    description:
      'ASU 2023-09 in practice: the prescribed categories, the 5% threshold, disaggregated taxes paid, and the questions analysts are already asking.',
    hostName: TAX_HOST,
    categories: ['tax', 'regulatory'],
  },
  {
    title: 'Remote workers and state nexus',
    description:
      'One employee working from home can create payroll, income and sales tax obligations. State tax partner Colin Mayer on how states find unregistered employers and when a voluntary disclosure makes sense.',
    hostName: TAX_HOST,
    guestName: 'Colin Mayer',
    guestTitle: 'State and Local Tax Partner, Ashby Clarke',
    categories: ['tax'],
  },
  {
    title: 'R&E expensing is back: what changes in the provision',
    description:
      'Immediate expensing for domestic research costs returns. What happens to the deferred tax asset built up since 2022, the transition choices, and the memo your auditor will want to read.',
    hostName: TAX_HOST,
    categories: ['tax'],
  },
  {
    title: 'Digital services taxes: where they still apply',
    description:
      'A quick tour of the unilateral digital services taxes still in force, how user location is evidenced, and why most groups present them outside income taxes.',
    hostName: TAX_HOST,
    categories: ['tax', 'regulatory'],
  },
];

/** Every show's episodes, by show. */
export const EPISODES_BY_SHOW: Record<ShowKey, readonly PodcastSeed[]> = {
  main: PODCASTS,
  'audit-tech': AUDIT_TECH_EPISODES,
  'tax-brief': TAX_BRIEF_EPISODES,
};

export interface ForumCategorySeed {
  name: string;
  description: string;
  icon: string;
  color: string;
}

export const FORUM_CATEGORIES: readonly ForumCategorySeed[] = [
  {
    name: 'AI Implementation',
    description: 'Selecting, piloting and governing AI tools in finance and accounting teams.',
    icon: 'bot',
    color: '#8B5CF6',
  },
  {
    name: 'Regulatory Compliance',
    description: 'New standards, tax rules and reporting requirements — interpretations and implementation experience.',
    icon: 'scale',
    color: '#EF4444',
  },
  {
    name: 'Learning & Development',
    description: 'Courses, certifications, study groups and building technical and data skills.',
    icon: 'graduation-cap',
    color: '#10B981',
  },
  {
    name: 'Audit & Assurance',
    description: 'External audit, internal audit, analytics and assurance over new kinds of information.',
    icon: 'shield-check',
    color: '#3B82F6',
  },
  {
    name: 'Career & Practice Management',
    description: 'Career moves, running a practice, pricing, hiring and wellbeing.',
    icon: 'briefcase',
    color: '#F59E0B',
  },
];

export interface ReplySeed {
  text: string;
  /** Index of an earlier reply in the same discussion this one answers. */
  parent?: number;
}

export interface DiscussionSeed {
  title: string;
  content: string;
  /** Forum category name. */
  category: string;
  /** A COMMUNITY_MEMBERS index, or the role of a demo account. */
  author: number | Role;
  newsCategories?: readonly NewsCategorySlug[];
  replies: readonly (string | ReplySeed)[];
  /** Index of the reply marked as the answer (Solved). */
  answer?: number;
  pinned?: boolean;
  locked?: boolean;
  featured?: boolean;
  status?: 'published' | 'draft';
}

/** Listed newest first. */
export const DISCUSSIONS: readonly DiscussionSeed[] = [
  {
    title: 'Which close tasks did you automate first with AI — and what would you do differently?',
    content:
      "We're about to start our first AI pilot in the close and I'd like to learn from people who have been through it.\n\nOur shortlist is variance commentary, reconciliation summaries and accrual estimates. Which did you start with, how did you measure success, and what would you skip if you did it again?",
    category: 'AI Implementation',
    author: 6,
    newsCategories: ['generative-ai', 'automation'],
    pinned: true,
    featured: true,
    answer: 0,
    replies: [
      'Variance commentary, without question. Low risk, easy to measure (hours per close), and reviewers see the benefit immediately.',
      'We started with reconciliation summaries. The key was giving the tool the prior month’s summary as context so the tone stayed consistent.',
      { text: 'Did you have to involve your auditors before going live with the summaries?', parent: 1 },
      { text: 'We briefed them, but since a person still signs off every reconciliation they treated it as a preparer aid, not a control change.', parent: 2 },
      'I would skip accrual estimates for a first pilot. Too much judgment, and the documentation burden ate most of the time saved.',
      'Measure the baseline before you start. We forgot and then could not prove the savings to the CFO.',
    ],
  },
  {
    title: 'Getting IT and security sign-off for an LLM pilot in finance',
    content:
      'Our security team has put our generative AI pilot on hold until we can answer questions about data retention, model training and access controls.\n\nFor those who got through this: what documentation did you provide, and did you have to use an enterprise tenant rather than a public tool?',
    category: 'AI Implementation',
    author: 8,
    answer: 1,
    replies: [
      'Enterprise tenant was non-negotiable for us. The contract clause that customer data is not used for training was the main thing security wanted to see.',
      'We wrote a one-page data classification guide: what can go into the tool, what must be aggregated first, and what never goes in. That unblocked things.',
      'Ask security to help design the pilot rather than approve it. Once they were co-owners the timeline halved.',
      'Also check retention settings for prompts and outputs — ours defaulted to 30 days of logging, which legal wanted shortened.',
    ],
  },
  {
    title: 'Has anyone used AI for variance commentary that management actually trusts?',
    content:
      'Our pilot drafts are decent, but the CFO says they read as generic. How are you giving the model enough business context to explain the real drivers?',
    category: 'AI Implementation',
    author: 0,
    newsCategories: ['generative-ai'],
    replies: [
      'We feed it a short list of known drivers from the business partners each month. Without that it can only describe the numbers, not explain them.',
      'Including last month’s final commentary as an example made a big difference to tone and level of detail.',
      'We label drafts clearly as drafts and the analyst adds one sentence of their own insight. Management trusts the analyst, not the tool.',
    ],
  },
  {
    title: 'Vendor claims "95% accuracy" on invoice extraction — how do you validate that?',
    content:
      'We are evaluating two AP automation vendors, both claiming 95%+ extraction accuracy. What test set and metrics did you use to check claims like this before signing?',
    category: 'AI Implementation',
    author: 7,
    newsCategories: ['automation'],
    replies: [
      'Use your own invoices, at least a few hundred, including the ugly ones: handwritten, multi-page, credit notes, foreign currency.',
      'Measure by field, not by document. 95% of fields correct can still mean a third of invoices need touching.',
      'Ask how accuracy is defined. One vendor counted a blank field as "not incorrect".',
      { text: 'Ha, we had the same experience. Insist on precision and recall per field.', parent: 2 },
      'Run the pilot through your real approval workflow. Extraction accuracy mattered less than matching rates in our case.',
    ],
  },
  {
    title: 'IFRS 18 transition: how are you handling the MPM disclosures?',
    content:
      'We use several adjusted measures in investor presentations. Under IFRS 18 some will become management-defined performance measures that need reconciliation and tax effects in the notes.\n\nAre people rationalising the number of measures, or disclosing them all?',
    category: 'Regulatory Compliance',
    author: 4,
    newsCategories: ['regulatory'],
    pinned: true,
    replies: [
      'We are using it as an opportunity to cut from five adjusted measures to two. Investor relations agreed once they saw the note draft.',
      'Watch the tax effect requirement — computing it per reconciling item needs data most of us do not have today.',
      'Our auditors want the MPM inventory documented now, including measures we decided are not MPMs and why.',
      { text: 'Same here. They specifically asked about measures used only in the CEO letter.', parent: 2 },
      'Anyone mapped foreign exchange differences to the new categories yet? That is proving fiddly for us.',
    ],
  },
  {
    title: 'ASU 2023-09 rate reconciliation — jurisdiction thresholds tripped us up',
    content:
      'In our first year-end under the new income tax disclosures, two smaller jurisdictions crossed the 5% threshold late in the process. How are others monitoring this during the year?',
    category: 'Regulatory Compliance',
    author: 3,
    newsCategories: ['tax', 'regulatory'],
    replies: [
      'We added a threshold check to the quarterly provision workbook. It flags any jurisdiction within two points of the threshold.',
      'Dry run at Q3 with year-to-date numbers. Saved us a lot of late-night formatting.',
      'Also brief investor relations — the more granular reconciliation raised questions from analysts on our earnings call.',
    ],
  },
  {
    title: 'Are your auditors asking for documentation of AI-assisted controls?',
    content:
      'This year our external auditors asked which controls involve AI tools and how the reviewer evaluates the output. Is this becoming standard? What are you providing?',
    category: 'Regulatory Compliance',
    author: 'editor',
    newsCategories: ['audit', 'generative-ai'],
    featured: true,
    replies: [
      'Yes, and they asked for the model version and input data as well. We now keep a simple log per run.',
      'Our auditors focus on management review controls. They want to know what threshold the reviewer uses and what independent information they compare against.',
      'We had to update our control narratives to mention the tools explicitly. Took a day, worth it.',
      'Internal audit got ahead of this for us by running an AI inventory first. Made the external audit conversation much easier.',
    ],
  },
  {
    title: 'Sustainability reporting scope changes — is anyone pausing their double materiality work?',
    content:
      'With the recent simplification proposals, our group may fall out of scope for several years. Leadership wants to pause. Is anyone continuing anyway, and why?',
    category: 'Regulatory Compliance',
    author: 10,
    replies: [
      'We paused the narrative work but kept the emissions data project going. Customers still ask for the numbers.',
      'Our lenders price a sustainability-linked loan on two of the metrics, so pausing was never an option for those.',
    ],
  },
  {
    title: 'Best way to learn Python for audit analytics in 2026?',
    content:
      'I am a second-year auditor comfortable with Excel and a bit of SQL. What is the most practical path to using Python for journal entry testing and data cleaning?',
    category: 'Learning & Development',
    author: 11,
    newsCategories: ['audit'],
    replies: [
      'Start with pandas on your own data — a general ledger extract is perfect. Courses only help once you have a real problem.',
      'Learn to read a data dictionary and reconcile your extract to the trial balance first. That is 80% of audit analytics.',
      { text: 'This. Completeness checks before any clever analysis.', parent: 1 },
      'Jupyter notebooks are great for learning, but your firm will probably want scripts that can be re-performed. Learn both.',
      'Our resources section has a journal entry testing webinar that uses pandas. Good starting point.',
      'AI assistants are surprisingly good at explaining pandas errors. Just do not paste client data into a public tool.',
    ],
  },
  {
    title: 'Study group: Certificate in Audit Data Analytics — next cohort',
    content:
      'A few of us are starting the audit data analytics certificate next month. We plan to meet online every other Thursday evening to work through the exercises. Anyone want to join?',
    category: 'Learning & Development',
    author: 5,
    replies: ['Count me in. I will be doing it alongside busy-season prep, so accountability will help.'],
  },
  {
    title: 'Recommended reading on AI ethics for accountants',
    content:
      'Looking for books, papers or courses on AI ethics that are actually relevant to accounting and audit rather than general technology ethics. What has been useful for you?',
    category: 'Learning & Development',
    author: 9,
    newsCategories: ['generative-ai'],
    replies: [
      'The responsible AI field guide in the resources section is short and practical.',
      'Professional ethics codes have started addressing technology explicitly. Worth rereading with AI in mind.',
      'I found case studies on algorithmic bias in credit scoring the most useful — they translate directly to estimates and models.',
    ],
  },
  {
    title: 'Collecting example SQL queries for journal entry testing',
    content:
      'Draft: I would like to assemble a community list of SQL patterns for common journal entry tests — weekend postings, unusual users, round amounts, post-close entries. Please add yours once this is published.',
    category: 'Learning & Development',
    author: 5,
    status: 'draft',
    replies: [],
  },
  {
    title: 'Full-population journal entry testing — how do you handle the false positives?',
    content:
      'We ran our rules over the whole general ledger and got 4,000 flagged entries. Clearly we cannot investigate them all. How do you set and document a threshold?',
    category: 'Audit & Assurance',
    author: 1,
    newsCategories: ['audit', 'automation'],
    replies: [
      'Score each entry by the number and weight of rules it hits, then investigate above a threshold linked to your risk assessment.',
      'Tune the rules with management first. Many false positives came from recurring automated entries we could exclude with a documented rationale.',
      'Document why the threshold addresses the risk, not just what it is. Our reviewers push on that every year.',
      'We review a small random sample below the threshold as a sense check. It has never found anything, but it makes the documentation stronger.',
      'Stratify by process. Manual entries to revenue deserve a lower threshold than automated accruals.',
    ],
  },
  {
    title: 'Community guidelines: sharing client and employer examples',
    content:
      'Welcome to the Audit & Assurance forum. Real examples make discussions useful, but please anonymise them: no client or employer names, no figures that could identify an entity, and nothing covered by confidentiality obligations.\n\nPosts that do not follow these guidelines will be edited or removed. This thread is locked; questions about the guidelines can go to the editors.',
    category: 'Audit & Assurance',
    author: 'admin',
    pinned: true,
    locked: true,
    replies: [],
  },
  {
    title: 'Auditing management’s use of generative AI in estimates',
    content:
      'One of our clients used a generative AI tool to draft the inventory obsolescence assessment. How are other audit teams approaching this? Is it a change to the control, the estimate, or both?',
    category: 'Audit & Assurance',
    author: 1,
    newsCategories: ['audit', 'generative-ai'],
    replies: [
      'Both, in our view. We looked at the data fed into the tool and at what the reviewer actually checked.',
      'Ask for the prompts and outputs. If the client cannot produce them, that tells you something about the control.',
      'We treated the AI draft like work prepared by a junior: the question is whether the review is precise enough.',
      'Useful to check whether the model version changed during the year. One client switched mid-year without noticing.',
    ],
  },
  {
    title: 'Inventory observation with drones — has anyone relied on it?',
    content:
      'A client is piloting drone counts in their high-bay warehouse. Has anyone designed observation procedures around this?',
    category: 'Audit & Assurance',
    author: 'editor',
    newsCategories: ['audit'],
    replies: [
      'We attended the pilot and performed test counts on a sample of locations with the client’s team. Worked better than expected.',
      'Get comfortable with how the software reconciles to the perpetual records — that is where the risk is.',
    ],
  },
  {
    title: 'Moving from Big Four audit to industry: what surprised you?',
    content:
      'I am a manager considering a move into a controller role. For those who made the jump, what surprised you most — good and bad?',
    category: 'Career & Practice Management',
    author: 1,
    replies: [
      'How much of the job is influencing people who do not report to you. Audit teaches you to ask; industry needs you to persuade.',
      'The close is relentless. There is no "engagement finished" moment.',
      'Pleasantly surprised by how much my audit skills were valued — especially documentation and controls thinking.',
      { text: 'Agreed. I became the go-to person for anything SOX-related within a month.', parent: 2 },
      'Systems. In audit you see the output; in industry you own the configuration. Learn your ERP early.',
      'Better work-life balance outside year-end, but the year-end itself can be just as intense.',
    ],
  },
  {
    title: 'Pricing advisory work for AI implementation — fixed fee or time and materials?',
    content:
      'Small-practice question: clients are asking for help choosing and setting up AI bookkeeping tools. How are you pricing this kind of work?',
    category: 'Career & Practice Management',
    author: 8,
    replies: [
      'Fixed fee for a defined scope (selection and setup), then a monthly subscription for ongoing review. Clients like the certainty.',
      'Time and materials for the first couple of clients until you know how long it actually takes.',
      'Include a data clean-up phase as a separate line. It is always bigger than the client thinks.',
    ],
  },
  {
    title: 'How are small firms handling busy-season burnout?',
    content:
      'We are a six-person firm and last busy season nearly broke us. What practical changes have helped your team?',
    category: 'Career & Practice Management',
    author: 'editor',
    replies: [
      'We moved some clients to off-cycle year-ends where possible. Flattened the peak noticeably.',
      'Hard cut-off for client documents. If it comes in late, it goes on extension. Clients adapted faster than we expected.',
      'Automating bank feeds and document collection freed up about a week per person.',
      'Protect one full day off per week even in peak season. Productivity did not drop.',
    ],
  },
  {
    title: 'Is the CPA still worth it with AI changing entry-level work?',
    content:
      'I am weighing up whether to sit the CPA exams. If AI takes over a lot of entry-level work, is the qualification still the best investment of my time?',
    category: 'Career & Practice Management',
    author: 'subscriber',
    newsCategories: ['generative-ai'],
    replies: [
      'Yes. The judgment and accountability the license represents become more valuable when the routine work is automated.',
      'Pair it with data skills. The combination is rare and employers notice.',
      'Every AI output in accounting still needs someone qualified to sign off. That someone could be you.',
      'The entry-level work is changing, not disappearing. Reviewing and challenging AI output is the new entry-level skill.',
      { text: 'Well put. Our new associates review far more than they prepare.', parent: 3 },
    ],
  },
];

export type ResourceType = 'ebook' | 'webinar' | 'case-study' | 'certification';
export type ResourceCategory = 'taxation' | 'financial-reporting' | 'audit-automation' | 'ethical-ai';

export interface ResourceSeed {
  title: string;
  description: string;
  type: ResourceType;
  category: ResourceCategory;
  slug: string;
  duration: string;
  difficulty: 'beginner' | 'intermediate' | 'advanced';
  rating: number;
  ratingCount: number;
  downloadCount: number;
  isFree: boolean;
}

export const RESOURCES: readonly ResourceSeed[] = [
  {
    title: "The Practitioner's Guide to IFRS 18",
    description:
      'A chapter-by-chapter guide to the new presentation standard: classification of income and expenses, the new subtotals, aggregation and disaggregation, and management-defined performance measures, with worked examples.',
    type: 'ebook',
    category: 'financial-reporting',
    slug: 'practitioners-guide-ifrs-18',
    duration: '140 pages',
    difficulty: 'intermediate',
    rating: 5,
    ratingCount: 86,
    downloadCount: 2140,
    isFree: true,
  },
  {
    title: 'Pillar Two Readiness Workbook',
    description:
      'Templates and checklists for GloBE data collection, safe harbour testing and top-up tax calculations, designed for group tax teams preparing their first information returns.',
    type: 'ebook',
    category: 'taxation',
    slug: 'pillar-two-readiness-workbook',
    duration: '96 pages',
    difficulty: 'advanced',
    rating: 4,
    ratingCount: 41,
    downloadCount: 780,
    isFree: false,
  },
  {
    title: 'Responsible AI in Finance: A Field Guide',
    description:
      'A short, practical guide to fairness, transparency, accountability and data protection when using AI in accounting and finance, with a ready-to-use AI inventory template.',
    type: 'ebook',
    category: 'ethical-ai',
    slug: 'responsible-ai-finance-field-guide',
    duration: '64 pages',
    difficulty: 'beginner',
    rating: 4,
    ratingCount: 57,
    downloadCount: 1320,
    isFree: true,
  },
  {
    title: 'Journal Entry Testing with Python',
    description:
      'A hands-on webinar building a full-population journal entry test in pandas: completeness checks, rule design, risk scoring and documenting the results for the audit file.',
    type: 'webinar',
    category: 'audit-automation',
    slug: 'journal-entry-testing-python',
    duration: '90 min',
    difficulty: 'intermediate',
    rating: 5,
    ratingCount: 112,
    downloadCount: 1875,
    isFree: true,
  },
  {
    title: 'Year-End Tax Provision Update',
    description:
      'What changed this year for income tax provisions: new disclosure requirements, R&E expensing transition elections, valuation allowance considerations and common audit findings.',
    type: 'webinar',
    category: 'taxation',
    slug: 'year-end-tax-provision-update',
    duration: '75 min',
    difficulty: 'intermediate',
    rating: 4,
    ratingCount: 38,
    downloadCount: 640,
    isFree: true,
  },
  {
    title: 'Explainable AI for Auditors',
    description:
      'How to evaluate machine-learning models used by audited entities: explainability techniques, testing model inputs and outputs, and what evidence to obtain over model changes.',
    type: 'webinar',
    category: 'ethical-ai',
    slug: 'explainable-ai-for-auditors',
    duration: '60 min',
    difficulty: 'advanced',
    rating: 3,
    ratingCount: 19,
    downloadCount: 410,
    isFree: false,
  },
  {
    title: 'Automating intercompany eliminations at a 40-entity group',
    description:
      'How an industrial group moved to a shared intercompany billing tool and daily matching, cutting quarter-end differences by more than 80% and shortening the consolidation timetable by two days.',
    type: 'case-study',
    category: 'financial-reporting',
    slug: 'case-study-intercompany-eliminations',
    duration: '25 min read',
    difficulty: 'intermediate',
    rating: 4,
    ratingCount: 23,
    downloadCount: 530,
    isFree: true,
  },
  {
    title: 'Continuous auditing detects a duplicate-vendor scheme',
    description:
      'The analytics, alert workflow and investigation behind the discovery of a $2.3M duplicate-vendor fraud, with the rules used and lessons for implementing continuous monitoring.',
    type: 'case-study',
    category: 'audit-automation',
    slug: 'case-study-continuous-auditing-duplicate-vendor',
    duration: '20 min read',
    difficulty: 'beginner',
    rating: 5,
    ratingCount: 64,
    downloadCount: 1210,
    isFree: true,
  },
  {
    title: 'Bias review of an AI credit-scoring model',
    description:
      'A lender’s finance and risk teams review a credit-scoring model for bias: metrics chosen, data issues found, remediation and the governance process that followed.',
    type: 'case-study',
    category: 'ethical-ai',
    slug: 'case-study-credit-model-bias-review',
    duration: '30 min read',
    difficulty: 'advanced',
    rating: 0,
    ratingCount: 0,
    downloadCount: 95,
    isFree: false,
  },
  {
    title: 'Certificate in Audit Data Analytics',
    description:
      'A six-week programme covering data extraction, validation, SQL and Python for audit, visualisation and documenting analytics as audit evidence. Includes a capstone project on a realistic general ledger.',
    type: 'certification',
    category: 'audit-automation',
    slug: 'certificate-audit-data-analytics',
    duration: '6 weeks',
    difficulty: 'advanced',
    rating: 5,
    ratingCount: 48,
    downloadCount: 360,
    isFree: false,
  },
  {
    title: 'AI Governance for Finance Professionals',
    description:
      'A four-week certification on AI inventories, risk classification, model governance, vendor due diligence and regulatory requirements for AI used in finance.',
    type: 'certification',
    category: 'ethical-ai',
    slug: 'certification-ai-governance-finance',
    duration: '4 weeks',
    difficulty: 'intermediate',
    rating: 4,
    ratingCount: 31,
    downloadCount: 290,
    isFree: false,
  },
  {
    title: 'International Tax Fundamentals Certificate',
    description:
      'An eight-week introduction to international corporate tax: residence and permanent establishment, transfer pricing, controlled foreign company rules and the global minimum tax.',
    type: 'certification',
    category: 'taxation',
    slug: 'certificate-international-tax-fundamentals',
    duration: '8 weeks',
    difficulty: 'beginner',
    rating: 4,
    ratingCount: 27,
    downloadCount: 220,
    isFree: true,
  },
];

export interface PollSeed {
  question: string;
  options: readonly { id: string; text: string; votes: number }[];
  isActive: boolean;
  /** Days from now; negative = already expired; undefined = no expiry. */
  expiresInDays?: number;
}

export const POLLS: readonly PollSeed[] = [
  {
    question: 'Where is your team using AI in the close today?',
    options: [
      { id: 'reconciliations', text: 'Account reconciliations', votes: 64 },
      { id: 'commentary', text: 'Variance and flux commentary', votes: 91 },
      { id: 'journal-review', text: 'Journal entry review', votes: 37 },
      { id: 'not-yet', text: 'Not using AI in the close yet', votes: 118 },
    ],
    isActive: true,
    expiresInDays: 21,
  },
  {
    question: 'When will your organisation have IFRS 18 comparatives ready?',
    options: [
      { id: 'done', text: 'Already prepared', votes: 12 },
      { id: 'h1', text: 'In the first half of next year', votes: 45 },
      { id: 'h2', text: 'In the second half of next year', votes: 33 },
      { id: 'na', text: 'Not applicable — we report under US GAAP', votes: 58 },
    ],
    isActive: false,
    expiresInDays: -5,
  },
];

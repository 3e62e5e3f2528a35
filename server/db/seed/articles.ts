/**
 * Sample news articles and comment texts for the development / demo seed.
 * Plain data only: ids, authors, dates and counters are assigned in ./index.ts.
 */

export type NewsCategorySlug = 'automation' | 'fraud-detection' | 'regulatory' | 'generative-ai' | 'audit' | 'tax';

export interface ArticleSeed {
  title: string;
  excerpt: string;
  /** Joined with a blank line ("\n\n") into the article content. */
  paragraphs: readonly string[];
  /** 1–2 news category slugs; the first is the primary one. */
  categories: readonly [NewsCategorySlug] | readonly [NewsCategorySlug, NewsCategorySlug];
  source?: { name: string; url: string };
  status?: 'published' | 'draft';
  archived?: boolean;
  featured?: boolean;
}

/** Newest first: index 0 is published most recently. */
export const ARTICLES: readonly ArticleSeed[] = [
  {
    title: "IFRS 18 reshapes the income statement: what preparers must change by 2027",
    excerpt:
      "New mandatory subtotals, defined operating, investing and financing categories, and audited management-defined performance measures mean the 2027 income statement will look different. Here is the preparer's to-do list.",
    paragraphs: [
      "IFRS 18 Presentation and Disclosure in Financial Statements replaces IAS 1 for annual periods beginning on or after 1 January 2027, and it is the most significant change to the face of the income statement in two decades. Every income and expense item must be classified into one of five categories — operating, investing, financing, income taxes and discontinued operations — and two new subtotals, 'operating profit' and 'profit before financing and income taxes', become mandatory.",
      "The classification rules are not a relabelling exercise. Entities whose main business activity is investing or providing finance to customers classify some items differently from a typical corporate, and foreign exchange differences follow the category of the item that gave rise to them. Preparers who have been using 'other operating income' as a catch-all will find that the standard pushes hard against unexplained residual lines.",
      "The part catching many teams off guard is management-defined performance measures (MPMs). If a measure such as 'adjusted EBITDA' is used in public communications outside the financial statements and reflects management's view of performance, it must be disclosed in a single note, reconciled to the closest IFRS subtotal, with the tax and non-controlling-interest effect of each reconciling item. That note sits inside the audited financial statements.",
      "Because comparatives must be restated, the practical deadline is the start of the 2026 comparative period. Teams that have not yet mapped their chart of accounts to the new categories, inventoried their non-GAAP measures and agreed an approach with their auditors should treat the next two quarters as the window to do so.",
    ],
    categories: ['regulatory'],
    source: { name: "Standards Watch", url: "https://example.com/standards-watch/ifrs-18-income-statement-2027" },
    featured: true,
  },
  {
    title: "How continuous auditing caught a $2.3M duplicate-vendor scheme",
    excerpt:
      "A rule flagging vendors that share bank accounts with employees surfaced a two-year scheme at a regional distributor. The internal audit team explains how the analytics worked — and what they missed at first.",
    paragraphs: [
      "The alert that unravelled the scheme looked routine: two active vendor records sharing a bank account, one of which had been created by an accounts payable clerk and approved by the same clerk's supervisor on the same afternoon. The regional distributor's internal audit team had switched on continuous monitoring of the vendor master only four months earlier.",
      "Over the following three weeks the team traced 214 invoices, totalling just over $2.3 million, paid to a shell supplier of 'maintenance consumables'. Invoice amounts were deliberately kept under the $15,000 threshold that triggered a second approval, and the descriptions mirrored those of a legitimate supplier with a near-identical name. Classic sampling had twice selected invoices from the legitimate vendor and found nothing unusual.",
      "The analytics that mattered were simple: fuzzy matching of vendor names and addresses against each other and against the employee master, bank-account overlap checks, and a split-purchase test looking for clusters of invoices just below approval limits. The more sophisticated anomaly-detection model the team had also deployed ranked the shell vendor only 41st out of several thousand.",
      "The chief audit executive's takeaway is that continuous auditing is mainly a discipline, not a technology purchase. Alerts were reviewed weekly by a named owner, every closed alert required a documented rationale, and segregation-of-duties exceptions were escalated to the controller rather than resolved inside accounts payable.",
    ],
    categories: ['fraud-detection', 'audit'],
    source: { name: "Internal Audit Review", url: "https://example.com/internal-audit-review/continuous-auditing-duplicate-vendor" },
    featured: true,
  },
  {
    title: "Generative AI in the close: three controllers on what actually saved time",
    excerpt:
      "Flux commentary drafts, reconciliation summaries and policy look-ups delivered real hours back. Automated journal entries did not — yet. Three controllers share their numbers.",
    paragraphs: [
      "After a year of pilots, three controllers — at a software company, a hospital group and a consumer-goods manufacturer — compared notes on where generative AI has made a measurable difference to their month-end close. The common thread: the wins came from drafting and summarising, not from posting.",
      "The clearest saving was in flux and variance commentary. Feeding the model the trial-balance movements, the prior month's commentary and a short list of known drivers produced first drafts that analysts edited rather than wrote from scratch. The hospital group estimates it cut commentary time from roughly 30 hours to 11 hours per close, with reviewers reporting fewer rather than more rework cycles.",
      "Reconciliation summaries and accounting-policy look-ups came next. The manufacturer built a retrieval tool over its own policy manual and past technical memos, which junior staff now query before escalating questions. All three controllers stressed that the tools cite the source paragraph, so reviewers can check the answer rather than trust it.",
      "What did not work was letting a model propose journal entries directly. Accuracy was acceptable on recurring accruals but poor on anything requiring judgment, and the control documentation required to let an AI-prepared entry through review ended up costing more time than it saved. For now, all three keep a human as preparer of record.",
    ],
    categories: ['generative-ai', 'automation'],
    source: { name: "Controller's Desk", url: "https://example.com/controllers-desk/genai-close-three-controllers" },
    featured: true,
  },
  {
    title: "Pillar Two top-up tax: early filers report data gaps in constituent-entity reporting",
    excerpt:
      "The first GloBE Information Returns are exposing how much jurisdiction-level data still lives in spreadsheets outside the consolidation system.",
    paragraphs: [
      "Multinational groups preparing their first GloBE Information Returns under the OECD's Pillar Two rules say the calculation itself is rarely the problem. The difficulty is sourcing more than 150 data points per jurisdiction — deferred tax detail, covered taxes, payroll and tangible-asset carve-outs — at constituent-entity level and reconciling them to the consolidated accounts.",
      "Tax directors describe a familiar pattern: statutory ledgers that do not map cleanly to group reporting packs, deferred tax computed only at a consolidated level, and local adjustments booked after the group close. Several groups have added Pillar Two fields to their monthly reporting packages so the data is captured once, at source, rather than reconstructed at year-end.",
      "The transitional country-by-country reporting safe harbour has helped, but advisers warn it is a temporary reprieve. Groups relying on it should still test whether their CbCR data is drawn from 'qualified financial statements', as the safe harbour requires, and document the reconciliation.",
    ],
    categories: ['tax', 'regulatory'],
    source: { name: "Tax Policy Monitor", url: "https://example.com/tax-policy-monitor/pillar-two-early-filers-data-gaps" },
  },
  {
    title: "Touchless invoice processing reaches 80% at mid-market manufacturers, survey finds",
    excerpt:
      "A survey of 400 accounts payable leaders finds touchless rates have doubled in three years, driven by supplier e-invoicing and better PO matching rather than smarter OCR.",
    paragraphs: [
      "Mid-market manufacturers now process a median 80% of supplier invoices without any human touch, up from 41% three years ago, according to a survey of 400 accounts payable leaders in North America and Europe. Cost per invoice fell from $9.40 to $3.10 over the same period for the top quartile.",
      "The survey attributes most of the gain to two unglamorous factors: suppliers moving to structured e-invoices, which removes extraction errors entirely, and cleaner purchase-order and goods-receipt data, which lets three-way matching succeed on the first attempt. Improvements in optical character recognition accounted for a much smaller share of the change.",
      "The remaining 20% is stubborn. Non-PO invoices, freight and utilities with variable charges, and price variances against outdated contracts make up the bulk of exceptions. Respondents who had redeployed AP staff to supplier master-data quality reported the fastest continued improvement.",
    ],
    categories: ['automation'],
    source: { name: "Finance Ops Digest", url: "https://example.com/finance-ops-digest/touchless-invoice-survey" },
  },
  {
    title: "Auditors sharpen scrutiny of management review controls over AI-generated estimates",
    excerpt:
      "When a model produces the first draft of an expected credit loss or an inventory reserve, what exactly is the reviewer checking? Audit teams are asking for evidence of precision.",
    paragraphs: [
      "Audit teams are increasingly challenging management review controls that sit over estimates prepared with machine-learning or generative AI tools. The concern is not that the tools are used, but that the review is described in language — 'reviewed for reasonableness' — that gives no indication of what the reviewer would have caught.",
      "Engagement partners describe asking three questions: what thresholds trigger follow-up, what information the reviewer uses that is independent of the model's inputs, and how the reviewer knows the model was run on complete and accurate data. Where those answers are missing, auditors are falling back on substantive testing, which is slower and more expensive for everyone.",
      "Controllers who have come through this well kept a simple log: model version, input data extract, parameters changed, the reviewer's expectation and the investigation of differences. That log doubles as the evidence for the control's precision.",
    ],
    categories: ['audit', 'generative-ai'],
    source: { name: "Audit Quarterly", url: "https://example.com/audit-quarterly/review-controls-ai-estimates" },
  },
  {
    title: "Benford's Law still matters: a refresher for expense-report analytics",
    excerpt:
      "First-digit tests are old, cheap and still useful for spotting fabricated expense claims — provided you know where they break down.",
    paragraphs: [
      "Benford's Law predicts that in many naturally occurring data sets, the leading digit 1 appears about 30% of the time and 9 less than 5% of the time. Fabricated numbers rarely follow that pattern, which is why first-digit and first-two-digit tests remain a staple of expense and payments analytics.",
      "The test is only meaningful on the right population. Expense claims capped by policy — a $75 meal limit, for example — will produce spikes that reflect the policy rather than fraud, and small populations of a few hundred items give too little statistical power. Practitioners recommend running the test by employee and by expense type, then looking at the claims behind the largest deviations.",
      "Used as a prioritisation tool rather than proof, Benford analysis is quick to implement in a spreadsheet or a few lines of Python, and it pairs well with duplicate detection and round-number tests.",
    ],
    categories: ['fraud-detection'],
    source: { name: "Forensic Accounting Notes", url: "https://example.com/forensic-notes/benford-expense-analytics" },
  },
  {
    title: "Income tax disclosure rules: lessons from the first year-end under ASU 2023-09",
    excerpt:
      "The expanded rate reconciliation and disaggregated taxes-paid disclosures took longer than expected. Tax teams share what they would do earlier next time.",
    paragraphs: [
      "Public companies that have now completed a year-end under ASU 2023-09 say the new rate reconciliation categories and the disaggregation of income taxes paid by jurisdiction were more of a data exercise than a technical one. The 5% threshold for separately disclosing jurisdictions caught several groups by surprise late in the process.",
      "The most common recommendation is to run a dry-run disclosure at the third quarter using year-to-date data. That surfaced mapping gaps between the provision software and the cash tax ledger, and gave time to agree presentation with auditors before the year-end crunch.",
      "Tax teams also found that investor-relations colleagues needed to be briefed: the more granular reconciliation can make an unchanged effective tax rate look more volatile, and analysts have started asking about individual reconciling items.",
    ],
    categories: ['tax', 'regulatory'],
    source: { name: "Tax Policy Monitor", url: "https://example.com/tax-policy-monitor/asu-2023-09-first-year-end" },
  },
  {
    title: "Building a prompt library for the finance team without leaking sensitive data",
    excerpt:
      "Shared prompts help teams get consistent results from AI assistants. Here is how one FP&A group organised theirs while keeping customer and payroll data out of the tools.",
    paragraphs: [
      "An FP&A team at a 3,000-employee services firm spent six weeks building a shared library of prompts for budgeting commentary, board-pack summaries and scenario narratives. The goal was consistency: analysts using the company's approved AI assistant were getting very different quality depending on how they phrased their requests.",
      "Each prompt in the library has an owner, a purpose, an example input and output, and a data classification. Prompts tagged 'restricted' can only be used with aggregated data — no customer names, no individual salaries — and the library explains how to produce that aggregation first.",
      "The team reviews the library quarterly and retires prompts that produce inconsistent results. The head of FP&A says the unexpected benefit was training: new hires learn the team's analytical conventions by reading the prompts.",
    ],
    categories: ['generative-ai'],
    source: { name: "Controller's Desk", url: "https://example.com/controllers-desk/finance-prompt-library" },
  },
  {
    title: "Bank reconciliation bots: where robotic process automation still beats AI",
    excerpt:
      "For high-volume, rules-based matching, a well-designed RPA bot remains cheaper, faster and easier to audit than a machine-learning model.",
    paragraphs: [
      "The enthusiasm for AI has led some finance teams to replace working RPA bank-reconciliation bots with machine-learning matchers. Several treasury leaders say that was a mistake for the bulk of their transactions.",
      "Deterministic rules — exact amount and reference, amount within a tolerance and a date window, one-to-many matching on remittance advice — clear the vast majority of bank lines in most organisations, and every match can be explained to an auditor in one sentence. Machine-learning matchers add value on the residual: messy references, partial payments and bundled receipts.",
      "The recommended design is layered: rules first, a model proposing matches for the residual with a confidence score, and a human confirming anything below a threshold. That keeps the audit trail simple where volume is highest.",
    ],
    categories: ['automation'],
    source: { name: "Treasury Today Digest", url: "https://example.com/treasury-digest/rpa-vs-ai-bank-reconciliation" },
  },
  {
    title: "Ghost employees resurface as payroll moves to distributed teams",
    excerpt:
      "Remote onboarding and multi-country payroll providers have reopened an old fraud risk. Simple data tests can close it again.",
    paragraphs: [
      "Forensic accountants report a rise in ghost-employee schemes at companies that expanded remote hiring and now run payroll through several providers in different countries. Without a physical badge or a single HR system of record, a fictitious employee can survive for months.",
      "The tests are familiar: employees with no system log-ins, no expense claims and no leave taken; bank accounts shared between employees; and pay changes approved by the person who requested them. What has changed is that the data is spread across an HR platform, an employer-of-record provider and local payroll bureaux, so the tests must be run on a combined data set.",
      "Companies that reconcile headcount from HR to each payroll provider monthly, and that require a manager other than the hiring manager to confirm new starters in their first pay cycle, have largely closed the gap.",
    ],
    categories: ['fraud-detection'],
    source: { name: "Forensic Accounting Notes", url: "https://example.com/forensic-notes/ghost-employees-remote-payroll" },
  },
  {
    title: "Disaggregating expenses under ASU 2024-03: a practical data-mapping approach",
    excerpt:
      "The FASB's expense disaggregation standard requires natural-expense detail behind functional captions. Starting with the chart of accounts saves months later.",
    paragraphs: [
      "ASU 2024-03 requires public business entities to disclose, in the notes, the amounts of purchases of inventory, employee compensation, depreciation, intangible asset amortisation and certain other natural expenses included within each relevant income statement caption. For companies that present expenses by function, that means linking two views of the same costs that many systems have never connected.",
      "The most efficient approach reported by early adopters is to tag each general-ledger account with a natural-expense attribute and each cost centre with a functional attribute, then build the disclosure as a simple matrix. The hard cases are costs capitalised into inventory and later released through cost of sales, which need tracking through the inventory roll-forward.",
      "Although the standard is effective for annual periods beginning after 15 December 2026, the comparative periods mean the data needs to exist much earlier. Teams are being advised to run the matrix on current-year data now and reconcile it to the income statement.",
    ],
    categories: ['regulatory'],
    source: { name: "Standards Watch", url: "https://example.com/standards-watch/asu-2024-03-expense-disaggregation" },
  },
  {
    title: "Sampling versus full-population testing: what changes when analytics cover 100% of journal entries",
    excerpt:
      "Testing every journal entry sounds like more assurance. In practice it changes the work from selecting items to investigating exceptions — and demands a clear threshold for what counts as one.",
    paragraphs: [
      "Audit firms and internal audit functions are increasingly running journal-entry tests over the entire population rather than a sample. The software handles millions of lines easily; the challenge is deciding what to do with the thousands of entries that trip at least one rule.",
      "Experienced practitioners recommend designing rules around specific risks identified in planning — entries posted after the close, by unusual users, to rarely used accounts, or with round amounts to revenue — and scoring entries by the number and severity of rules they trigger. Investigating every flagged entry is neither feasible nor necessary; the audit documentation should explain the threshold and why it addresses the risk.",
      "Full-population testing also shifts the conversation with management. Exceptions that turn out to be legitimate often reveal process weaknesses, such as manual entries that should be automated, which gives the audit a practical value beyond the opinion.",
    ],
    categories: ['audit', 'automation'],
    source: { name: "Audit Quarterly", url: "https://example.com/audit-quarterly/full-population-journal-entry-testing" },
  },
  {
    title: "Large language models misread lease contracts less often — but the errors are harder to spot",
    excerpt:
      "A benchmark of contract-extraction tools found accuracy on key lease terms above 95%. The remaining errors were plausible-looking and concentrated in renewal and termination options.",
    paragraphs: [
      "A benchmark run by a group of lease-accounting practitioners tested four contract-extraction tools on 600 real estate and equipment leases. On commencement dates, payment amounts and escalation clauses, the best tools exceeded 95% accuracy — a significant improvement over template-based extraction.",
      "The worrying finding was the nature of the remaining errors. Where older tools left fields blank, the language models returned confident, well-formatted answers that were wrong, most often on renewal options that depend on conditions elsewhere in the contract and on termination penalties described in side letters.",
      "The practitioners recommend treating extracted data as a draft, with targeted human review of the fields that drive lease term and remeasurement, and a requirement that the tool cite the clause it relied on.",
    ],
    categories: ['generative-ai', 'audit'],
    source: { name: "AI in Finance Report", url: "https://example.com/ai-finance-report/llm-lease-extraction-benchmark" },
  },
  {
    title: "Sales tax nexus after the remote-work boom: states tighten enforcement",
    excerpt:
      "Employees working from home in new states can create payroll and income tax nexus. Several states are now using data matching to find unregistered employers.",
    paragraphs: [
      "State revenue departments are increasingly matching payroll withholding data and marketplace filings to identify companies that have employees, inventory or sales in the state but have not registered for sales or income tax. Remote employees are a frequent trigger.",
      "Tax advisers recommend a quarterly review of where employees actually work, not just where their office is recorded, combined with an economic-nexus review of sales by state. Voluntary disclosure agreements remain the cheapest route for companies that discover exposure, typically limiting look-back periods and waiving penalties.",
      "For finance teams, the lesson is that HR data has become tax data. A simple feed of work locations to the tax function closes most of the gap.",
    ],
    categories: ['tax'],
    source: { name: "Tax Policy Monitor", url: "https://example.com/tax-policy-monitor/remote-work-nexus-enforcement" },
  },
  {
    title: "Vendor bank-detail changes remain the top business email compromise vector",
    excerpt:
      "Fraudsters impersonating suppliers to redirect payments still account for the largest losses. A call-back control on a number already on file stops most of them.",
    paragraphs: [
      "Requests to change a supplier's bank details remain the most costly form of business email compromise reported by finance teams, with attackers now using compromised supplier mailboxes and AI-generated writing that matches the supplier's usual tone.",
      "The control that works is old-fashioned: any change to bank details is confirmed by phone using a number already held on file — never a number in the request — and the first payment to new details is held or limited until the supplier confirms receipt. Companies that automated vendor onboarding sometimes removed this step by accident.",
      "Finance leaders should also monitor for clusters of bank-detail changes and for payments to accounts in jurisdictions that differ from the supplier's registered address.",
    ],
    categories: ['fraud-detection'],
    source: { name: "Finance Ops Digest", url: "https://example.com/finance-ops-digest/vendor-bank-change-bec" },
  },
  {
    title: "The EU AI Act and finance: which accounting use cases count as high-risk?",
    excerpt:
      "Most finance-function AI falls outside the Act's high-risk list, but credit scoring of individuals and some HR uses do not. Here is how to triage your inventory.",
    paragraphs: [
      "The EU Artificial Intelligence Act classifies AI systems by risk, with the heaviest obligations reserved for 'high-risk' uses listed in the regulation. For most accounting applications — reconciliation matching, invoice extraction, variance commentary — the Act's main effect is transparency and AI-literacy expectations rather than conformity assessments.",
      "The exceptions matter. Systems used to evaluate the creditworthiness of natural persons, and AI used in recruitment, promotion or performance evaluation, appear on the high-risk list. Finance functions that run consumer credit decisions or use AI in payroll-adjacent HR processes should expect documentation, human-oversight and data-governance obligations.",
      "A practical first step is an AI inventory: every tool in use, its purpose, the data it processes and the decisions it influences. Many companies find the inventory itself is the hardest part, because AI features arrive quietly inside existing software.",
    ],
    categories: ['regulatory', 'generative-ai'],
    source: { name: "AI in Finance Report", url: "https://example.com/ai-finance-report/eu-ai-act-finance-use-cases" },
  },
  {
    title: "Intercompany reconciliations: automating the matching that breaks every quarter-end",
    excerpt:
      "Intercompany mismatches delay group closes more than any other item. A shared transaction ledger and a daily matching routine moved one group's close forward by two days.",
    paragraphs: [
      "Group controllers routinely name intercompany differences as the single biggest cause of close delays. Each side of a transaction is booked in a different entity, often in a different system and currency, and differences surface only at consolidation.",
      "A 40-entity industrial group tackled the problem by requiring all intercompany charges to be raised through a single billing tool that posts both sides simultaneously, and by running automated matching daily rather than monthly. Remaining differences are assigned to an owner with a standard reason code.",
      "Unmatched balances at quarter-end fell by more than 80% within three quarters, and the consolidation timetable moved forward by two working days.",
    ],
    categories: ['automation'],
    source: { name: "Controller's Desk", url: "https://example.com/controllers-desk/intercompany-matching-automation" },
  },
  {
    title: "Audit committees ask harder questions about cyber-risk disclosures",
    excerpt:
      "With cybersecurity incident and risk-management disclosures now routine, audit committees want to know how management decides whether an incident is material.",
    paragraphs: [
      "Audit committee chairs say cybersecurity has moved from an IT agenda item to a disclosure and controls topic. The focus is on the process management uses to assess materiality of an incident, who is involved and how quickly.",
      "Committees are asking for tabletop exercises that include the controller and general counsel, not just the security team, and for documentation of past materiality assessments even where the conclusion was 'not material'.",
      "External auditors are paying attention too, particularly to IT general controls over financial systems and to whether incident-response procedures include an assessment of the impact on financial reporting.",
    ],
    categories: ['audit', 'regulatory'],
    source: { name: "Boardroom Finance", url: "https://example.com/boardroom-finance/audit-committee-cyber-disclosure" },
  },
  {
    title: "Transfer pricing documentation gets a machine-learning assist",
    excerpt:
      "Comparable-company searches and benchmarking updates are being accelerated with machine learning, but tax authorities still expect a human to own the judgment.",
    paragraphs: [
      "Transfer pricing teams are using machine-learning tools to screen comparable companies for benchmarking studies, classifying business descriptions that previously had to be read one by one. Advisers report the screening step taking days rather than weeks.",
      "The risk is in the rejection rationale. Tax authorities expect documented reasons for accepting or rejecting each comparable, and 'the model rejected it' will not survive an audit. Teams are keeping the model's classification as a recommendation and recording the reviewer's reason in the study.",
      "Generative AI is also being used to draft functional analyses from interview notes. Here too, the draft is a starting point; the facts must be confirmed with the business.",
    ],
    categories: ['tax', 'generative-ai'],
    source: { name: "Tax Policy Monitor", url: "https://example.com/tax-policy-monitor/transfer-pricing-machine-learning" },
  },
  {
    title: "Revenue recognition red flags: bill-and-hold arrangements under the microscope",
    excerpt:
      "Bill-and-hold sales near quarter-end are a classic earnings-management tool. The criteria are clear; the evidence auditors expect is more demanding than many sales teams assume.",
    paragraphs: [
      "Bill-and-hold arrangements — where a customer is invoiced but the seller retains physical possession of the goods — can legitimately qualify for revenue recognition, but only if the arrangement is substantive, the goods are separately identified as the customer's, ready for transfer and cannot be redirected to another customer.",
      "Forensic reviews of restatements show recurring patterns: arrangements requested by the seller rather than the customer, goods that were not yet finished, and 'segregated' inventory that was later shipped to a different customer. A spike in bill-and-hold volume in the last two weeks of a quarter is itself a red flag.",
      "Controllers should require a written customer request stating the business reason, photographs or warehouse records showing segregation, and sign-off from someone outside the sales organisation.",
    ],
    categories: ['fraud-detection', 'audit'],
    source: { name: "Forensic Accounting Notes", url: "https://example.com/forensic-notes/bill-and-hold-red-flags" },
  },
  {
    title: "Quality management standards push smaller firms to formalise monitoring",
    excerpt:
      "Risk-based quality management requires firms to identify quality risks and design responses. For smaller practices, the burden is mostly documentation — and a change of mindset.",
    paragraphs: [
      "Smaller audit practices implementing risk-based quality management standards report that the biggest change is not new procedures but writing down why existing ones address specific quality risks. A firm-wide risk assessment, owners for each component and an annual evaluation are now expected.",
      "Monitoring is where firms are investing most. Rather than relying solely on periodic file inspections, firms are adding in-process reviews of engagements in high-risk industries and tracking root causes of findings across engagements.",
      "Practitioners recommend keeping the system proportionate: a ten-partner firm does not need a global network's documentation, but it does need evidence that leadership reviews quality information and acts on it.",
    ],
    categories: ['audit'],
    source: { name: "Audit Quarterly", url: "https://example.com/audit-quarterly/quality-management-small-firms" },
  },
  {
    title: "Agentic AI in accounts payable: pilots show promise, controls lag behind",
    excerpt:
      "AI agents that can read an invoice, query a buyer and propose a coding are moving from demos to pilots. Finance leaders are still working out who approves what the agent does.",
    paragraphs: [
      "Several software vendors now offer 'agents' that take an exception invoice, look up the purchase order, email the requester for clarification and propose a resolution. Early pilots at a handful of large AP departments report faster exception handling and fewer invoices ageing past terms.",
      "The open question is control design. An agent that can send emails, update vendor records or release payments needs the same segregation of duties as a human — and its permissions must be reviewed like a user's. Pilots that gave agents broad system access were paused after internal audit reviews.",
      "The consensus emerging from the pilots is to let agents gather information and propose actions, while approvals and master-data changes stay with people, logged in a way an auditor can follow.",
    ],
    categories: ['generative-ai', 'automation'],
    source: { name: "AI in Finance Report", url: "https://example.com/ai-finance-report/agentic-ai-accounts-payable" },
  },
  {
    title: "Sustainability reporting scope narrows, but assurance readiness still matters",
    excerpt:
      "Simplification proposals have pushed back timelines and reduced the number of companies in scope. Finance teams that paused entirely may regret it when customers and lenders keep asking.",
    paragraphs: [
      "Recent simplification of European sustainability reporting requirements has reduced the number of companies in scope and delayed obligations for many others. Some finance teams have responded by pausing their sustainability reporting projects altogether.",
      "Advisers caution that the demand for data has not gone away. Large customers still request emissions data from suppliers, lenders price sustainability-linked loans on reported metrics, and assurance providers expect controls over that data comparable to financial reporting.",
      "A pragmatic middle ground is to keep building the data and control foundations — emissions calculation methodology, data owners, evidence retention — while scaling back the narrative disclosure work until obligations are clearer.",
    ],
    categories: ['regulatory'],
    source: { name: "Standards Watch", url: "https://example.com/standards-watch/sustainability-scope-assurance-readiness" },
  },
  {
    title: "Domestic R&E expensing returns: provision teams revisit deferred tax balances",
    excerpt:
      "The return of immediate expensing for domestic research and experimental expenditure changes deferred tax assets built up since 2022. Provision teams are modelling the transition options.",
    paragraphs: [
      "Companies that have been capitalising and amortising domestic research and experimental expenditure since 2022 are reassessing the deferred tax assets those rules created, now that immediate expensing has been restored for domestic costs.",
      "Provision teams are modelling the available transition elections for previously capitalised amounts and their effect on cash taxes, the effective tax rate and valuation allowance assessments. The interaction with the research credit and with state conformity adds complexity.",
      "Tax directors recommend documenting the election analysis carefully, because it will be reviewed by auditors in the period of enactment and by tax authorities later.",
    ],
    categories: ['tax'],
    source: { name: "Tax Policy Monitor", url: "https://example.com/tax-policy-monitor/domestic-re-expensing-provision" },
  },
  {
    title: "Continuous controls monitoring: building the business case for the CFO",
    excerpt:
      "CFOs want to know what continuous controls monitoring saves, not just what it finds. A framework for quantifying avoided losses, audit fee relief and reclaimed staff time.",
    paragraphs: [
      "Proposals for continuous controls monitoring often stall because they describe capability rather than value. Finance leaders who secured funding framed the case around three numbers: losses avoided, external audit effort reduced and staff hours reclaimed from manual testing.",
      "Losses avoided can be estimated from historical duplicate payments, unapproved vendor changes and segregation-of-duties conflicts found in past audits. Audit effort reduction depends on the external auditor's willingness to rely on the monitoring — a conversation to have before, not after, the purchase.",
      "The most persuasive cases started small: one process, such as procure-to-pay, with a 90-day pilot and a before-and-after comparison.",
    ],
    categories: ['automation', 'audit'],
    source: { name: "Internal Audit Review", url: "https://example.com/internal-audit-review/ccm-business-case" },
  },
  {
    title: "Synthetic identities in customer onboarding: what finance teams should watch",
    excerpt:
      "Synthetic identities combine real and fabricated data to open accounts that behave well — until they don't. Credit and collections data often show the first signs.",
    paragraphs: [
      "Synthetic identity fraud, in which criminals combine a real identifier with fabricated personal details, is increasingly affecting businesses that extend trade credit or offer buy-now-pay-later terms, not just banks.",
      "The accounts often behave perfectly for months, building credit limits before a 'bust-out' in which the limit is drawn down and the customer disappears. Finance teams can watch for clusters of new customers sharing addresses, phone numbers or devices, and for rapid credit-limit increase requests.",
      "Collections data is a useful early-warning source: first-payment defaults on newly onboarded customers should be reviewed for fraud, not only pursued as bad debt.",
    ],
    categories: ['fraud-detection'],
    source: { name: "Finance Ops Digest", url: "https://example.com/finance-ops-digest/synthetic-identity-onboarding" },
  },
  {
    title: "Explainability logs: documenting AI-assisted judgments for your auditor",
    excerpt:
      "When AI informs an accounting judgment, the documentation needs to show what the tool did and what the accountant decided. A one-page log template is emerging as good practice.",
    paragraphs: [
      "Accounting teams using AI to research technical questions, draft memos or assess estimates face a documentation question: how much of the tool's involvement should be recorded? Auditors and regulators are converging on a simple answer — enough to show that a qualified person made the judgment.",
      "An emerging practice is a short explainability log attached to the relevant workpaper: the tool and version used, the question asked, the sources the tool cited, what the accountant verified independently and where they disagreed with the output.",
      "The log takes minutes to complete and avoids the much longer conversation that happens when an auditor discovers AI involvement after the fact.",
    ],
    categories: ['generative-ai', 'audit'],
    source: { name: "AI in Finance Report", url: "https://example.com/ai-finance-report/explainability-logs-auditors" },
  },
  {
    title: "Digital services taxes: a tracker for multinational finance teams",
    excerpt:
      "Unilateral digital services taxes remain in force in a number of countries. A quarterly review of revenue by user location keeps registration obligations from slipping.",
    paragraphs: [
      "Despite international efforts to replace them, unilateral digital services taxes continue to apply in several jurisdictions, each with its own revenue thresholds, in-scope services and filing calendars.",
      "Finance teams at advertising, marketplace and platform businesses need revenue data by user location, which billing systems often do not capture directly. Proxies such as IP location or billing address must be documented and applied consistently.",
      "A simple tracker — jurisdiction, threshold, in-scope revenue year to date, registration status and next filing date — reviewed quarterly by tax and revenue accounting, is usually enough to stay compliant.",
    ],
    categories: ['tax'],
    source: { name: "Tax Policy Monitor", url: "https://example.com/tax-policy-monitor/digital-services-tax-tracker" },
  },
  {
    title: "Lease accounting clean-up: automating remeasurements after modifications",
    excerpt:
      "Lease modifications and index-linked payment changes are where lease accounting breaks. Automated triggers from the contract system reduce late and missed remeasurements.",
    paragraphs: [
      "Several years into the current lease standards, the most common lease accounting errors are not at commencement but later: modifications, rent reviews linked to an index and changes in assessment of renewal options that are not picked up on time.",
      "Companies with the fewest errors feed events from their contract or property management system directly into the lease accounting tool, so a signed amendment triggers a remeasurement task rather than waiting for a quarterly survey of property managers.",
      "A quarterly reconciliation of active contracts to active leases in the sub-ledger catches the rest.",
    ],
    categories: ['automation'],
    source: { name: "Controller's Desk", url: "https://example.com/controllers-desk/lease-remeasurement-automation" },
    archived: true,
  },
  {
    title: "Crypto asset fair-value measurement: second-year implementation issues",
    excerpt:
      "Fair-value accounting for in-scope crypto assets simplified reporting, but principal-market determination and custody disclosures still generate audit questions.",
    paragraphs: [
      "Companies holding in-scope crypto assets now measure them at fair value through net income, ending the impairment-only model that produced counterintuitive results. The second year of application has brought its own questions.",
      "Determining the principal market — and documenting access to it — remains the main judgment, particularly for companies trading on several exchanges. Auditors are also asking for more support over custody arrangements and the existence of assets held with third parties.",
      "Disclosures of cost basis, restrictions and significant holdings require data that some treasury systems do not track, prompting manual workarounds that should be brought under control.",
    ],
    categories: ['regulatory'],
    source: { name: "Standards Watch", url: "https://example.com/standards-watch/crypto-fair-value-year-two" },
    archived: true,
  },
  {
    title: "A due-diligence checklist for AI vendors in the finance function",
    excerpt:
      "Before signing an AI contract, finance leaders should ask about data use, model changes, audit evidence and exit. A twelve-question checklist.",
    paragraphs: [
      "Procurement teams are used to evaluating software vendors, but AI vendors raise additional questions: Is customer data used to train shared models? How are model updates communicated, and can the customer test them first? What logs are available to support an audit?",
      "This checklist groups twelve questions into four areas — data protection, model governance, auditability and exit — with notes on what a good answer looks like.",
      "It is intended to be completed jointly by finance, IT security and internal audit before a pilot moves into production.",
    ],
    categories: ['generative-ai'],
    status: 'draft',
  },
  {
    title: "Year-end inventory counts with drones and computer vision",
    excerpt:
      "Warehouse drones can count pallets faster than people. Whether auditors can rely on the counts depends on how the technology is controlled.",
    paragraphs: [
      "Distribution companies are trialling drones that scan pallet labels and use computer vision to estimate quantities in high-bay racking, completing counts in hours that used to take a weekend.",
      "For the year-end audit, the question is whether the auditor can observe and test the process. Early adopters invited their auditors to the pilot, agreed test counts of a sample of locations and documented the controls over the drone software and its reconciliation to the perpetual records.",
      "This draft collects practical lessons from three pilots and the questions auditors asked.",
    ],
    categories: ['audit', 'automation'],
    status: 'draft',
  },
  {
    title: "Close calendar benchmarks: how fast is a 'fast close' in 2026?",
    excerpt:
      "Benchmark data on days to close, by company size and industry, with the practices that separate the top quartile from the median.",
    paragraphs: [
      "Working draft of our annual close benchmark. Median days to close for mid-market companies remain around six working days, while the top quartile closes in three or fewer.",
      "The practices most associated with faster closes are continuous reconciliations, a standardised close checklist with owners and due dates, and a materiality threshold for post-close adjustments agreed with the CFO.",
      "Figures to be updated once the final survey responses are in.",
    ],
    categories: ['automation'],
    status: 'draft',
  },
];

/** Comment texts, grouped by the primary category of the article they are placed on. */
export const COMMENTS_BY_CATEGORY: Record<NewsCategorySlug, readonly string[]> = {
  automation: [
    "We saw the same thing: the biggest gains came from fixing vendor master data, not from the tool itself.",
    "Would love to see a follow-up on how you handled change management with the AP team. That was our hardest part.",
    "Our auditors were initially sceptical of the bot, but walking them through the rule set in a single meeting solved it.",
    "Good reminder that automation should start with the process map. We automated a broken process once and just broke it faster.",
    "Any recommendations for tools that work with a mid-size ERP? Most case studies seem to assume a tier-one system.",
    "Daily matching for intercompany is a game changer. We moved from monthly to weekly and it already halved our differences.",
  ],
  'fraud-detection': [
    "The call-back control saved us twice last year. Both times the email looked exactly like our supplier's usual messages.",
    "Interesting that the fancy anomaly model ranked it 41st. Simple rules with good follow-up beat sophistication again.",
    "We run Benford by cost centre every quarter. Most spikes are policy limits, but it did flag one problem claimant.",
    "Sharing bank accounts between vendors and employees should be a hard stop in every ERP. Surprised it isn't by default.",
    "How did you handle the HR conversation once the analytics pointed to a specific employee? That part never gets written up.",
    "Great practical list. Adding the first-payment-default check to our onboarding review.",
  ],
  regulatory: [
    "The MPM reconciliation is going to be painful for us; we use four different adjusted measures across investor materials.",
    "We did a dry run at Q3 as suggested and found two jurisdictions that tripped the threshold. Highly recommend.",
    "Does anyone know whether comparatives need the full MPM note, or just the reconciliation?",
    "Helpful summary. Our board asked for exactly this kind of one-page overview last week.",
    "The chart-of-accounts mapping is the real project here. The disclosure itself is the easy part.",
    "Worth noting that the auditors will want to see the classification policy documented before year-end, not after.",
  ],
  'generative-ai': [
    "Agree completely that citations are non-negotiable. If the tool can't show the source paragraph, we don't use the answer.",
    "We tried letting it draft journal entries too and came to the same conclusion. Great for accruals, risky for anything else.",
    "The explainability log idea is excellent. Going to propose a template to our technical accounting team.",
    "Our security team required all prompts to go through an approved gateway. Slowed the pilot but made the rollout easy.",
    "Curious how others measure accuracy over time. Model updates changed our results noticeably last quarter.",
    "Variance commentary was our first win as well. Reviewers actually prefer the drafts because they are more consistent.",
  ],
  audit: [
    "The point about precision in management review controls is spot on. 'Reviewed for reasonableness' doesn't cut it anymore.",
    "We moved to full-population journal entry testing last year. The scoring approach is what made it manageable.",
    "As a smaller firm, the quality management documentation felt overwhelming at first. Keeping it proportionate is key.",
    "Would be great to hear how other firms document their threshold for investigating flagged entries.",
    "Our audit committee started asking for tabletop exercises after reading similar guidance. Useful exercise for finance too.",
    "Sharing this with our audit team — the examples are much more concrete than most guidance we get.",
  ],
  tax: [
    "Pillar Two data collection is exactly where we are struggling. Adding fields to the monthly pack is a good idea.",
    "HR data has become tax data — that sums up our last two years perfectly.",
    "The voluntary disclosure route saved us a lot when we discovered remote employees in three new states.",
    "Any views on whether the transitional safe harbour will be extended? Our planning depends on it.",
    "We keep a tracker much like the one described. Quarterly review with revenue accounting works well.",
    "Good point on documenting the rejection rationale for comparables. Models can screen, but people must decide.",
  ],
};

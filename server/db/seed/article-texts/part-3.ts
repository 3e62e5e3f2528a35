import type { ArticleSeed } from '../article-seed';

/* Articles 15–21 of the sample data, newest first. */
export const PART_3: readonly ArticleSeed[] = [
  {
    title: 'Sales tax nexus after the remote-work boom: states tighten enforcement',
    excerpt:
      'Employees working from home in new states can create payroll and income tax nexus. Several states are now using data matching to find unregistered employers.',
    categories: ['tax'],
    source: { name: 'Tax Policy Monitor', url: 'https://example.com/tax-policy-monitor/remote-work-nexus-enforcement' },
    body: `
State revenue departments are increasingly matching payroll withholding data and marketplace filings to identify companies that have employees, inventory or sales in the state but have not registered for sales or income tax. Remote employees are a frequent trigger.

## How one employee creates exposure

For most of the last century, nexus — the connection that allows a state to require a business to collect or pay tax — was tied to physical presence: an office, a warehouse, a sales force. The 2018 Wayfair decision added economic nexus based on sales into a state, and the shift to remote work has quietly multiplied physical presence. An employee who works from home in a state where the company has no office may be enough, depending on the state and the employee's role, to create obligations for:

- payroll withholding and unemployment insurance in that state;
- corporate income or franchise tax, particularly if the employee's activities go beyond those protected by federal law for solicitation of orders;
- sales and use tax collection, in states that treat an employee's presence as physical nexus regardless of sales volume.

## Economic nexus has not gone away

Remote work adds physical presence, but economic nexus still does most of the work for sales tax. Most states with a sales tax apply a threshold based on sales into the state, commonly $100,000 in a twelve-month period, and some still also count transactions. Several states have removed their transaction-count thresholds in recent years, which reduces the number of small sellers caught, but businesses selling to customers in many states still need to track sales by destination against each state's rules and measurement period. Marketplace facilitator laws shift collection on platform sales to the marketplace, but the seller's own direct sales remain its responsibility, and some states count marketplace sales towards the seller's threshold.

## How states are finding companies

The enforcement tools are mostly data matching rather than audits:

| Data source | What it reveals |
| --- | --- |
| Payroll withholding registrations | Employees working in the state |
| Unemployment insurance filings | Headcount by state of work |
| Marketplace facilitator reports | Sales through platforms into the state |
| Federal information returns | Payments to in-state contractors |
| Nexus questionnaires | Self-reported activities, often sent after a data match |

A company that registers for payroll withholding in a state because an employee moved there, but never considers income or sales tax, has effectively told the state where to look.

## What advisers recommend

Tax advisers recommend a quarterly review of where employees actually work, not just where their office is recorded, combined with an economic-nexus review of sales by state. Voluntary disclosure agreements remain the cheapest route for companies that discover exposure, typically limiting look-back periods and waiving penalties.

A practical quarterly routine:

1. Obtain the work location of every employee and long-term contractor from HR, including those recorded as 'remote'.
2. Compare with the states where the company is registered for each tax type.
3. Review sales by destination state against each state's economic-nexus threshold.
4. For new states, assess the employee's role and activities with the tax team before registering.
5. Where past exposure exists, consider a voluntary disclosure before the state makes contact.

> "The remote-work policy was written by HR and approved by the CEO. Nobody asked tax. We found out eighteen months later, when three states wrote to us in the same quarter." — Tax director, software company

## Income tax protection is narrower than many assume

Federal law protects a company from state income tax where its only in-state activity is soliciting orders for tangible goods that are approved and shipped from outside the state. That protection does not cover services, software or digital products, and several states interpret it narrowly for activities such as post-sale support carried out by a remote employee. An engineer supporting customers from home in a new state may create income tax nexus that a salesperson in the same state would not.

For finance teams, the lesson is that HR data has become tax data. A simple feed of work locations to the tax function closes most of the gap.
`,
  },
  {
    title: 'Vendor bank-detail changes remain the top business email compromise vector',
    excerpt:
      "Fraudsters impersonating suppliers to redirect payments still account for the largest losses. A call-back control on a number already on file stops most of them.",
    categories: ['fraud-detection'],
    source: { name: 'Finance Ops Digest', url: 'https://example.com/finance-ops-digest/vendor-bank-change-bec' },
    body: `
Requests to change a supplier's bank details remain the most costly form of business email compromise reported by finance teams, with attackers now using compromised supplier mailboxes and AI-generated writing that matches the supplier's usual tone.

## Anatomy of an attack

A typical attack unfolds over several weeks:

1. **Compromise.** The attacker gains access to a mailbox at the supplier, often through a phishing email or a reused password.
2. **Observation.** They read correspondence to learn who pays invoices at the customer, how the supplier writes, and when large payments are due.
3. **The request.** Shortly before a large payment, an email arrives from the genuine supplier address announcing new bank details, with a plausible reason: a change of bank, an audit, a new regional account.
4. **Pressure.** Follow-up emails ask for confirmation and sometimes mention late-payment penalties.
5. **Payment.** The next payment goes to the attacker's account and is moved on within hours.

Because the email comes from the supplier's real mailbox, technical email controls do not flag it. AI writing tools have removed the spelling and tone errors that used to give attackers away.

## The control that works

The control that works is old-fashioned: any change to bank details is confirmed by phone using a number already held on file — never a number in the request — and the first payment to new details is held or limited until the supplier confirms receipt. Companies that automated vendor onboarding sometimes removed this step by accident.

| Control | Stops | Weakness if done badly |
| --- | --- | --- |
| Call-back to number on file | Most redirection attempts | Calling the number in the email defeats it |
| Hold or limit first payment | Losses from attacks that pass the call-back | Needs a workflow, or it is skipped under pressure |
| Dual approval of bank changes | Insider changes | Both approvers rely on the same email |
| Supplier portal for changes | Email-based requests entirely | Portal accounts can be compromised too |
| Monitoring of change clusters | Campaigns across many suppliers | Needs someone to review alerts |

## When automation removes the safeguard

Several finance teams discovered that their new supplier portal or AP automation tool allowed suppliers to update bank details themselves, with only an email confirmation to the supplier's registered address. If that mailbox is the one the attacker controls, the confirmation goes to the attacker. Portals should require the same independent verification as any other change, and the first payment to new details should still be held.

## Training that works

Generic phishing training has limited effect on this type of fraud, because the emails are genuine messages from a compromised account. What works better is short, specific training for the people who process bank-detail changes and payments: real examples of past attempts, the reasons attackers give, and a clear rule that no email, however urgent or senior, overrides the call-back. Several companies also give AP staff explicit permission to delay a payment while they verify, so that pressure from a supplier or an internal manager does not push them into skipping the control.

## Monitoring

Finance leaders should also monitor for clusters of bank-detail changes and for payments to accounts in jurisdictions that differ from the supplier's registered address.

> "We had the call-back control on paper. In practice, when the email said the phone lines were down and gave a mobile number, people called the mobile. We now tell staff: if the request gives you a number, that is the one number you must not call." — Head of accounts payable, construction group

## If it happens

Speed matters more than anything. Companies that contacted their bank within hours of discovering a fraudulent payment recovered funds far more often than those that took days. Every AP team should have a one-page procedure listing who to call at the bank, how to report to law enforcement and who informs the genuine supplier — and should test it once a year.
`,
  },
  {
    title: 'The EU AI Act and finance: which accounting use cases count as high-risk?',
    excerpt:
      "Most finance-function AI falls outside the Act's high-risk list, but credit scoring of individuals and some HR uses do not. Here is how to triage your inventory.",
    categories: ['regulatory', 'generative-ai'],
    source: { name: 'AI in Finance Report', url: 'https://example.com/ai-finance-report/eu-ai-act-finance-use-cases' },
    body: `
The EU Artificial Intelligence Act classifies AI systems by risk, with the heaviest obligations reserved for 'high-risk' uses listed in the regulation. For most accounting applications — reconciliation matching, invoice extraction, variance commentary — the Act's main effect is transparency and AI-literacy expectations rather than conformity assessments.

That is a relief for finance teams, but not a reason to ignore the Act. The obligations that do apply take effect in phases, some of the exceptions sit uncomfortably close to finance, and the Act applies to deployers of AI systems — companies that use them — not only to the vendors that build them.

## The risk tiers in brief

| Tier | Examples | Main consequence |
| --- | --- | --- |
| Prohibited practices | Social scoring, manipulative techniques exploiting vulnerabilities | Banned outright |
| High-risk | Creditworthiness assessment of individuals, recruitment and worker management, some critical infrastructure | Risk management, data governance, documentation, human oversight, logging |
| Transparency obligations | Chatbots, AI-generated content | Users must be told they are dealing with AI or AI-generated content |
| Minimal risk | Most business tools, including most finance uses | No specific obligations beyond general duties such as AI literacy |

## Where finance touches high-risk

The exceptions matter. Systems used to evaluate the creditworthiness of natural persons, and AI used in recruitment, promotion or performance evaluation, appear on the high-risk list. Finance functions that run consumer credit decisions or use AI in payroll-adjacent HR processes should expect documentation, human-oversight and data-governance obligations.

Three situations come up most often in finance functions:

1. **Consumer credit and buy-now-pay-later.** A retailer or platform that uses an AI model to decide whether to extend credit to individual customers is using a high-risk system. Credit decisions about businesses are generally not in scope, but sole traders may be natural persons.
2. **Workforce analytics.** Tools that score employees' performance, allocate tasks based on behaviour, or screen job applicants — including in the finance team itself — fall within the employment category.
3. **Fraud detection.** The Act specifically carves out AI used to detect financial fraud from the creditworthiness category, which reassures many finance teams, but a model that both detects fraud and influences a credit decision needs careful analysis.

## Obligations for deployers

Companies that deploy a high-risk system, rather than build it, still have obligations. They must use it according to the provider's instructions, assign human oversight to people with the competence and authority to intervene, ensure input data is relevant, monitor operation, keep logs generated by the system, and inform affected individuals in certain cases. Public bodies and some private deployers also need a fundamental rights impact assessment.

> "We assumed the obligations sat with the vendor. Then we read the deployer section and realised that human oversight, logging and monitoring were ours. The vendor cannot oversee our credit decisions for us." — Head of risk, consumer finance business

## AI literacy applies to everyone

One obligation applies regardless of risk tier: providers and deployers must take measures to ensure a sufficient level of AI literacy among staff dealing with AI systems. For a finance function, that means people using AI tools should understand their capabilities and limitations, how to interpret output, and when to escalate. Many companies are meeting this with short, role-specific training rather than a general course.

## General-purpose AI inside finance tools

Many finance teams use general-purpose AI assistants, or tools built on general-purpose models, for drafting, summarising and analysis. The Act places specific obligations on the providers of general-purpose AI models — documentation, copyright policies, and for the most capable models, risk assessment and incident reporting — but those obligations sit with the model provider, not with the finance team using an assistant. The deployer's position depends on what the assistant is used for: drafting variance commentary is minimal risk, while using the same assistant to rank job applicants for the finance team would bring the high-risk employment category into play.

That use-based logic is the most important thing for finance leaders to grasp. The same tool can be minimal risk in one process and high-risk in another. Classification follows the purpose, so the inventory needs to record purposes, not just product names.

## Documentation that serves several purposes

For high-risk systems, deployers need records of how the system is used, who oversees it, how input data is checked and what logs are kept. Much of this overlaps with documentation finance teams already need for other reasons: internal control documentation under financial reporting frameworks, data protection records of processing, and model risk management for firms in regulated industries. Companies that design one set of records to serve all of these purposes avoid maintaining three partial versions of the same information.

A minimal record for each AI system in the inventory might include:

- the system, vendor and version, and the business owner;
- the purpose and the decisions it influences;
- the risk classification under the Act and the reasoning;
- the data it uses, and how that data is checked;
- the human oversight in place, and who performs it;
- monitoring, including how errors or drift would be noticed;
- training provided to users.

## Triage your inventory

A practical first step is an AI inventory: every tool in use, its purpose, the data it processes and the decisions it influences. Many companies find the inventory itself is the hardest part, because AI features arrive quietly inside existing software.

A triage process that finance teams have found workable:

- **List** every system with AI features, including features inside ERP, AP automation, expense management, HR and planning tools.
- **Describe** the decision each one influences and whether it affects individuals.
- **Classify** against the Act's tiers, with legal review for anything touching credit, employment or access to essential services.
- **Assign** an owner to each system and record the classification rationale.
- **Review** the inventory at least annually and whenever a vendor announces new AI features.

## Timelines

The Act entered into force in 2024 and applies in stages: the prohibitions and AI-literacy obligations first, obligations for general-purpose AI models next, and most high-risk obligations later. The European institutions have discussed adjustments to some of the later dates as part of broader simplification efforts, so companies should track the current timetable rather than rely on the original one. What does not change is the direction of travel: organisations using AI in decisions about people will need to show how those decisions are governed.

## What auditors will ask

External auditors are not enforcing the AI Act, but they are asking related questions. Where AI influences an estimate or a control, they want to understand governance, data and oversight — exactly the areas the Act addresses for high-risk systems. A finance team that has an inventory, owners, documented classifications and trained users will find both conversations easier.
`,
  },
  {
    title: 'Intercompany reconciliations: automating the matching that breaks every quarter-end',
    excerpt:
      'Intercompany mismatches delay group closes more than any other item. A shared transaction ledger and a daily matching routine moved one group\'s close forward by two days.',
    categories: ['automation'],
    source: { name: "Controller's Desk", url: 'https://example.com/controllers-desk/intercompany-matching-automation' },
    body: `
Group controllers routinely name intercompany differences as the single biggest cause of close delays. Each side of a transaction is booked in a different entity, often in a different system and currency, and differences surface only at consolidation.

## Why the differences happen

The causes are mundane and persistent:

- **Timing:** the selling entity invoices on the last day of the month; the buying entity books it the following week.
- **Currency:** each side translates at a different rate, or one side books in its functional currency and the other in the invoice currency.
- **Missing charges:** management fees, recharges and royalties calculated centrally but never booked by the receiving entity.
- **Disputes:** the buyer disagrees with the charge and does not book it, but nobody tells the seller.
- **Classification:** one side books to an intercompany account, the other to a third-party account.

## One group's approach

A 40-entity industrial group tackled the problem by requiring all intercompany charges to be raised through a single billing tool that posts both sides simultaneously, and by running automated matching daily rather than monthly. Remaining differences are assigned to an owner with a standard reason code.

The design had four parts:

1. **One place to raise charges.** Any intercompany invoice, recharge or fee must be created in the billing tool, which generates the receivable in the seller's ledger and the payable in the buyer's ledger at the same time, in the same currency, on the same date.
2. **Agreed rates.** Transactions are recorded at a group rate published daily, and translation differences are handled centrally.
3. **Daily matching.** Balances and transactions are matched every night. Differences above a small tolerance create a task for the entity that caused them.
4. **Reason codes and ageing.** Every open difference carries a reason code and an owner, and differences older than ten days are escalated to the regional controller.

| Metric | Before | After three quarters |
| --- | --- | --- |
| Unmatched intercompany balances at quarter-end | $14.2M | $2.6M |
| Number of open differences at quarter-end | 312 | 47 |
| Days from period-end to consolidation sign-off | 9 | 7 |
| Manual top-side eliminations | 38 | 6 |

## Handling disputes

The billing tool does not eliminate disagreements; it makes them visible. When a buying entity disputes a charge, it flags the transaction in the tool with a reason, and the dispute goes to a queue shared by both entities' controllers. Disputes older than the quarter-end cut-off are resolved by a regional controller, whose decision is final for the period. Before the change, disputes surfaced only at consolidation, when the two sides' balances failed to match and nobody could remember why.

The group also standardised recurring charges. Management fees, IT recharges and royalties are now calculated by the group once a month and posted through the same tool, instead of being calculated by the charging entity and emailed to the receiving one. That single change removed more than a third of the historical differences.

## Results

Unmatched balances at quarter-end fell by more than 80% within three quarters, and the consolidation timetable moved forward by two working days.

The biggest gain was not the matching itself but the single billing tool. Once both sides were created together, most timing and classification differences disappeared, and the remaining ones were genuine disputes that needed a conversation.

> "We used to spend the first three days of every quarter-end chasing entities for confirmations. Now the confirmations exist before the quarter ends, because the system created both sides." — Group financial controller

## Lessons for other groups

The group's controllers offer three pieces of advice. First, do not start with the matching software; start with the rule that both sides of every intercompany transaction are created together. Second, publish the reason codes and the ageing report to regional controllers every week, because visibility changes behaviour faster than policy. Third, settle intercompany balances in cash regularly: balances that are settled cannot drift apart for long.
`,
  },
  {
    title: 'Audit committees ask harder questions about cyber-risk disclosures',
    excerpt:
      'With cybersecurity incident and risk-management disclosures now routine, audit committees want to know how management decides whether an incident is material.',
    categories: ['audit', 'regulatory'],
    source: { name: 'Boardroom Finance', url: 'https://example.com/boardroom-finance/audit-committee-cyber-disclosure' },
    body: `
Audit committee chairs say cybersecurity has moved from an IT agenda item to a disclosure and controls topic. The focus is on the process management uses to assess materiality of an incident, who is involved and how quickly.

## The questions committees are asking

Committee members describe a consistent set of questions for management:

- Who decides whether an incident is material, and how quickly after discovery does that assessment start?
- Which quantitative and qualitative factors are considered — financial impact, operational disruption, data affected, reputational harm, regulatory consequences?
- How are incidents aggregated, so that a series of individually minor events is assessed together?
- Where is the assessment documented, including assessments that concluded an incident was not material?
- How does the incident-response plan connect to the disclosure committee?

## Tabletop exercises

Committees are asking for tabletop exercises that include the controller and general counsel, not just the security team, and for documentation of past materiality assessments even where the conclusion was 'not material'.

| Exercise participant | Role in the scenario |
| --- | --- |
| Chief information security officer | Technical assessment and containment |
| General counsel | Legal obligations, privilege, regulator notifications |
| Chief financial officer and controller | Financial impact, disclosure, effect on controls |
| Investor relations | External communication |
| Audit committee chair (observer) | Oversight of the process |

A well-run exercise walks through a realistic scenario — ransomware on a key system a week before quarter-end is a popular choice — and tests whether the materiality assessment actually happens, who convenes it, and how long it takes.

## Aggregation and 'not material' conclusions

A recurring theme in committee discussions is aggregation. A single phishing compromise of a finance mailbox may be immaterial; a pattern of similar incidents over a year, or a series of related intrusions by the same actor, may not be. Committees want to know whether management looks across incidents, not just at each one in isolation, and whether the conclusion is revisited as more becomes known about an incident that was initially assessed as minor.

Documentation of 'not material' conclusions matters for the same reason. If an incident later turns out to be larger than first thought, the company will want to show that its initial assessment was reasonable on the information available at the time. A short memo, dated and signed by the people on the disclosure committee, is usually enough.

## Auditors are paying attention too

External auditors are paying attention too, particularly to IT general controls over financial systems and to whether incident-response procedures include an assessment of the impact on financial reporting.

> "An incident that takes the ERP offline for three days at quarter-end is a financial reporting event before it is anything else. We want to see that the controller is in the room within hours, not weeks." — Audit committee chair, industrial company

## The finance function's own exposure

Finance teams are also targets in their own right. Payment systems, treasury platforms and the ERP are attractive to attackers, and finance staff receive more targeted phishing than most. Committees increasingly ask the CFO, not just the security team, how finance systems are protected: multi-factor authentication on banking platforms, segregation of payment release, monitoring of privileged users in the ERP, and the recovery plan if the general ledger is unavailable at period-end.

## Practical steps

For finance leaders, the practical steps are to make sure the disclosure committee has a defined role in incident response, that materiality assessments for cyber incidents follow the same documented approach as other events, and that the controller understands which financial systems and data are in scope of the security program. A short annual briefing to the audit committee on all three points answers most of the questions before they are asked.
`,
  },
  {
    title: 'Transfer pricing documentation gets a machine-learning assist',
    excerpt:
      'Comparable-company searches and benchmarking updates are being accelerated with machine learning, but tax authorities still expect a human to own the judgment.',
    categories: ['tax', 'generative-ai'],
    source: { name: 'Tax Policy Monitor', url: 'https://example.com/tax-policy-monitor/transfer-pricing-machine-learning' },
    body: `
Transfer pricing teams are using machine-learning tools to screen comparable companies for benchmarking studies, classifying business descriptions that previously had to be read one by one. Advisers report the screening step taking days rather than weeks.

## Where the time goes in a benchmarking study

A typical benchmarking study for a routine distributor or service provider starts with a database search that returns several thousand companies. Quantitative screens — independence, size, losses, data availability — remove most of them. The remaining few hundred must be reviewed qualitatively: is the company's business actually comparable to the tested party's functions, assets and risks? That review, historically done by reading business descriptions and websites, is where most of the hours went.

## How the models help

Machine-learning classifiers trained on past accept and reject decisions can read business descriptions and propose a classification: comparable, not comparable, or uncertain, with the reasons. Reviewers then focus on the uncertain group and spot-check the rest.

| Step | Manual approach | With ML screening |
| --- | --- | --- |
| Quantitative screens | Hours | Hours |
| Qualitative review of ~400 companies | 6–8 days | 1–2 days |
| Documentation of reasons | Written per company | Drafted by tool, edited by reviewer |
| Final set selected | 10–20 companies | 10–20 companies |

## The rejection rationale

The risk is in the rejection rationale. Tax authorities expect documented reasons for accepting or rejecting each comparable, and 'the model rejected it' will not survive an audit. Teams are keeping the model's classification as a recommendation and recording the reviewer's reason in the study.

Good practice emerging among advisers:

- keep the model's output and the reviewer's decision as separate fields, so disagreements are visible;
- require a human-written reason for every acceptance and for rejections of companies the model marked as comparable;
- re-run a sample of past studies when the model changes, to check that classifications are stable;
- retain the descriptions the model read, because databases update them over time.

## Data quality in the databases

Models are only as good as the descriptions they read. Commercial databases often hold short, generic or out-of-date business descriptions, particularly for smaller private companies, and a classifier reading 'wholesale of machinery' cannot tell whether the company is a full-risk distributor or a commission agent. Advisers report that the uncertain group is largely made up of companies with thin descriptions, and that reviewers still need to consult annual reports and websites for those. Some teams now score description quality as part of the screening, so that companies with insufficient information are flagged rather than classified with false confidence.

There is also a consistency benefit. Two human reviewers reading the same description often reach different conclusions, and a study reviewed by different people in different years can drift. A model applies the same criteria each time, which makes year-on-year updates more consistent, provided the criteria are reviewed and the reviewer's overrides are recorded.

## Drafting functional analyses

Generative AI is also being used to draft functional analyses from interview notes. Here too, the draft is a starting point; the facts must be confirmed with the business.

> "The model writes a beautiful functional analysis. Sometimes it describes functions that the entity does not perform, because that is what distributors usually do. The interview notes have to be the only source." — Transfer pricing partner

## What tax authorities are saying

Tax authorities have not issued specific rules on machine-learning screening, and most advisers expect that they will judge the output as they always have: on whether the final set of comparables is reliable and the reasons are documented. Some authorities use similar tools themselves to review taxpayers' studies, which is a further reason to keep the rejection reasons specific and verifiable.

The efficiency gains are real, and they free specialists for the parts of transfer pricing that most need judgment: characterising entities correctly, analysing unusual transactions and defending positions in audits. The documentation standard itself has not changed.
`,
  },
  {
    title: 'Revenue recognition red flags: bill-and-hold arrangements under the microscope',
    excerpt:
      'Bill-and-hold sales near quarter-end are a classic earnings-management tool. The criteria are clear; the evidence auditors expect is more demanding than many sales teams assume.',
    categories: ['fraud-detection', 'audit'],
    source: { name: 'Forensic Accounting Notes', url: 'https://example.com/forensic-notes/bill-and-hold-red-flags' },
    body: `
Bill-and-hold arrangements — where a customer is invoiced but the seller retains physical possession of the goods — can legitimately qualify for revenue recognition, but only if the arrangement is substantive, the goods are separately identified as the customer's, ready for transfer and cannot be redirected to another customer.

## The criteria

Under the revenue standard, a company recognises revenue when control of goods passes to the customer. In a bill-and-hold arrangement, physical possession stays with the seller, so control can pass only if all of the following are met:

1. **The reason is substantive.** The customer has requested the arrangement for its own business reasons, for example lack of warehouse space.
2. **The goods are identified as the customer's.** They are separately stored or tagged and cannot be confused with the seller's other inventory.
3. **The goods are ready for physical transfer.** They are finished and can be shipped when the customer asks.
4. **The seller cannot use the goods or redirect them** to another customer.

The seller must also consider whether it provides a custodial service that is a separate performance obligation, and the usual indicators of control transfer, such as the customer's acceptance and legal title.

## Patterns from restatements

Forensic reviews of restatements show recurring patterns: arrangements requested by the seller rather than the customer, goods that were not yet finished, and 'segregated' inventory that was later shipped to a different customer. A spike in bill-and-hold volume in the last two weeks of a quarter is itself a red flag.

| Red flag | Why it matters |
| --- | --- |
| Request letter drafted by the seller's sales team | Suggests the reason is the seller's, not the customer's |
| Bill-and-hold volume concentrated at quarter-end | Consistent with managing reported revenue |
| Goods still in production or awaiting components | Fails the 'ready for transfer' criterion |
| Same stock later shipped to another customer | Goods were never truly identified as the customer's |
| Extended payment terms on bill-and-hold invoices | Customer may not have committed to the purchase |
| Side letters allowing cancellation | Contract may not exist in substance |

## Bill-and-hold in the numbers

Analysts and short sellers watch for the same signals from the outside: receivables growing faster than revenue, days sales outstanding rising at quarter-ends, and inventory that does not fall as much as revenue growth would suggest. Companies with large bill-and-hold programs sometimes disclose them in the revenue note; those that do not may find that the first public discussion of the practice is in an analyst report.

## A case study

In one restatement reviewed by forensic accountants, an equipment manufacturer recognised revenue on units 'held for customers' at the end of three consecutive quarters. The request letters were on customer letterhead, but metadata showed they had been created by the manufacturer's regional sales office. Warehouse records showed the 'segregated' units moving between bays and, in several cases, being shipped to different customers than those invoiced. Payment terms on the bill-and-hold invoices were twice the standard terms. The restatement reversed revenue of roughly 6% of the affected years' totals.

> "Every document existed. That was the problem: the documents were prepared to satisfy the criteria, not evidence that the criteria were met." — Forensic accountant involved in the investigation

## Why the pattern keeps recurring

Bill-and-hold problems recur because the incentives recur. Sales compensation tied to invoiced revenue, quarterly targets, and customers willing to sign a letter to help a supplier they like all push in the same direction. The arrangements also tend to grow gradually: a genuine request from one customer becomes a practice offered to others, then a tool used at quarter-end to close a gap. By the time the volumes are noticeable, the documentation template has been used so often that it looks routine.

## What auditors expect

Auditors testing bill-and-hold revenue increasingly look beyond the request letter. Common procedures include confirming the arrangement directly with the customer, including the reason and the expected delivery date; observing the segregated goods at period-end; tracing subsequent shipments to the invoiced customer; and reviewing correspondence between sales staff and the customer around the quarter-end.

## Controls for the controller

Controllers should require a written customer request stating the business reason, photographs or warehouse records showing segregation, and sign-off from someone outside the sales organisation.

Additional controls that companies with significant bill-and-hold volumes have adopted:

- a policy requiring finance approval before any bill-and-hold invoice is raised, with a checklist of the four criteria;
- a monthly report of bill-and-hold inventory by customer and age, reviewed by the controller;
- warehouse-system flags that prevent picking held goods for any other customer;
- analysis of bill-and-hold volume by week, presented to the audit committee each quarter.

Legitimate bill-and-hold arrangements exist in many industries, and customers often value them. The controls exist so that the legitimate ones can be recognised with confidence, and the others are found before an auditor or a regulator finds them.
`,
  },
];

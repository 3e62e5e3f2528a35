import type { ArticleSeed } from '../article-seed';

/* Articles 22–28 of the sample data, newest first. */
export const PART_4: readonly ArticleSeed[] = [
  {
    title: 'Quality management standards push smaller firms to formalise monitoring',
    excerpt:
      'Risk-based quality management requires firms to identify quality risks and design responses. For smaller practices, the burden is mostly documentation — and a change of mindset.',
    categories: ['audit'],
    source: { name: 'Audit Quarterly', url: 'https://example.com/audit-quarterly/quality-management-small-firms' },
    body: `
Smaller audit practices implementing risk-based quality management standards report that the biggest change is not new procedures but writing down why existing ones address specific quality risks. A firm-wide risk assessment, owners for each component and an annual evaluation are now expected.

## From quality control to quality management

The older quality control standards were largely prescriptive: a firm had policies for independence, engagement acceptance, consultation and inspection, and compliance meant having those policies and following them. Risk-based quality management asks a different question. The firm sets quality objectives, identifies the risks that could prevent it from meeting them, designs responses to those risks, and monitors whether the system works. The responsibility for the system sits explicitly with firm leadership.

For a large network firm, that change is absorbed by a central methodology team. For a ten-partner practice, it falls on the managing partner and whoever else has time.

## The components

| Component | What a small firm typically documents |
| --- | --- |
| Governance and leadership | Who is responsible for the system; how quality features in partner evaluations |
| Relevant ethical requirements | Independence confirmations, rotation, non-audit services approval |
| Acceptance and continuance | Risk criteria for new clients and annual reassessment |
| Engagement performance | Review, consultation and engagement quality review policies |
| Resources | Staffing, training, technology and use of external experts |
| Information and communication | How quality information flows to leadership and staff |
| Monitoring and remediation | In-process reviews, inspections, root-cause analysis |
| Risk assessment process | How quality risks are identified and updated |

## Monitoring is where the effort goes

Monitoring is where firms are investing most. Rather than relying solely on periodic file inspections, firms are adding in-process reviews of engagements in high-risk industries and tracking root causes of findings across engagements.

A practical monitoring cycle for a small firm might include:

- one in-process review per partner per year, chosen by risk, carried out before the report is signed;
- a cold review of a sample of completed engagements, rotating so that every partner is covered over a three-year cycle;
- a short root-cause discussion for every significant finding, recorded in a log;
- an annual summary to all partners of findings, causes and actions taken.

## Root cause, not just findings

The shift from listing findings to understanding their causes is the part firms describe as most valuable. A finding that working papers on inventory were incomplete could have several causes: the team lacked industry knowledge, the engagement was under-budgeted, the reviewer was stretched across too many files, or the client provided information late. Each cause needs a different response, and only the root-cause conversation reveals which one applies.

> "We used to fix the file. Now we ask why the file needed fixing, and about half the time the answer is scheduling, not technical knowledge." — Quality partner, regional accounting firm

## Technology as a resource

The standards treat technology as a resource that the firm must manage, which catches some smaller firms by surprise. Audit software, data analytics tools and, increasingly, AI assistants used by staff all fall within the system. Firms are expected to consider whether the tools are appropriate, whether staff are trained to use them, and whether the output is reviewed. A firm whose staff use a general-purpose AI assistant to draft working-paper narratives needs a policy on it, even if the policy is short.

## Keeping it proportionate

Practitioners recommend keeping the system proportionate: a ten-partner firm does not need a global network's documentation, but it does need evidence that leadership reviews quality information and acts on it.

Firms that have been through their first inspection under the new standards offer a few lessons: tie every documented response to a specific quality risk, keep the annual evaluation short but honest, and record the decisions leadership took as a result of monitoring. Inspectors have been more interested in evidence that the system changes behaviour than in the length of the manual.
`,
  },
  {
    title: 'Agentic AI in accounts payable: pilots show promise, controls lag behind',
    excerpt:
      'AI agents that can read an invoice, query a buyer and propose a coding are moving from demos to pilots. Finance leaders are still working out who approves what the agent does.',
    categories: ['generative-ai', 'automation'],
    source: { name: 'AI in Finance Report', url: 'https://example.com/ai-finance-report/agentic-ai-accounts-payable' },
    body: `
Several software vendors now offer 'agents' that take an exception invoice, look up the purchase order, email the requester for clarification and propose a resolution. Early pilots at a handful of large AP departments report faster exception handling and fewer invoices ageing past terms.

The word 'agent' is used loosely in vendor marketing. In the pilots described here, it means software built on a large language model that can plan a sequence of steps towards a goal — resolve this exception — and take actions in other systems along the way: reading records, sending messages, updating fields. That ability to act, rather than just to draft, is what separates agents from the assistants finance teams have been using for drafting and summarising, and it is why the control questions are different.

## What the pilots actually did

The pilots followed a similar pattern. The agent received invoices that had failed automated matching — price or quantity variances, missing goods receipts, invoices without a valid purchase order — and worked each one towards resolution.

A typical exception flow:

1. **Read the invoice and the purchase order**, identify the variance and check the contract price.
2. **Check the goods receipt**; if missing, look up the delivery note in the warehouse system.
3. **Email the requester or buyer** with a specific question: 'The invoice charges 120 units at $14.20; the PO is for 100 units at $13.90. Were 20 additional units ordered, and is the new price agreed?'
4. **Interpret the reply** and propose a resolution: approve with variance, request a credit note, or route to the buyer for a PO change.
5. **Prepare the transaction** for a person to approve.

| Metric (pilot average) | Before | During pilot |
| --- | --- | --- |
| Median days to resolve an exception | 9.5 | 3.1 |
| Exceptions ageing past payment terms | 14% | 5% |
| AP specialist time per exception | 22 minutes | 8 minutes |
| Exceptions resolved without any human message | 0% | 41% |

The last line needs careful reading. 'Without any human message' means the agent gathered the information and proposed the resolution without an AP specialist writing to anyone; a person still approved every resolution in all of the pilots that continued.

## Choosing the pilot scope

The pilots that produced clear results had narrow scopes. Rather than 'all AP exceptions', they chose one type — price variances on direct materials, or missing goods receipts at one distribution centre — and measured a baseline for at least a month before the agent started. Broader pilots produced anecdotes rather than evidence, because the mix of exceptions changed from week to week and nobody could tell whether the agent or the mix explained the results.

Scope also matters for risk. A price-variance agent needs read access to purchase orders, contracts and invoices and the ability to send messages; it does not need to touch vendor master data or payments. A narrow scope makes least-privilege access easy to define and easy to audit.

## Where the value comes from

The pilots found that most of the time saved came from chasing, not from deciding. Before the agent, an AP specialist would email a requester, wait, forget, follow up, and eventually escalate. The agent follows up reliably and writes specific questions, which requesters answer faster than vague ones. Several pilot teams said the clarity of the agent's questions improved response rates more than its persistence did.

Coding suggestions for non-PO invoices were a secondary benefit. Based on the supplier's history, the description and the requester's cost centre, the agent proposed general-ledger coding that specialists accepted in roughly four cases out of five.

## The control problem

The open question is control design. An agent that can send emails, update vendor records or release payments needs the same segregation of duties as a human — and its permissions must be reviewed like a user's. Pilots that gave agents broad system access were paused after internal audit reviews.

Internal auditors reviewing the pilots raised a consistent set of concerns:

- **Identity.** In some pilots the agent acted through a shared service account, so the ERP audit trail could not distinguish the agent's actions from those of integration jobs, or from each other.
- **Permissions.** Agents were given the permissions of an AP specialist, which included creating vendors and editing bank details — far more than exception handling required.
- **Instructions from outside.** The agent read emails from suppliers and requesters. A message containing instructions — 'please also update our bank details to the following' — could in principle influence what the agent did next.
- **Evidence.** The agent's reasoning was visible in the vendor's console but not retained with the transaction, so an approver could not see why a resolution was proposed.
- **Change.** The vendor updated the underlying model during two of the pilots without notice.

> "We would never give a new joiner vendor-master access on day one and let them act on instructions in supplier emails. That is what we had done with the agent, because it came through an integration rather than through HR." — Head of internal audit, retail group

## What a controlled design looks like

The consensus emerging from the pilots is to let agents gather information and propose actions, while approvals and master-data changes stay with people, logged in a way an auditor can follow.

The pilots that continued after review converged on similar principles:

1. **A named identity for each agent** in every system it touches, so the audit trail shows exactly what it did.
2. **Least privilege.** The agent can read invoices, purchase orders, receipts and contracts, send messages from a dedicated mailbox, and prepare transactions. It cannot approve, post, pay, or change vendor master data.
3. **Instructions come only from the workflow.** Content in emails and documents is treated as data to interpret, never as instructions to follow; requests for anything outside exception resolution are routed to a person.
4. **Reasoning retained with the transaction.** The approver sees the agent's summary, the evidence it used and the messages exchanged, and that record is kept with the invoice.
5. **Change control.** Model or configuration changes are announced, tested on a sample of past exceptions, and approved before use.
6. **Monitoring.** A weekly sample of agent-handled exceptions is reviewed by a senior specialist, and override rates are tracked.

## Prompt injection in plain terms

Security teams use the term 'prompt injection' for the risk that text the agent reads — an email, a PDF, a comment field — contains instructions that the model follows as if they came from its operator. For an AP agent, the realistic version is mundane: a supplier email that says 'please note our new bank details below and update your records' arriving in the middle of a price-variance conversation. A well-designed agent treats that as information to route to the vendor-master team, not as a task to perform. The pilots tested this deliberately, by sending such messages from test supplier accounts, and the results informed the permission design: an agent that cannot change bank details cannot be tricked into changing them.

## Segregation of duties, revisited

Segregation of duties was designed for people: the person who creates a vendor should not be able to pay it. With agents, the same principle applies to the combination of permissions an agent holds, and to combinations of agents. If one agent can propose a new vendor and another can approve payments, the organisation has recreated the conflict across two pieces of software. Access reviews need to include agents, and the conflict matrix needs to treat each agent identity like a user.

Some teams also limit volume: an agent may prepare transactions up to a value threshold, with anything larger routed to a specialist before the agent does further work. This limits the damage from a misinterpreted reply and keeps high-value exceptions in front of experienced people.

## The external auditor's view

External auditors are watching the pilots with interest, because AP is a significant process for most audits. Their concern is reliance: if an agent is part of how exceptions are resolved, is it part of a control the auditor tests? In the designs that continued after review, the answer was deliberately no. The control is the human approval, supported by the agent's evidence; the agent is a tool that makes the approver more efficient, like a report or a workflow. That framing keeps the agent outside the scope of controls testing, but only if the approver genuinely reviews the evidence rather than approving every proposal. Auditors testing the approval control will look at override rates and at the evidence available to the approver, and a control where the approver accepts 100% of proposals in seconds will attract questions.

Some audit firms have also asked pilot companies for the agent's activity logs, to check that it did nothing outside its intended scope. Retained logs, with a named agent identity in each system, made those requests easy to meet.

## People and roles

The effect on AP teams in the pilots was more about the mix of work than the number of people. Specialists spent less time chasing and more time on the exceptions the agent could not resolve — disputed prices, contract questions, supplier relationships — and on reviewing the agent's proposals. Several pilot leads noted that reviewing an agent's work well requires more experience than processing invoices, which has implications for how junior staff learn the job.

## Measuring quality, not just speed

Speed metrics are easy to collect and flattering. Quality metrics take more effort but matter more. The most useful ones in the pilots were the override rate (how often the approver rejected or changed the agent's proposed resolution), the error rate found in the weekly sample review, and the number of requester complaints about the agent's messages. A rising override rate was the earliest sign of trouble in one pilot, where a supplier had changed its invoice format and the agent had begun misreading unit prices.

Pilot teams also tracked what they called 'silent failures': exceptions the agent marked as resolved that later reappeared, for example because a promised credit note never arrived. These were rare but costly, and they led several teams to add a follow-up step in which the agent checks, after a set period, that the expected document has been received.

## What the vendors say

Vendors argue that controls will mature as the tools do, and most now offer features that the early pilots lacked: separate agent identities, configurable permission sets, retained reasoning logs and change notices. Buyers should ask for these specifically, test them in the pilot, and include them in the contract, because they are what allows the tool to be used in a controlled environment at all.

## Advice for finance leaders

For finance leaders considering a pilot, the lessons are short:

- start with a narrow, well-defined exception type and a clear baseline;
- involve internal audit before the pilot, not after;
- give the agent its own identity and the smallest permission set that works;
- keep approvals, payments and master-data changes with people;
- measure time saved, override rates and errors, and stop if the evidence does not hold up.

Agents are likely to become a normal part of finance operations. The organisations that benefit most will be those that treat them as a new kind of user, subject to the same controls as everyone else, rather than as an integration that sits outside the control environment.
`,
  },
  {
    title: 'Sustainability reporting scope narrows, but assurance readiness still matters',
    excerpt:
      'Simplification proposals have pushed back timelines and reduced the number of companies in scope. Finance teams that paused entirely may regret it when customers and lenders keep asking.',
    categories: ['regulatory'],
    source: { name: 'Standards Watch', url: 'https://example.com/standards-watch/sustainability-scope-assurance-readiness' },
    body: `
Recent simplification of European sustainability reporting requirements has reduced the number of companies in scope and delayed obligations for many others. Some finance teams have responded by pausing their sustainability reporting projects altogether.

## What changed

The simplification package raised the size thresholds for mandatory reporting, postponed reporting for companies that were due to start in later waves, and proposed fewer and simpler data points in the reporting standards. For many mid-sized groups, mandatory reporting has moved from imminent to uncertain, and for some it has disappeared entirely.

## Why the data is still needed

Advisers caution that the demand for data has not gone away. Large customers still request emissions data from suppliers, lenders price sustainability-linked loans on reported metrics, and assurance providers expect controls over that data comparable to financial reporting.

| Who asks | What they ask for | Consequence of not having it |
| --- | --- | --- |
| Large customers | Scope 1 and 2 emissions, product-level footprint | Lower supplier ratings, lost tenders |
| Lenders | KPIs in sustainability-linked loans | Higher margin, covenant questions |
| Investors | Climate risk and transition plans | Exclusion from some funds |
| Insurers | Physical risk exposure | Pricing and coverage terms |

## Voluntary standards fill the gap

For companies no longer in mandatory scope, voluntary reporting standards designed for smaller companies offer a structure that customers and lenders increasingly recognise. Using one of them gives a company a defensible set of metrics and definitions without the full weight of the mandatory standards, and it makes the answers to questionnaires consistent from one customer to the next. Finance teams report that the biggest saving is not in the reporting itself but in answering dozens of differently worded supplier questionnaires from one maintained data set.

## A pragmatic middle ground

A pragmatic middle ground is to keep building the data and control foundations — emissions calculation methodology, data owners, evidence retention — while scaling back the narrative disclosure work until obligations are clearer.

In practice that means:

- documenting the emissions calculation methodology, including emission factors and their sources;
- assigning an owner for each data point, with a review step, just as for financial data;
- keeping evidence — invoices for energy, fuel records, meter readings — for the period an assurance provider would need;
- running a limited review of controls over the most-requested metrics.

> "We stopped writing the report and kept building the ledger. When our largest customer asked for audited emissions numbers last quarter, we had them." — Finance director, industrial components supplier

## Assurance is coming, in some form

Even where mandatory reporting is delayed, limited assurance over reported sustainability data is expected to follow wherever reporting is required, and lenders with sustainability-linked loans often require third-party verification of the KPIs already. Assurance providers look for the same things as financial auditors: documented methodologies, complete data, evidence and review. Companies that built those foundations before pausing will find the first assurance engagement far less painful than those starting from a spreadsheet assembled for a questionnaire.

The underlying calculations are not exotic. Scope 1 emissions come from fuel and refrigerant records; Scope 2 from purchased electricity and heat, multiplied by emission factors. The difficulty is completeness and evidence across many sites, which is exactly the kind of problem finance teams solve every month for costs.

## Finance's role

The companies that handled the uncertainty best had already placed sustainability data inside the finance function's control environment. The skills that matter — data ownership, reconciliations, evidence and review — are finance skills. Whatever the eventual scope of mandatory reporting, numbers that customers and lenders rely on will be expected to meet the same standard, and finance teams are better placed than anyone to provide it.
`,
  },
  {
    title: 'Domestic R&E expensing returns: provision teams revisit deferred tax balances',
    excerpt:
      'The return of immediate expensing for domestic research and experimental expenditure changes deferred tax assets built up since 2022. Provision teams are modelling the transition options.',
    categories: ['tax'],
    source: { name: 'Tax Policy Monitor', url: 'https://example.com/tax-policy-monitor/domestic-re-expensing-provision' },
    body: `
Companies that have been capitalising and amortising domestic research and experimental expenditure since 2022 are reassessing the deferred tax assets those rules created, now that immediate expensing has been restored for domestic costs.

## How the deferred tax asset arose

From 2022, research and experimental expenditure had to be capitalised for tax purposes and amortised over five years for domestic costs and fifteen years for foreign costs. For book purposes, most of those costs were expensed as incurred. The difference created a growing deferred tax asset: costs deducted in the accounts now, but for tax over several years.

For many technology and life-sciences companies, that asset became one of the largest items on the deferred tax schedule, and in some cases it shaped valuation allowance conclusions.

## What changes

With immediate expensing restored for domestic costs, new domestic expenditure no longer adds to the asset. The question is what happens to the unamortised amounts capitalised in earlier years. Provision teams are modelling the available transition elections for previously capitalised amounts and their effect on cash taxes, the effective tax rate and valuation allowance assessments. The interaction with the research credit and with state conformity adds complexity.

| Question | Why it matters for the provision |
| --- | --- |
| Deduct remaining domestic amounts faster, or continue amortising? | Changes timing of cash taxes and the reversal pattern of the asset |
| Eligibility for retroactive relief (smaller taxpayers) | May require amended returns and affects prior-year balances |
| Foreign R&E still capitalised over fifteen years | Asset continues to grow for foreign costs |
| State conformity | Some states may not follow the federal change, creating separate state deferred taxes |
| Research credit interaction | Elections on the credit affect the deductible amount |

## Modelling the options

Provision teams describe building a simple model with three scenarios: continue amortising the remaining domestic balance on the original schedule, deduct the remaining balance in the first available year, or spread it over two years where that option is available. For each scenario, the model projects taxable income, cash taxes, the research credit, the reversal of the deferred tax asset and the effective tax rate for the next three years. State taxes are modelled separately for the largest states by apportioned income, because conformity varies.

The answer is not always to accelerate. A company with net operating losses, or with income that will be taxed at a higher rate in future, may prefer to keep deductions for later years. A company with a valuation allowance may find that faster reversal supports releasing part of it. The modelling is what turns a tax election into a decision that finance leadership can understand and approve.

## Effects in the financial statements

In the period of enactment, companies must remeasure deferred taxes for the change in law. If the transition accelerates deductions, the deferred tax asset reverses faster and current tax falls; the total tax expense may be largely unchanged, but the split between current and deferred moves. Where a valuation allowance had been recorded against the asset, faster reversal may change the assessment of realisability.

## Documentation

Tax directors recommend documenting the election analysis carefully, because it will be reviewed by auditors in the period of enactment and by tax authorities later.

> "The election itself is a tax decision. The analysis behind it is financial reporting evidence. We wrote one memo that served both, reviewed by the controller as well as the tax director." — Head of tax, medical devices company

A good memo covers:

- the options considered, including continuing the original amortisation;
- the modelling of cash tax and effective rate effects for each option;
- the state conformity position for the largest states;
- the interaction with the research credit;
- the decision, who approved it, and its rationale. Given the amounts involved for research-intensive companies, the analysis deserves the same rigour as any other significant accounting judgment.
`,
  },
  {
    title: 'Continuous controls monitoring: building the business case for the CFO',
    excerpt:
      'CFOs want to know what continuous controls monitoring saves, not just what it finds. A framework for quantifying avoided losses, audit fee relief and reclaimed staff time.',
    categories: ['automation', 'audit'],
    source: { name: 'Internal Audit Review', url: 'https://example.com/internal-audit-review/ccm-business-case' },
    body: `
Proposals for continuous controls monitoring often stall because they describe capability rather than value. Finance leaders who secured funding framed the case around three numbers: losses avoided, external audit effort reduced and staff hours reclaimed from manual testing.

## What continuous controls monitoring is

Continuous controls monitoring (CCM) uses automated tests, run frequently against system data, to check whether controls are operating: that no user has conflicting permissions, that vendor bank changes were approved, that payments above a threshold had two approvers, that no duplicate invoices were paid. Instead of testing a sample once a year, the organisation tests the whole population every day or week and investigates exceptions.

The capability case writes itself. The funding case does not, because CFOs have heard many proposals promising better visibility.

## The three numbers

### Losses avoided

Losses avoided can be estimated from historical duplicate payments, unapproved vendor changes and segregation-of-duties conflicts found in past audits. A useful exercise is to run the proposed tests retrospectively on the last two years of data before asking for funding. The results — duplicate payments recovered, unauthorised changes found — are real numbers rather than estimates.

### External audit effort

Audit effort reduction depends on the external auditor's willingness to rely on the monitoring — a conversation to have before, not after, the purchase. Auditors can reduce their own testing where they can rely on an automated control or on management's monitoring, but only if they have tested the monitoring itself: the completeness of the data, the logic of the tests and the follow-up of exceptions.

### Staff hours

The third number is internal time. Many organisations spend significant hours each year on manual control testing for internal compliance programs — pulling samples, collecting evidence, documenting results. Automated tests replace much of that for the controls they cover.

| Benefit | How to estimate | Example (mid-size group) |
| --- | --- | --- |
| Duplicate payments avoided | Retrospective run on two years of payments | $420,000 recovered, ~$150,000 a year avoided |
| Unauthorised vendor changes | Historical incidents plus retrospective run | Two incidents found; potential loss $310,000 |
| External audit effort | Agreed with auditor in advance | 6–10% reduction in fees for covered cycles |
| Internal testing hours | Current hours on manual testing of covered controls | 1,900 hours a year |

## Costs to include

An honest case also includes the costs that proposals tend to leave out: data extraction and maintenance, alert review time, changes when the ERP is upgraded, and the time of whoever owns the program. Alert review is the largest ongoing cost, and it depends on tuning. A test that produces hundreds of false positives a week costs more than it saves.

## Choosing the first tests

The first tests should be those with the clearest value and the fewest false positives. Across organisations that have published their experience, a short list recurs:

- duplicate invoices paid, by supplier, amount and date, with fuzzy matching on invoice numbers;
- vendor bank-detail changes without the required approval or call-back evidence;
- payments above a threshold without two approvers;
- users with conflicting permissions, such as creating vendors and approving payments;
- manual journal entries above a threshold posted and approved by the same user;
- changes to credit limits without approval.

Each of these has a clear owner, a clear exception and a clear action. Tests that require judgment to interpret, such as unusual pricing, are better added after the program has proved itself.

## Start small

The most persuasive cases started small: one process, such as procure-to-pay, with a 90-day pilot and a before-and-after comparison.

A pilot plan that has worked:

1. Choose five to eight tests in one process with clear owners.
2. Run them retrospectively to show what they would have found.
3. Run them live for 90 days, tracking alerts, false positives and time spent.
4. Meet the external auditor at the start to agree what evidence they would need to rely on the monitoring.
5. Present results to the CFO with actual numbers, including the costs.

> "The retrospective run funded the program. Once the CFO saw a list of duplicate payments we had already made, the conversation moved from whether to how fast." — Director of internal controls, healthcare services group

## Governance

Finally, the case should say who owns the program. CCM sits between finance, internal audit and IT, and programs without a clear owner tend to decay: tests stop being tuned, alerts go unreviewed and the dashboard looks green because nobody is looking. Most successful programs place ownership in the controller's organisation, with internal audit providing independent assurance over the monitoring itself.
`,
  },
  {
    title: 'Synthetic identities in customer onboarding: what finance teams should watch',
    excerpt:
      "Synthetic identities combine real and fabricated data to open accounts that behave well — until they don't. Credit and collections data often show the first signs.",
    categories: ['fraud-detection'],
    source: { name: 'Finance Ops Digest', url: 'https://example.com/finance-ops-digest/synthetic-identity-onboarding' },
    body: `
Synthetic identity fraud, in which criminals combine a real identifier with fabricated personal details, is increasingly affecting businesses that extend trade credit or offer buy-now-pay-later terms, not just banks.

## How a synthetic identity is built

A synthetic identity usually starts with a genuine identifier that is not actively monitored — a number belonging to a child, an elderly person or someone with no credit history — combined with an invented name, date of birth and address. The fraudster applies for small amounts of credit, is often declined at first, and gradually builds a credit file. Because there is no real victim checking their own records, the identity can mature for months or years.

For businesses outside banking, the exposure comes through customer accounts with payment terms: trade credit for small business customers, consumer financing at the point of sale, subscription services billed in arrears.

## The bust-out

The accounts often behave perfectly for months, building credit limits before a 'bust-out' in which the limit is drawn down and the customer disappears. Finance teams can watch for clusters of new customers sharing addresses, phone numbers or devices, and for rapid credit-limit increase requests.

| Signal | What to look for |
| --- | --- |
| Shared attributes | Several customers with the same phone, email domain, device or delivery address |
| Thin history | Identities with recently created credit files and no other footprint |
| Rapid limit growth | Repeated requests for higher limits soon after onboarding |
| Behaviour change | Sudden large orders of resaleable goods after months of small ones |
| First-payment default | No payment at all on the first invoice after a large order |

## Why businesses outside banking are exposed

Banks have invested heavily in identity verification and consortium data that helps them spot synthetic identities. Businesses that extend credit as a sideline — suppliers with trade accounts, retailers offering financing, utilities and telecoms billing in arrears — often rely on a credit bureau check alone. A mature synthetic identity passes that check by design, because its credit file is exactly what it was built to produce. The gap is widest for small business customers, where the 'business' may be a sole trader whose identity is the synthetic one.

Some fraud rings also target businesses specifically because their losses are booked as bad debt and rarely reported, so the same identities can be reused across many suppliers.

## Collections as an early warning

Collections data is a useful early-warning source: first-payment defaults on newly onboarded customers should be reviewed for fraud, not only pursued as bad debt.

> "Our collections team was recording them as bad debts and moving on. When we looked at them together, a third shared a handful of phone numbers." — Credit manager, business supplies distributor

## Working with the credit team

Finance teams that have reduced losses describe a closer working relationship between credit, collections and whoever owns fraud analytics. Credit analysts flag applications with thin or unusual histories; collections flags first-payment defaults and accounts that become unreachable; and a monthly review looks at both lists together for shared attributes. The review takes an hour, and in several companies it has found rings of accounts that each looked like ordinary bad debt on their own.

## Controls

Data sharing is also improving. Industry groups and some credit bureaux now offer services that flag identifiers associated with known synthetic identities, and businesses that contribute their own confirmed fraud cases get better matching in return.

Practical controls for finance teams include:

- identity verification at onboarding, proportionate to the credit offered;
- link analysis across customer records to find shared attributes;
- a cooling-off period before credit-limit increases;
- a fraud review of first-payment defaults before write-off. None of them stops every synthetic identity, but together they reduce both the number that get through and the size of the bust-out when one does.
`,
  },
  {
    title: 'Explainability logs: documenting AI-assisted judgments for your auditor',
    excerpt:
      'When AI informs an accounting judgment, the documentation needs to show what the tool did and what the accountant decided. A one-page log template is emerging as good practice.',
    categories: ['generative-ai', 'audit'],
    source: { name: 'AI in Finance Report', url: 'https://example.com/ai-finance-report/explainability-logs-auditors' },
    body: `
Accounting teams using AI to research technical questions, draft memos or assess estimates face a documentation question: how much of the tool's involvement should be recorded? Auditors and regulators are converging on a simple answer — enough to show that a qualified person made the judgment.

## Why documentation matters

An accounting judgment is only as defensible as its documentation. When a technical memo concludes that a lease modification should be accounted for as a separate contract, the reviewer and the auditor need to see the facts, the guidance considered and the reasoning. If an AI tool found the guidance and drafted the reasoning, that involvement affects how much the reviewer should rely on the memo and what they should check.

## A one-page log

An emerging practice is a short explainability log attached to the relevant workpaper: the tool and version used, the question asked, the sources the tool cited, what the accountant verified independently and where they disagreed with the output.

| Field | Example entry |
| --- | --- |
| Tool and version | Approved enterprise assistant, model version noted from the tool |
| Purpose | Identify guidance on accounting for a lease modification that adds an asset |
| Question asked | Summarised prompt, without client-confidential details |
| Sources cited by the tool | Paragraphs of the leasing standard on modifications; internal policy memo |
| Independently verified | Read cited paragraphs in full; checked the internal memo is current |
| Disagreements | Tool suggested remeasurement of the whole lease; concluded separate contract because the modification adds a right of use at stand-alone price |
| Conclusion owner | Technical accounting manager |

## Where the log applies

Teams that have adopted the log use it for a defined set of activities: technical accounting research that feeds a memo or a conclusion, estimates where an AI tool contributed to the method or the assumptions, and control documentation where AI drafted the description of a control. They do not use it for routine drafting of emails, meeting notes or formatting. Drawing the line clearly keeps the log meaningful; a log completed for every use of the tool quickly becomes a box-ticking exercise that nobody reads.

## What auditors look for

Auditors reviewing an AI-assisted memo generally want to understand three things: whether the sources were authoritative and were read by a person, whether the conclusion reflects the entity's facts rather than a generic answer, and who is accountable for the judgment. The log answers all three.

> "We do not object to AI being used. We object to finding out afterwards, and to conclusions that cite guidance nobody on the client side has actually read." — Audit senior manager

## A note on confidentiality

The question asked of the tool often contains client or company details. The log should summarise the question without reproducing confidential data, and teams should confirm that the tool itself is an approved enterprise service with appropriate data-retention terms. Where the question could not be asked without confidential data, that is itself worth recording, along with the approval to use the tool for it.

## Keeping it light

The log takes minutes to complete and avoids the much longer conversation that happens when an auditor discovers AI involvement after the fact.

Regulators of audit firms have also begun to ask firms how their own staff use AI in audit work, and several firms have adopted a very similar log internally. A client that keeps its own log therefore finds the conversation with its auditor runs on familiar ground.

Teams that use the log consistently suggest a few rules:

1. Complete it only where AI contributed to a judgment, not for spelling or formatting help.
2. Never paste confidential data into the log itself.
3. Review a sample of logs each quarter to see whether the tool's suggestions are being checked or simply accepted. That last review is also a useful measure of how much the tool is really helping.
`,
  },
];

import type { ArticleSeed } from '../article-seed';

/* Articles 8–14 of the sample data, newest first. */
export const PART_2: readonly ArticleSeed[] = [
  {
    title: 'Income tax disclosure rules: lessons from the first year-end under ASU 2023-09',
    excerpt:
      'The expanded rate reconciliation and disaggregated taxes-paid disclosures took longer than expected. Tax teams share what they would do earlier next time.',
    categories: ['tax', 'regulatory'],
    source: { name: 'Tax Policy Monitor', url: 'https://example.com/tax-policy-monitor/asu-2023-09-first-year-end' },
    body: `
Public companies that have now completed a year-end under ASU 2023-09 say the new rate reconciliation categories and the disaggregation of income taxes paid by jurisdiction were more of a data exercise than a technical one. The 5% threshold for separately disclosing jurisdictions caught several groups by surprise late in the process.

## What the standard asks for

ASU 2023-09 made two main changes to income tax disclosures for public business entities:

- **A standardised rate reconciliation.** The reconciliation between the statutory rate and the effective rate must be presented in both percentages and amounts, using specified categories, with separate disclosure of reconciling items above a 5% threshold.
- **Disaggregated income taxes paid.** Taxes paid, net of refunds, must be split between federal, state and foreign, and further by individual jurisdiction where the amount is at least 5% of total income taxes paid.

| Rate reconciliation category | Typical contents |
| --- | --- |
| State and local income tax, net of federal effect | State current and deferred tax |
| Foreign tax effects | Rate differentials, by jurisdiction above the threshold |
| Effect of changes in tax laws | Remeasurement of deferred taxes on enactment |
| Tax credits | Research credit, energy credits |
| Changes in valuation allowances | Releases and additions |
| Nontaxable or nondeductible items | Meals, penalties, share-based compensation shortfalls |
| Changes in unrecognised tax benefits | Reserve movements |

## Where the time went

The most common recommendation is to run a dry-run disclosure at the third quarter using year-to-date data. That surfaced mapping gaps between the provision software and the cash tax ledger, and gave time to agree presentation with auditors before the year-end crunch.

Tax teams described three recurring problems:

1. **Cash taxes were not tracked by jurisdiction.** Payments were recorded in the ledger by legal entity, not by taxing authority, and a single entity might pay several authorities.
2. **Foreign rate differentials had been netted.** Previous reconciliations combined all foreign operations into one line. Splitting them by country, and testing each against the threshold, needed data the provision model did not hold.
3. **Categories did not match the provision software.** The software's standard reconciliation categories had been customised over the years and no longer mapped cleanly to the new ones.

## Private companies are next

Entities other than public business entities apply the standard one year later and with lighter requirements: they disclose the nature and effect of significant reconciling items qualitatively rather than in a full tabular reconciliation, but the disaggregation of income taxes paid applies to them as well. Controllers at private companies with foreign operations are using the public companies' experience to start the cash-tax mapping now, because that is the part that needs data the provision process has never captured.

## Talking to investors

Tax teams also found that investor-relations colleagues needed to be briefed: the more granular reconciliation can make an unchanged effective tax rate look more volatile, and analysts have started asking about individual reconciling items.

> "Our effective rate did not move, but the reconciliation went from seven lines to nineteen. The first analyst question on the call was about a line that had always been there, just hidden inside 'other'." — Vice president of tax, industrial technology company

## What to do earlier next time

The teams interviewed offered a consistent list for companies in their second year, or private companies preparing for their later effective date:

- map every cash tax payment account to a jurisdiction and a taxing authority, and keep the mapping current as entities are added;
- update the provision software categories once, centrally, rather than adjusting the output each quarter;
- calculate the 5% thresholds at the half-year to see which jurisdictions are likely to be separately disclosed;
- agree with the auditor how the disaggregated taxes-paid figures will be tested, since they come from the cash ledger rather than the provision;
- prepare a short explanation for investor relations of any reconciling item that looks new but is not.

None of these steps are technically demanding. Their value is in moving data work out of the last two weeks of the year-end, when the provision team is already at capacity.
`,
  },
  {
    title: 'Building a prompt library for the finance team without leaking sensitive data',
    excerpt:
      'Shared prompts help teams get consistent results from AI assistants. Here is how one FP&A group organised theirs while keeping customer and payroll data out of the tools.',
    categories: ['generative-ai'],
    source: { name: "Controller's Desk", url: 'https://example.com/controllers-desk/finance-prompt-library' },
    body: `
An FP&A team at a 3,000-employee services firm spent six weeks building a shared library of prompts for budgeting commentary, board-pack summaries and scenario narratives. The goal was consistency: analysts using the company's approved AI assistant were getting very different quality depending on how they phrased their requests.

## What goes in each entry

Each prompt in the library has an owner, a purpose, an example input and output, and a data classification. Prompts tagged 'restricted' can only be used with aggregated data — no customer names, no individual salaries — and the library explains how to produce that aggregation first.

A typical entry looks like this:

- **Name:** Monthly cost-centre variance commentary
- **Owner:** Senior analyst, corporate FP&A
- **Purpose:** First draft of variance commentary for cost centres with movements above threshold
- **Inputs:** Actual versus budget by account group; analyst's list of known drivers
- **Classification:** Internal — no personal or customer data
- **Example:** One worked example with real (aggregated) numbers and the edited final commentary
- **Known limits:** Does not explain timing differences without a driver list

## How the library is organised

The library lives in the team's wiki, grouped by the monthly calendar rather than by topic: close-week prompts first, then forecast prompts, then board-pack and quarterly prompts. Analysts said that was how they looked for things — by what they were doing that week, not by the type of output.

Each prompt follows the same structure, which the team calls 'role, facts, task, format':

1. **Role:** who the assistant should write as, for example 'a financial analyst writing for the executive team'.
2. **Facts:** the data, pasted or attached, and the analyst's list of known drivers.
3. **Task:** what to produce, with explicit instructions not to speculate about causes that are not in the facts.
4. **Format:** length, headings, tone and the house style for numbers (thousands with one decimal, favourable variances without brackets).

The instruction not to speculate made the biggest single difference to quality. Without it, the assistant would fill gaps with generic explanations such as 'seasonal factors', which reviewers found harder to spot than an obvious gap.

## Keeping sensitive data out

The team's data rules are short enough to fit on one page:

| Data type | Allowed in prompts? | How to prepare it |
| --- | --- | --- |
| Account-level actuals and budgets | Yes | Export from the planning tool |
| Headcount by department | Yes | Aggregated to department, no names |
| Individual salaries or bonuses | No | Use department totals |
| Customer names and contract values | No | Use customer segment totals |
| Board papers before release | Only in the approved workspace | Restricted prompts only |

The approved assistant is an enterprise service with data-retention controls, accessed through single sign-on, and the library links to it directly. Consumer tools are blocked on company devices.

## Keeping it alive

The team reviews the library quarterly and retires prompts that produce inconsistent results. The head of FP&A says the unexpected benefit was training: new hires learn the team's analytical conventions by reading the prompts.

> "The prompts turned out to be the best documentation of how we write commentary. We had never written it down before." — Head of FP&A

Three practices keep the library useful:

1. Every prompt has a named owner who tests it after a model update.
2. Analysts can suggest changes through a simple form; the owner decides.
3. Usage is reviewed each quarter, and prompts nobody uses are archived rather than left to confuse people.

## Measuring whether it worked

The team compared two closes before the library with two closes after it. Time spent drafting commentary fell by about a third, but the more telling measure was review: the number of comments from the finance director on the first draft of the board pack fell from an average of 41 to 17. Consistency, not speed, was what the library delivered.

The team now has 34 active prompts, down from a peak of 60. Fewer, better prompts turned out to be the point.
`,
  },
  {
    title: 'Bank reconciliation bots: where robotic process automation still beats AI',
    excerpt:
      'For high-volume, rules-based matching, a well-designed RPA bot remains cheaper, faster and easier to audit than a machine-learning model.',
    categories: ['automation'],
    source: { name: 'Treasury Today Digest', url: 'https://example.com/treasury-digest/rpa-vs-ai-bank-reconciliation' },
    body: `
The enthusiasm for AI has led some finance teams to replace working RPA bank-reconciliation bots with machine-learning matchers. Several treasury leaders say that was a mistake for the bulk of their transactions.

## Rules clear most of the volume

Deterministic rules — exact amount and reference, amount within a tolerance and a date window, one-to-many matching on remittance advice — clear the vast majority of bank lines in most organisations, and every match can be explained to an auditor in one sentence. Machine-learning matchers add value on the residual: messy references, partial payments and bundled receipts.

A treasury team at a logistics group shared the results of its matching rules over a quarter:

| Matching rule | Share of bank lines matched |
| --- | --- |
| Exact amount and invoice reference | 61% |
| Exact amount, date within three days, same counterparty | 17% |
| One payment to many invoices via remittance advice | 9% |
| Amount within tolerance (bank charges) | 4% |
| Unmatched after rules | 9% |

## Where the model earns its keep

The 9% left after rules is where machine learning helps. Customers who pay several invoices with one transfer and no remittance, payments that reference a purchase order instead of an invoice, and short payments after a dispute all defeat simple rules. A model that proposes candidate matches with a confidence score turns a search problem into a review problem.

The mistake was replacing the rules rather than adding to them. When one retailer swapped its bot for a model across all transactions, the auditors asked for an explanation of how matches were made. 'The model matched them' was not an acceptable answer for a population that rules had previously explained line by line.

## Maintaining the rules

Rules are not free of maintenance. New customers with unusual payment habits, changes in the bank's reference format and new payment methods all require occasional updates. The logistics group reviews its rule performance monthly: any rule whose match rate falls, or whose matches are frequently reversed, is examined. Changes go through the same change-control process as any other financial system configuration, with testing on the previous month's data before deployment.

## A layered design

The recommended design is layered: rules first, a model proposing matches for the residual with a confidence score, and a human confirming anything below a threshold. That keeps the audit trail simple where volume is highest.

1. **Rules** match and post automatically, with the rule recorded on each match.
2. **The model** proposes matches for the remainder, with a score and the features it used.
3. **People** confirm proposals below the auto-accept threshold and investigate what is left.
4. **Feedback** from confirmations is used to retrain the model and to spot new rules worth writing.

> "Every time the model found a pattern it got right a thousand times, we turned it into a rule. The model's job is to find the next pattern, not to run the old ones." — Treasury operations manager

## What auditors want to see

Auditors reviewing an automated reconciliation generally ask three things: how the matching logic works, how changes to it are controlled, and how unmatched items are followed up. For rules, the first question is answered by the rule definitions themselves. For a model, the team needs documentation of the features used, the confidence threshold for automatic acceptance, the monitoring of accuracy and the process for retraining.

The logistics group keeps the model out of automatic posting altogether: every model-proposed match is confirmed by a person, and the confirmation is logged with the user and time. That choice made the audit conversation short. The model is a productivity tool for the reconcilers, not part of the control itself.

## The cost comparison

For the logistics group, the rules engine costs little to run and rarely changes. The model needs monitoring, periodic retraining and documentation for the auditors. Applied to the residual only, that cost is justified by the hours saved on manual matching. Applied to everything, it would have added cost and audit effort without clearing a single extra line.
`,
  },
  {
    title: 'Ghost employees resurface as payroll moves to distributed teams',
    excerpt:
      'Remote onboarding and multi-country payroll providers have reopened an old fraud risk. Simple data tests can close it again.',
    categories: ['fraud-detection'],
    source: { name: 'Forensic Accounting Notes', url: 'https://example.com/forensic-notes/ghost-employees-remote-payroll' },
    body: `
Forensic accountants report a rise in ghost-employee schemes at companies that expanded remote hiring and now run payroll through several providers in different countries. Without a physical badge or a single HR system of record, a fictitious employee can survive for months.

The risk is not confined to large companies. Smaller firms that outsource payroll entirely often have the weakest visibility, because the only person who sees both the HR records and the payroll output may be the one running the scheme.

## How the schemes work

The mechanics are old. Someone with access to HR or payroll data adds a person who does not exist, or keeps paying someone who has left, and directs the salary to an account they control. What has changed is the environment:

- new starters are onboarded by video call and never visit an office;
- employer-of-record providers run payroll in countries where the company has no entity, often with limited visibility for the company's own HR team;
- line managers may have never met their reports in person, and team sizes change quickly.

## The tests

The tests are familiar: employees with no system log-ins, no expense claims and no leave taken; bank accounts shared between employees; and pay changes approved by the person who requested them. What has changed is that the data is spread across an HR platform, an employer-of-record provider and local payroll bureaux, so the tests must be run on a combined data set.

| Test | Data needed | What a hit looks like |
| --- | --- | --- |
| No digital footprint | Identity provider log-ins, email activity | Paid for three months, never signed in |
| Shared bank details | Payroll bank accounts across providers | Two employees, one account |
| Self-approved changes | HR change log with requester and approver | Pay rise requested and approved by the same user |
| Leavers still paid | HR termination dates, payroll runs | Payment after termination date |
| Missing documents | Right-to-work and tax forms | No identity document on file |

## A case from a services firm

At one professional services firm, a regional HR administrator created two contractors through an employer-of-record provider, approved their monthly timesheets through a shared inbox and received their pay into accounts opened under family members' names. The scheme ran for eleven months. It was found when the finance team reconciled the provider's monthly invoice to active headcount in the HR system and found two names that existed only at the provider.

> "Nobody was checking the provider's invoice against our own list of people. We paid what they billed, and they billed what they were told." — Finance director, professional services firm

## Why the warning signs were missed

Most ghost-employee cases have warning signs in plain view: an employee who never takes leave, never files expenses and never appears in an all-hands meeting. In distributed teams, those signs are less unusual. Some genuine employees work quietly for months without expenses or leave, especially contractors, which is why the tests need to combine several signals rather than rely on one.

## Closing the gap

Companies that reconcile headcount from HR to each payroll provider monthly, and that require a manager other than the hiring manager to confirm new starters in their first pay cycle, have largely closed the gap.

Additional steps worth considering:

1. Require identity verification for new starters through a provider independent of the hiring team.
2. Compare payroll bank details across all providers and with the vendor master, not just within one payroll.
3. Run the 'no digital footprint' test monthly; it is cheap and rarely produces false positives.
4. Restrict who can change bank details in each payroll system, and log every change.

None of this requires specialist software. It requires someone to own the combined data set and to look at it every month.
`,
  },
  {
    title: 'Disaggregating expenses under ASU 2024-03: a practical data-mapping approach',
    excerpt:
      "The FASB's expense disaggregation standard requires natural-expense detail behind functional captions. Starting with the chart of accounts saves months later.",
    categories: ['regulatory'],
    source: { name: 'Standards Watch', url: 'https://example.com/standards-watch/asu-2024-03-expense-disaggregation' },
    body: `
ASU 2024-03 requires public business entities to disclose, in the notes, the amounts of purchases of inventory, employee compensation, depreciation, intangible asset amortisation and certain other natural expenses included within each relevant income statement caption. For companies that present expenses by function, that means linking two views of the same costs that many systems have never connected.

## The disclosure in brief

For each relevant expense caption on the face of the income statement — cost of sales, selling expenses, general and administrative, research and development — the company must disclose, in a tabular format:

- purchases of inventory,
- employee compensation,
- depreciation,
- intangible asset amortisation,
- depletion, where relevant,
- amounts already required by other standards, such as certain impairment and restructuring costs,
- a qualitative description of the remaining amounts.

Companies must also disclose total selling expenses and, in annual periods, their definition of selling expenses.

## Why this is a data problem

Most general ledgers are built around natural accounts: salaries, rent, depreciation, travel. The income statement, for companies that present by function, is built around cost centres or departments: sales, marketing, R&D, administration. The mapping between the two usually happens inside the consolidation or reporting tool and is never stored as a matrix. The disclosure requires exactly that matrix.

## A practical mapping approach

The most efficient approach reported by early adopters is to tag each general-ledger account with a natural-expense attribute and each cost centre with a functional attribute, then build the disclosure as a simple matrix. The hard cases are costs capitalised into inventory and later released through cost of sales, which need tracking through the inventory roll-forward.

| | Cost of sales | Selling | G&A | R&D |
| --- | --- | --- | --- | --- |
| Purchases of inventory | from inventory roll-forward | — | — | — |
| Employee compensation | direct labour + capitalised labour released | sales payroll | admin payroll | R&D payroll |
| Depreciation | production assets + capitalised depreciation released | — | office assets | lab equipment |
| Amortisation | — | customer relationships | software | acquired technology |
| Other | freight, utilities, scrap | marketing spend | professional fees | materials, contractors |

## The inventory problem

Capitalised costs are where the exercise gets difficult. Labour and depreciation that are capitalised into inventory do not appear in cost of sales until the inventory is sold, possibly in a later period. To disclose how much employee compensation sits in cost of sales, companies need to track the components of inventory cost through the roll-forward, or use a reasonable estimation method.

The standard permits estimates and other methods that produce a reasonable approximation, provided the method is disclosed. Early adopters have generally used the ratio of each component in the period's production cost, applied to the cost of goods sold, and documented why the approximation is reasonable.

> "We spent more time on the inventory allocation than on everything else combined. The answer was a reasonable estimate and a clear description, not a new costing system." — Director of financial reporting, consumer products company

## Timing

Although the standard is effective for annual periods beginning after 15 December 2026, the comparative periods mean the data needs to exist much earlier. Teams are being advised to run the matrix on current-year data now and reconcile it to the income statement.

A realistic plan:

1. Tag the chart of accounts and the cost-centre hierarchy this year.
2. Build the matrix in the reporting tool and reconcile each column to the income statement caption.
3. Decide and document the inventory allocation method with the auditors.
4. Run the matrix quarterly for a year before it is needed, and investigate any quarter where 'other' grows unexpectedly.
5. Draft the selling-expense definition and the qualitative descriptions early, so that legal and investor relations can review them.

## Controls over the new disclosure

Because the disclosure is new and sits in the audited notes, it needs controls of its own. Preparers are designing a small set: a review of the account and cost-centre tags whenever new accounts or cost centres are created, a reconciliation of each column of the matrix to the income statement caption, an analytical review of each cell against the prior period, and a documented review of the inventory allocation method each year. Auditors will test these like any other financial reporting control, and companies that design them before the first reporting period avoid building them in a hurry during the audit.

## What 'other' should contain

The standard requires a qualitative description of the amounts that remain in each caption after the specified categories. That residual should be small enough to describe meaningfully. If 'other' in general and administrative expenses turns out to be 40% of the caption, it probably contains items — professional fees, software subscriptions, insurance — that deserve a clearer description, and investors will ask about it. Running the matrix early shows how large the residual is while there is still time to improve the tagging.

## Connections with IFRS 18

Groups that report under both US GAAP and IFRS, or that have subsidiaries reporting under IFRS, will notice that IFRS 18 asks for a similar expenses-by-nature disclosure for companies presenting by function. The definitions differ in detail, but the underlying data — natural expenses mapped to functional captions — is the same. Building one matrix that serves both is worth the extra design effort.
`,
  },
  {
    title: 'Sampling versus full-population testing: what changes when analytics cover 100% of journal entries',
    excerpt:
      'Testing every journal entry sounds like more assurance. In practice it changes the work from selecting items to investigating exceptions — and demands a clear threshold for what counts as one.',
    categories: ['audit', 'automation'],
    source: { name: 'Audit Quarterly', url: 'https://example.com/audit-quarterly/full-population-journal-entry-testing' },
    body: `
Audit firms and internal audit functions are increasingly running journal-entry tests over the entire population rather than a sample. The software handles millions of lines easily; the challenge is deciding what to do with the thousands of entries that trip at least one rule.

The shift is often described as moving from 'some assurance over everything' to 'full coverage'. That framing is misleading. Running a rule over every entry does not mean every entry has been tested in the audit sense. It means every entry has been screened, and the audit work now consists of deciding which screened entries need investigation and documenting why the rest do not.

## Why journal entries matter

Journal entries are where management override of controls happens. Auditing standards have long required procedures to test the appropriateness of journal entries recorded in the general ledger and other adjustments made in the preparation of the financial statements, precisely because fraudulent financial reporting so often involves inappropriate entries — to revenue, to reserves, to capitalised costs — made near period-end by people with the access to make them.

Traditional approaches selected a sample of entries, often weighted towards period-end and manual entries, and examined supporting documentation. The sample might be a few dozen entries out of hundreds of thousands. Full-population analytics make it possible to look at every entry through the lens of the risks identified in planning.

## Designing the rules

Experienced practitioners recommend designing rules around specific risks identified in planning — entries posted after the close, by unusual users, to rarely used accounts, or with round amounts to revenue — and scoring entries by the number and severity of rules they trigger. Investigating every flagged entry is neither feasible nor necessary; the audit documentation should explain the threshold and why it addresses the risk.

Commonly used rules include:

- entries posted after the period-end close date, or on weekends and holidays;
- entries posted by users who do not normally post entries, or by senior management;
- entries to accounts that are rarely used, or to suspense and clearing accounts;
- entries with round amounts or amounts just below approval thresholds;
- entries with no description, or descriptions containing terms such as 'adjust', 'correct' or 'per CFO';
- entries that debit revenue or credit expenses, reversing the normal direction;
- manual entries to accounts normally populated by automated interfaces;
- entries reversed shortly after period-end.

Each rule should map to a risk. A rule that does not address a risk identified in planning adds noise without adding assurance.

## Scoring rather than listing

A single large retailer may produce several million journal lines a year. Even narrow rules generate thousands of hits. Practitioners handle the volume by scoring: each rule carries a weight reflecting the risk it addresses, and each entry receives a score equal to the sum of the weights of the rules it triggers. The audit team then investigates entries above a threshold score and documents the rationale for the threshold.

| Score band | Entries in band (example) | Treatment |
| --- | --- | --- |
| 0 | 1,840,000 | No further work; covered by the screening |
| 1–3 | 41,200 | Reviewed in aggregate by account and user for patterns |
| 4–6 | 1,150 | Sample examined, targeted by user and account |
| 7 or more | 38 | Every entry examined with supporting evidence |

The numbers in the table come from a manufacturing audit described by an engagement partner. The 38 highest-scoring entries included two that were later adjusted: a manual reclassification of freight costs into inventory at year-end, and an accrual release to revenue without documentation. Neither would have been likely to appear in a traditional sample.

## The threshold is the judgment

The most common inspection finding on full-population testing is not that the analytics were wrong, but that the threshold was not justified. If a team investigates entries scoring seven or more, the file should explain why seven, what risks entries below seven still carry, and what other work addresses them. A threshold chosen because it produced a manageable number of items is a practical answer, not an audit rationale.

> "The software made the population testing easy. What it exposed was that our teams had never had to articulate why they looked at some entries and not others. Sampling had hidden that question." — National audit methodology leader

## Completeness of the population

Full-population testing is only as good as the population. Before running any rules, teams need to establish that the journal-entry data they received is complete: that the total of entries rolls forward the trial balance from the opening to the closing position for every account, and that entries from all ledgers, including consolidation and top-side adjustments, are included.

Top-side entries deserve particular attention. They are often made in the consolidation system rather than the general ledger, by a small number of senior people, and they are a classic vehicle for management override. A journal-entry test that covers every ledger entry but omits the consolidation adjustments has missed the highest-risk population.

## What changes for management

Full-population testing also shifts the conversation with management. Exceptions that turn out to be legitimate often reveal process weaknesses, such as manual entries that should be automated, which gives the audit a practical value beyond the opinion.

Typical observations that finance teams have found useful:

- recurring manual entries that could be automated, reducing both effort and risk;
- users with posting access they do not need;
- accounts used inconsistently across entities;
- late entries concentrated on particular teams, pointing to bottlenecks in the close.

Controllers who receive these observations as a report, rather than as a list of audit queries, often use them to tighten their own controls before the next period.

## Internal audit's version

Internal audit functions are adopting the same techniques, often on a continuous basis. Running the rules monthly rather than annually turns journal-entry testing into a monitoring activity: exceptions are investigated while the people involved still remember the entries, and patterns can be discussed with the controller before the year-end.

The main risk for internal audit is alert fatigue. A monthly run that produces hundreds of exceptions, most of them explained by known processes, will quickly be ignored. The answer is the same as for the external auditor: rules mapped to specific risks, scoring, a documented threshold, and a periodic review of rules that produce only noise.

## Working with the data

In practice, the hardest part of full-population testing is often getting usable data. Journal-entry extracts from different ledgers arrive in different layouts; user identifiers differ between systems; posting dates, entry dates and effective dates mean different things in different ERPs; and automated entries from sub-ledgers may appear as single summarised lines or as thousands of detailed ones.

Teams that do this well invest in a repeatable extraction for each client or business unit, agreed with the IT team in advance, and a standard set of validation checks that runs before any rule is applied:

- the population rolls forward the trial balance for every account;
- debits equal credits for every entry;
- every entry has a posting date within the period, or a documented reason why not;
- user identifiers can be matched to people and roles;
- automated sources are identified, so that manual entries can be distinguished.

When any of these checks fails, the analytics stop until the difference is explained. Running rules on an incomplete or misunderstood population produces results that look precise and mean little.

## Common pitfalls

Engagement teams and inspectors point to a handful of recurring mistakes:

1. **Rules copied from a library without mapping to the engagement's risks.** A standard rule set is a starting point, but each rule should be justified for the specific client.
2. **Thresholds set after seeing the results.** Choosing the threshold that produces a convenient number of entries to investigate inverts the logic.
3. **Investigating without evidence.** Entries above the threshold are 'explained' by a conversation with the person who posted them, with no supporting documentation.
4. **Ignoring the middle band.** Entries with moderate scores are neither investigated nor analysed in aggregate, leaving a large population with no documented work.
5. **No feedback loop.** Rules that produced only noise last year are run again unchanged, while new risks identified this year have no rule.

## Combining with traditional procedures

Full-population analytics do not replace every traditional procedure. Inquiry of individuals involved in the financial reporting process about inappropriate or unusual activity, consideration of the entity's controls over journal entries, and professional skepticism in examining the entries that are selected all remain essential. The analytics change how entries are selected and how coverage is documented; they do not change what it means to examine an entry properly.

## A worked example of a rule

Consider a rule aimed at the risk of revenue being inflated through manual entries at period-end. A well-specified version might read: manual entries, posted in the last five business days of the period or the first ten business days after it, that credit a revenue account and debit an account other than receivables or cash, by any user. The rule names the risk, the population, the timing window and the unusual combination of accounts. It produces few hits in most companies, and each hit is worth looking at.

A poorly specified version — 'all entries to revenue' — screens everything and finds nothing, because it flags millions of legitimate automated entries from the billing system alongside the handful that matter.

## Skills and documentation

Full-population testing needs people who can prepare and validate data, write and maintain rules, and interpret results in the context of the business. Many firms pair a data specialist with the engagement team rather than expecting auditors to do both. The documentation should allow a reviewer who did not run the analytics to understand what was tested, how the population was validated, which rules were run and why, how the threshold was set, and what was done with the entries above it.

## The bottom line

Moving from samples to populations is a genuine improvement in audit quality when it is done well. It finds entries that sampling would miss, it gives management useful insight into its own processes, and it makes the auditor's judgment more explicit. Done poorly, it produces an impressive-looking screen of millions of entries and a thin investigation of a handful chosen for convenience. The technology is the easy part; the judgment about what counts as an exception is the audit.
`,
  },
  {
    title: 'Large language models misread lease contracts less often — but the errors are harder to spot',
    excerpt:
      'A benchmark of contract-extraction tools found accuracy on key lease terms above 95%. The remaining errors were plausible-looking and concentrated in renewal and termination options.',
    categories: ['generative-ai', 'audit'],
    source: { name: 'AI in Finance Report', url: 'https://example.com/ai-finance-report/llm-lease-extraction-benchmark' },
    body: `
A benchmark run by a group of lease-accounting practitioners tested four contract-extraction tools on 600 real estate and equipment leases. On commencement dates, payment amounts and escalation clauses, the best tools exceeded 95% accuracy — a significant improvement over template-based extraction.

## How the benchmark worked

The practitioners, from a mix of corporate finance teams and advisory firms, assembled 600 leases that had already been abstracted by experienced lease accountants and reviewed. They removed the abstracts, ran each contract through four tools — two template-based extraction products and two built on large language models — and compared the outputs field by field with the reviewed abstracts.

| Field | Best template tool | Best LLM-based tool |
| --- | --- | --- |
| Commencement date | 91% | 98% |
| Base rent and frequency | 88% | 97% |
| Escalation clause | 72% | 95% |
| Renewal options | 61% | 86% |
| Termination options and penalties | 58% | 83% |
| Purchase options | 79% | 93% |

## The nature of the errors

The worrying finding was the nature of the remaining errors. Where older tools left fields blank, the language models returned confident, well-formatted answers that were wrong, most often on renewal options that depend on conditions elsewhere in the contract and on termination penalties described in side letters.

Examples from the benchmark:

- A renewal option described as 'two further terms of five years' was extracted correctly, but the condition that the tenant must not be in breach, and must give twelve months' notice, was omitted.
- A termination option available only after year seven was reported as available from commencement.
- A side letter reducing rent for the first eighteen months was ignored because it was a separate document in the same file.

For lease accounting, these are not minor fields. The lease term drives the measurement of the liability and the right-of-use asset, and errors in renewal and termination options can change both materially.

## Why blank was better

A blank field is a prompt for a human to look. A plausible wrong answer is not. The practitioners found that reviewers checking LLM output were more likely to accept an incorrect renewal option than reviewers filling in blanks from a template tool, because the output looked complete.

> "The old tools failed loudly. The new ones fail politely, in perfect English, with the right formatting. That is much more dangerous in a review process designed to catch gaps." — Lease accounting lead, retail group

## Recommendations

The practitioners recommend treating extracted data as a draft, with targeted human review of the fields that drive lease term and remeasurement, and a requirement that the tool cite the clause it relied on.

1. **Require citations.** Every extracted value should point to the page and clause it came from, so the reviewer can check the source rather than the answer.
2. **Review by risk, not by field count.** Renewal, termination and purchase options, and any field that depends on another document, get full review. Dates and amounts with citations get spot checks.
3. **Process whole files.** Amendments and side letters must be processed with the main contract, and the tool should list every document it considered.
4. **Track accuracy over time.** Keep a sample of reviewed abstracts and re-run them when the tool or model changes.

## The cost of review

The practitioners also measured review time. Reviewing an LLM abstract with citations took an experienced lease accountant about 25 minutes per contract, against roughly 90 minutes to abstract the same contract manually. Reviewing without citations took almost as long as abstracting from scratch, because the reviewer had to find each clause. Citations, in other words, were where most of the time saving came from.

## What it means for auditors

Auditors testing lease populations abstracted with AI tools should ask how the abstracts were reviewed, which fields were fully reviewed, and whether the tool's citations were retained. A lease sub-ledger built from unreviewed extraction is a population with an unknown error rate in exactly the fields that matter most.
`,
  },
];

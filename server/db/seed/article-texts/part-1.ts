import type { ArticleSeed } from '../article-seed';

/* Articles 1–7 of the sample data, newest first. Bodies are Markdown (one line per paragraph). */
export const PART_1: readonly ArticleSeed[] = [
  {
    title: 'IFRS 18 reshapes the income statement: what preparers must change by 2027',
    excerpt:
      'New mandatory subtotals, defined operating, investing and financing categories, and audited management-defined performance measures mean the 2027 income statement will look different. Here is the preparer\'s to-do list.',
    categories: ['regulatory'],
    source: { name: 'Standards Watch', url: 'https://example.com/standards-watch/ifrs-18-income-statement-2027' },
    featured: true,
    body: `
IFRS 18 Presentation and Disclosure in Financial Statements replaces IAS 1 for annual periods beginning on or after 1 January 2027, and it is the most significant change to the face of the income statement in two decades. Every income and expense item must be classified into one of five categories — operating, investing, financing, income taxes and discontinued operations — and two new subtotals, 'operating profit' and 'profit before financing and income taxes', become mandatory.

The standard does not change how much profit a company reports. It changes where each item sits, what the subtotals mean, and how much of management's own storytelling moves inside the audited financial statements. For groups that have spent years explaining 'adjusted' numbers in investor presentations, that last point is the one that will consume the most board time.

## The five categories, and why the residual line matters

The classification rules are not a relabelling exercise. Entities whose main business activity is investing or providing finance to customers classify some items differently from a typical corporate, and foreign exchange differences follow the category of the item that gave rise to them. Preparers who have been using 'other operating income' as a catch-all will find that the standard pushes hard against unexplained residual lines.

The operating category is the default: anything that is not classified elsewhere lands there. That sounds generous, but it has a consequence. Items that many companies currently present below operating profit — some impairment losses, restructuring costs, gains on disposal of property used in the business — will be part of operating profit under IFRS 18 unless they meet the definition of another category.

| Category | What typically lands there | Common surprise |
| --- | --- | --- |
| Operating | Revenue, cost of sales, selling and admin expenses, most impairments | Restructuring and 'one-off' costs cannot be pushed below the line |
| Investing | Income and expenses from investments in associates and joint ventures, returns on cash and investments held separately from main activities | Dividends and fair-value gains on passive investments move out of operating |
| Financing | Interest on borrowings, unwinding of discount on provisions and lease liabilities | Interest on pension liabilities and provisions lands here, not in operating |
| Income taxes | Tax expense within the scope of IAS 12 | Unchanged in substance, but the subtotal above it is now defined |
| Discontinued operations | As under IFRS 5 | Unchanged |

## Two new subtotals

The first mandatory subtotal, operating profit, has never had a definition in IFRS before. Companies have presented 'operating profit' for decades, but each chose its own meaning. From 2027 the number with that name will be comparable across IFRS reporters, which is exactly why analysts asked for it.

The second, profit before financing and income taxes, will look familiar to anyone who has worked with EBIT. It is operating profit plus the investing category. Groups with significant associates or joint ventures will see the biggest gap between the two subtotals.

## Management-defined performance measures

The part catching many teams off guard is management-defined performance measures (MPMs). If a measure such as 'adjusted EBITDA' is used in public communications outside the financial statements and reflects management's view of performance, it must be disclosed in a single note, reconciled to the closest IFRS subtotal, with the tax and non-controlling-interest effect of each reconciling item. That note sits inside the audited financial statements.

Three practical questions come up in almost every implementation:

1. **Which measures are in scope?** Only subtotals of income and expenses used in public communications. Ratios such as return on capital employed are generally out, but their numerator may be in if it is itself a subtotal of income and expenses.
2. **What counts as public communications?** Annual reports, investor presentations, earnings releases and websites all count. An internal management dashboard does not.
3. **What if a measure changes?** The standard requires disclosure of the change, the reason for it and restated comparatives. Frequent redefinition of 'adjusted' measures will become visible in the audited accounts.

> "The MPM note is where the audit effort will go. For the first time, our adjusted operating profit will carry an audit opinion, and every reconciling item needs the same evidence as a line on the face of the income statement." — Group financial controller, European industrial company

## Aggregation, disaggregation and the notes

IFRS 18 also tightens the principles for aggregating and disaggregating information. Items should be grouped on the basis of shared characteristics, and material items that do not share characteristics should not be combined. Companies that present expenses by function must also disclose, in a single note, certain expenses by nature — depreciation, amortisation, employee benefits, impairment losses and inventory write-downs — for each line item on the face of the income statement.

That last requirement echoes the US expense disaggregation project and creates the same data challenge: linking natural accounts in the general ledger to functional captions in the income statement.

## Specified classification for specific entities

Banks, insurers, investment entities and groups with a treasury or customer-financing arm face an extra layer of judgment. The standard asks whether investing in particular types of assets, or providing financing to customers, is a main business activity. If it is, income and expenses that would otherwise sit in investing or financing are classified in operating instead, because they are part of how the entity earns its operating result.

The assessment is made at the reporting-entity level, but in a diversified group it can produce results that feel odd at first. A manufacturer with a captive finance company that leases equipment to customers may conclude that providing finance to customers is a main business activity, in which case interest income on those leases — and some related interest expense — belongs in operating profit. The group needs a documented policy for the allocation and a way to track it in the ledger.

## Effects on systems and reporting packs

Most of the work sits in the consolidation system rather than in the local ledgers. Typical changes reported by preparers include:

- a new attribute on every general-ledger account identifying its IFRS 18 category, with a default and documented exceptions;
- foreign exchange differences tagged by the category of the underlying item, which usually means splitting a single FX gains and losses account into several;
- new reporting-pack lines for items that move category, such as interest on provisions and dividends from passive investments;
- a data feed for the expenses-by-nature note from cost-centre and account data;
- a controlled list of MPMs with their definitions and reconciling items, owned by group reporting rather than investor relations.

Local finance teams generally see only the new attributes. Group teams see the rest, and they should expect to run two income statement formats side by side for at least one year.

## Communicating the change

Analysts and lenders will notice the new subtotals long before they read the transition note. Covenant definitions in loan agreements often refer to 'operating profit' or 'EBIT' as presented in the financial statements, and treasury teams should check whether a change in presentation moves a covenant calculation. In most cases the agreements define their own measures, but where they refer to reported subtotals, a conversation with lenders before the first IFRS 18 reporting date is cheaper than a waiver afterwards.

Investor relations teams face a similar question for guidance. A company that guides on adjusted operating profit will find that measure in its audited notes, reconciled to a newly defined IFRS subtotal. Guidance, the MPM note and the income statement should tell one consistent story.

## A realistic timeline

Because comparatives must be restated, the practical deadline is the start of the 2026 comparative period. Teams that have not yet mapped their chart of accounts to the new categories, inventoried their non-GAAP measures and agreed an approach with their auditors should treat the next two quarters as the window to do so.

A workable plan for a calendar-year reporter looks like this:

- **Now:** inventory every subtotal and adjusted measure used in public communications; map each general-ledger account to an IFRS 18 category; identify items that change category.
- **Before the comparative year starts:** agree the classification policy and the MPM list with the audit committee and the external auditor; update consolidation system mappings so the comparative year is captured in the new structure.
- **During the comparative year:** run the new income statement in parallel each quarter; draft the MPM note and the expenses-by-nature note using real data; brief investor relations.
- **First reporting year:** present, disclose and explain. Expect analysts to ask why operating profit moved when nothing in the business did.

## What good preparation looks like

The companies furthest ahead share a few habits. They treated IFRS 18 as a data project owned by the group reporting team rather than a technical memo owned by the accounting policy team. They involved investor relations early, because the MPM note changes what can be said publicly. And they ran the new format on real numbers at least two quarters before it mattered, which exposed mapping problems while there was still time to fix them.

None of this is technically difficult. It is, however, a lot of small decisions that each need a documented rationale, and the volume of those decisions is what turns a presentation standard into an eighteen-month project.
`,
  },
  {
    title: 'How continuous auditing caught a $2.3M duplicate-vendor scheme',
    excerpt:
      'A rule flagging vendors that share bank accounts with employees surfaced a two-year scheme at a regional distributor. The internal audit team explains how the analytics worked — and what they missed at first.',
    categories: ['fraud-detection', 'audit'],
    source: { name: 'Internal Audit Review', url: 'https://example.com/internal-audit-review/continuous-auditing-duplicate-vendor' },
    featured: true,
    body: `
The alert that unravelled the scheme looked routine: two active vendor records sharing a bank account, one of which had been created by an accounts payable clerk and approved by the same clerk's supervisor on the same afternoon. The regional distributor's internal audit team had switched on continuous monitoring of the vendor master only four months earlier.

Over the following three weeks the team traced 214 invoices, totalling just over $2.3 million, paid to a shell supplier of 'maintenance consumables'. Invoice amounts were deliberately kept under the $15,000 threshold that triggered a second approval, and the descriptions mirrored those of a legitimate supplier with a near-identical name. Classic sampling had twice selected invoices from the legitimate vendor and found nothing unusual.

## The rules that found it

The analytics that mattered were simple: fuzzy matching of vendor names and addresses against each other and against the employee master, bank-account overlap checks, and a split-purchase test looking for clusters of invoices just below approval limits. The more sophisticated anomaly-detection model the team had also deployed ranked the shell vendor only 41st out of several thousand.

The team ran five tests every night against the vendor master and the previous day's payments:

- **Bank-account overlap:** any two vendors, or a vendor and an employee, sharing an account number.
- **Name and address similarity:** vendor pairs whose names differ by two characters or fewer after removing legal suffixes, or who share a street address.
- **Creation and approval by related users:** vendors set up and approved by people in the same reporting line on the same day.
- **Threshold clustering:** more than three invoices from one vendor within 10% below an approval limit in a rolling 30 days.
- **Dormant-then-active:** vendors with no activity for twelve months that suddenly receive several payments.

Any one of these produces false positives. The shell vendor tripped four of them, and the combination is what pushed it to the top of the weekly review.

| Test | Alerts per month (avg.) | Closed as legitimate | Escalated |
| --- | --- | --- | --- |
| Bank-account overlap | 6 | 4 | 2 |
| Name/address similarity | 31 | 29 | 2 |
| Related-user creation | 12 | 11 | 1 |
| Threshold clustering | 18 | 15 | 3 |
| Dormant-then-active | 9 | 8 | 1 |

## What they missed at first

The first escalation went nowhere. The reviewer accepted the clerk's explanation that the shared bank account was a data-entry error and corrected it — on the legitimate vendor's record. For six more weeks the shell vendor kept receiving payments to the clerk's account, and the overlap test stopped firing because the records no longer shared an account.

The scheme resurfaced through threshold clustering. When the team looked again, they found the correction itself in the vendor change log, approved by the same supervisor. That change log became the central piece of evidence.

> "We had built alerts but not the discipline around closing them. An alert closed with 'data error' and no second look is worse than no alert, because it creates a record that someone checked." — Chief audit executive

## Building the case

Once the scheme was clear, the investigation itself followed a conventional path, but the monitoring data made it faster. Because every alert, every vendor change and every payment was already in one data set, the team could reconstruct the full history of both vendor records in an afternoon. They then:

- obtained the legitimate supplier's statements and confirmed that none of the 214 invoices had been issued by it;
- matched the shell vendor's bank account to the clerk through the payroll master, which was already part of the overlap test;
- reviewed the clerk's system access and found that she could both create vendors and enter invoices, a conflict that had been accepted years earlier as a temporary measure during a staff shortage;
- interviewed the supervisor, who had approved the vendor creation and the later bank-detail 'correction' without reviewing supporting documents.

The supervisor was not found to have benefited from the scheme, but the approvals were a clear failure of the control, and the company changed both the approval workflow and the supervisor's responsibilities.

## Changes afterwards

The company made three changes, none of them technical:

1. Every closed alert now requires a documented rationale and, for bank-account and related-user alerts, evidence from outside accounts payable — a call-back to the vendor on a number from an independent source, or a bank confirmation.
2. Vendor master changes can no longer be approved by anyone in the requester's reporting line. The ERP enforces it; the monitoring verifies it.
3. Segregation-of-duties exceptions are escalated to the controller rather than resolved inside accounts payable.

The chief audit executive's takeaway is that continuous auditing is mainly a discipline, not a technology purchase. Alerts were reviewed weekly by a named owner, every closed alert required a documented rationale, and segregation-of-duties exceptions were escalated to the controller rather than resolved inside accounts payable.

## Data behind the tests

Setting up the tests took the team about six weeks, most of it spent on data rather than logic. The vendor master had accumulated years of inconsistent entries: bank account numbers with and without branch codes, addresses in free text, legal suffixes abbreviated in several ways. The team built a small normalisation step — strip punctuation and suffixes, standardise common abbreviations, split bank details into their components — that runs before every comparison. Without it, the name-similarity test produced hundreds of meaningless matches a week, and the bank-overlap test missed accounts entered in different formats.

The employee master needed the same treatment, and it raised a governance question: internal audit did not normally hold employees' bank details. The team agreed with HR and the data protection officer that the comparison would run inside the payroll system's reporting environment, returning only matches, so that internal audit never stored the full employee bank data. That arrangement took three weeks to agree and was, in hindsight, the most important design decision in the project, because it let the most valuable test run at all.

## Why the model ranked it 41st

The team also looked at why their anomaly-detection model had not flagged the vendor more prominently. The answer was instructive: the model scored payments by how unusual they were compared with the vendor's own history and with similar vendors. The shell supplier had been paid regularly, in amounts typical for maintenance consumables, for two years. By the time the model was switched on, the fraud was the vendor's normal behaviour.

Rules that compare the vendor master with other master data — employees, other vendors, approval hierarchies — do not have that blind spot. They look for relationships that should not exist, regardless of how long they have existed.

## Lessons for other teams

For internal audit functions considering the same approach, the distributor's experience suggests starting with a handful of transparent rules on the vendor master and payments, sized so that one person can review every alert each week. Sophisticated models can come later, and they are most useful for ranking what the rules have already found. Practical starting points that the team recommends:

1. Extract the vendor master, the employee master and twelve months of payments into one place, and refresh them daily.
2. Start with bank-account overlap and related-user approval tests; they are cheap and produce few false positives.
3. Name an owner for the weekly review and set a service level for closing alerts.
4. Require evidence from outside the process for every closure of a high-risk alert.
5. Report alert volumes and closure reasons to the audit committee every quarter.

The recovered funds — a little over half of the loss, through the clerk's assets and an insurance claim — paid for the monitoring program several times over.
`,
  },
  {
    title: 'Generative AI in the close: three controllers on what actually saved time',
    excerpt:
      'Flux commentary drafts, reconciliation summaries and policy look-ups delivered real hours back. Automated journal entries did not — yet. Three controllers share their numbers.',
    categories: ['generative-ai', 'automation'],
    source: { name: "Controller's Desk", url: 'https://example.com/controllers-desk/genai-close-three-controllers' },
    featured: true,
    body: `
After a year of pilots, three controllers — at a software company, a hospital group and a consumer-goods manufacturer — compared notes on where generative AI has made a measurable difference to their month-end close. The common thread: the wins came from drafting and summarising, not from posting.

Each of them started with the same vendor pitch, roughly 'let the model do the close', and each ended up somewhere more modest and more useful. Their experience is a good antidote to both the hype and the reflexive scepticism that surround AI in finance.

## Where the hours came back

### Flux and variance commentary

The clearest saving was in flux and variance commentary. Feeding the model the trial-balance movements, the prior month's commentary and a short list of known drivers produced first drafts that analysts edited rather than wrote from scratch. The hospital group estimates it cut commentary time from roughly 30 hours to 11 hours per close, with reviewers reporting fewer rather than more rework cycles.

The key was the list of known drivers. Without it, the model produced fluent explanations that were plausible and wrong — 'higher volumes' for a variance that was really a reclassification. With a short, analyst-maintained list of what actually happened in the month, the drafts became accurate enough to edit.

### Reconciliation summaries

Reconciliation summaries and accounting-policy look-ups came next. For balance-sheet reconciliations, the model summarises reconciling items, their age and their owners, which lets the reviewer focus on the few items that need judgment. The software company's assistant controller estimates the review of 140 reconciliations now takes a day less.

### Policy look-ups

The manufacturer built a retrieval tool over its own policy manual and past technical memos, which junior staff now query before escalating questions. All three controllers stressed that the tools cite the source paragraph, so reviewers can check the answer rather than trust it.

| Use case | Hospital group | Software company | Manufacturer |
| --- | --- | --- | --- |
| Flux commentary | −19 hours/close | −8 hours/close | −6 hours/close |
| Reconciliation summaries | not piloted | −7 hours/close | −5 hours/close |
| Policy look-ups | −3 hours/close | −2 hours/close | −9 hours/close |
| Journal entry proposals | abandoned | abandoned | paused |

## What did not work

What did not work was letting a model propose journal entries directly. Accuracy was acceptable on recurring accruals but poor on anything requiring judgment, and the control documentation required to let an AI-prepared entry through review ended up costing more time than it saved. For now, all three keep a human as preparer of record.

The software company's controller put it bluntly: a recurring accrual was already automated by a rule in the ERP, so the model added nothing there; and for the judgmental entries, the reviewer had to redo the analysis anyway to be comfortable signing.

> "The model was confident about every entry. The problem is that it was equally confident about the ones it got wrong, and our reviewers could not tell the difference without doing the work themselves." — Controller, consumer-goods manufacturer

## The hidden cost: preparing the inputs

One of the less obvious lessons was how much work went into preparing inputs. The hospital group spent the first two months building a clean monthly extract of trial-balance movements by cost centre, with the prior month's commentary alongside. Before that, analysts had been pulling numbers from three different reports, and the model simply reproduced the inconsistencies.

The software company found the same with reconciliations: the summaries were only as good as the reconciliation tool's data, and reconciling items described as 'timing' or 'see notes' gave the model nothing to work with. A side effect of the pilot was a new standard for describing reconciling items, which reviewers appreciated regardless of the AI.

## Staff reactions

The controllers were candid about the human side. Senior analysts were initially the most sceptical, partly from concern about quality and partly because writing commentary was how they demonstrated their understanding of the business. Two things changed their minds: the drafts were explicitly their starting point, not a replacement for their judgment, and the time saved went into analysis that management had been asking for, such as deeper margin reviews.

Junior staff adapted quickly but needed guidance on checking output. All three companies now include a short module on verifying AI-generated drafts in their onboarding for new finance staff.

## How they managed the risk

All three teams kept the same guardrails:

- **Approved tools only.** Each used an enterprise AI service with contractual commitments that company data is not used for training, accessed through single sign-on.
- **No posting rights.** None of the tools can write to the general ledger. Output goes into documents that a person reviews.
- **Sources or it did not happen.** Any factual answer must cite its source. Answers without citations are treated as unverified.
- **Measure before and after.** Each pilot had a baseline of hours per task, measured for two closes before the tool was introduced.

## Costs

Licence costs were modest compared with the time saved: each company pays per user for an enterprise AI service that was already being rolled out across the business. The larger cost was internal time — data preparation, prompt design and the measurement itself — which the controllers estimate at two to three months of one analyst's time for each use case.

## Advice for the next team

The controllers agreed on where to start: pick the task where analysts write the most prose each month, give the model the facts rather than asking it to find them, and measure hours honestly. Commentary and summaries are the low-risk, high-volume place to begin. Journal entries can wait until the tools can show their reasoning in a form a reviewer can check faster than redoing it.
`,
  },
  {
    title: 'Pillar Two top-up tax: early filers report data gaps in constituent-entity reporting',
    excerpt:
      'The first GloBE Information Returns are exposing how much jurisdiction-level data still lives in spreadsheets outside the consolidation system.',
    categories: ['tax', 'regulatory'],
    source: { name: 'Tax Policy Monitor', url: 'https://example.com/tax-policy-monitor/pillar-two-early-filers-data-gaps' },
    body: `
Multinational groups preparing their first GloBE Information Returns under the OECD's Pillar Two rules say the calculation itself is rarely the problem. The difficulty is sourcing more than 150 data points per jurisdiction — deferred tax detail, covered taxes, payroll and tangible-asset carve-outs — at constituent-entity level and reconciling them to the consolidated accounts.

## Where the data lives today

Tax directors describe a familiar pattern: statutory ledgers that do not map cleanly to group reporting packs, deferred tax computed only at a consolidated level, and local adjustments booked after the group close. Several groups have added Pillar Two fields to their monthly reporting packages so the data is captured once, at source, rather than reconstructed at year-end.

The most common gaps reported by early filers:

- **Deferred tax by entity.** Many groups compute deferred tax at the level of a tax group or a consolidated jurisdiction, not per constituent entity, and the GloBE rules need the entity view.
- **Payroll and tangible assets.** The substance-based income exclusion needs eligible payroll costs and the carrying value of tangible assets by jurisdiction, which sit in HR and fixed-asset systems rather than in the consolidation.
- **Purchase accounting adjustments.** Fair-value step-ups booked only at group level must be pushed down or tracked separately.
- **Intra-group transactions.** Transfer pricing adjustments booked after year-end shift income between jurisdictions and need to be reflected consistently.

## The safe harbour is a reprieve, not a solution

The transitional country-by-country reporting safe harbour has helped, but advisers warn it is a temporary reprieve. Groups relying on it should still test whether their CbCR data is drawn from 'qualified financial statements', as the safe harbour requires, and document the reconciliation.

| Safe harbour test | What it compares | Typical data source |
| --- | --- | --- |
| De minimis | Revenue below €10 million and profit below €1 million in the jurisdiction | CbC report |
| Simplified effective tax rate | Simplified covered taxes against profit before tax, against a transitional rate | CbC report plus tax provision |
| Routine profits | Profit against the substance-based income exclusion | CbC report plus payroll and fixed assets |

A jurisdiction that fails all three tests in a year cannot return to the safe harbour later, which makes the first years' data quality more important than it might seem.

## Building it into the close

The groups in the best position treat Pillar Two as part of the financial close rather than an annual tax exercise. They have added a short set of fields to the monthly reporting package of each entity, owned by the local finance team and reviewed by the regional tax manager. At year-end, the GloBE calculation draws on data that has already been reviewed twelve times.

> "We stopped thinking of it as a tax return and started thinking of it as a reporting package with a tax calculation at the end. That shift is what made it manageable." — Global head of tax reporting, consumer goods group

## Who owns what

A recurring source of friction is ownership. The data is financial, the calculation is tax, and the systems belong to group reporting. Groups that have settled this early typically assign:

- **local finance teams** to provide entity-level data in the monthly package and explain movements;
- **regional tax managers** to review the data and own local top-up tax and qualified domestic minimum top-up tax filings;
- **group tax** to own the GloBE calculation, safe-harbour positions and the information return;
- **group reporting** to own the data model, the mappings and the reconciliation to the consolidated accounts.

## Practical steps for the next filing season

1. Map every data point the return needs to a system and an owner.
2. Run the calculation on interim data at the half-year to find gaps while there is time to fix them.
3. Reconcile jurisdictional totals to the consolidated accounts and keep the reconciliation with the file.
4. Document safe-harbour positions with the same care as the calculation itself.
5. Agree with the external auditor how Pillar Two current tax will be supported in the financial statements.

The first filings are a learning exercise for groups and tax authorities alike. The groups that invest now in data capture at source will find each subsequent year cheaper; those that rebuild the data from spreadsheets every year will not.
`,
  },
  {
    title: 'Touchless invoice processing reaches 80% at mid-market manufacturers, survey finds',
    excerpt:
      'A survey of 400 accounts payable leaders finds touchless rates have doubled in three years, driven by supplier e-invoicing and better PO matching rather than smarter OCR.',
    categories: ['automation'],
    source: { name: 'Finance Ops Digest', url: 'https://example.com/finance-ops-digest/touchless-invoice-survey' },
    body: `
Mid-market manufacturers now process a median 80% of supplier invoices without any human touch, up from 41% three years ago, according to a survey of 400 accounts payable leaders in North America and Europe. Cost per invoice fell from $9.40 to $3.10 over the same period for the top quartile.

## What drove the change

The survey attributes most of the gain to two unglamorous factors: suppliers moving to structured e-invoices, which removes extraction errors entirely, and cleaner purchase-order and goods-receipt data, which lets three-way matching succeed on the first attempt. Improvements in optical character recognition accounted for a much smaller share of the change.

| Driver | Share of improvement attributed by respondents |
| --- | --- |
| Supplier e-invoicing | 38% |
| PO and goods-receipt data quality | 31% |
| Matching tolerances and rules | 17% |
| Better extraction (OCR/AI) | 14% |

The survey also asked how long the change took. Most respondents in the top quartile described a three-year programme rather than a single project: a supplier e-invoicing campaign in the first year, a purchase-order compliance drive with procurement in the second, and tuning of matching rules and tolerances in the third. Companies that tried to do everything at once, usually as part of an ERP replacement, reported slower progress and more rework.

## The stubborn 20%

The remaining 20% is stubborn. Non-PO invoices, freight and utilities with variable charges, and price variances against outdated contracts make up the bulk of exceptions. Respondents who had redeployed AP staff to supplier master-data quality reported the fastest continued improvement.

- **Non-PO invoices:** services bought without a purchase order still need someone to code and approve them.
- **Variable charges:** freight surcharges and utility bills rarely match a fixed PO price.
- **Price variances:** contract prices updated in the supplier's system but not in the ERP.

Respondents also noted that exceptions have become more complex as the easy invoices disappeared. The invoices that still reach an AP specialist tend to need a conversation with a buyer or a supplier, which is why several companies have moved their most experienced AP staff into exception resolution rather than data entry.

## E-invoicing mandates are accelerating the shift

Regulation is doing some of the work. A growing number of countries require structured electronic invoices for business-to-business transactions, at least for domestic sales, and several European mandates take effect over the next few years. Respondents with operations in those countries reported that suppliers who had resisted e-invoicing for years switched within months once it became a legal requirement, and that the structured data arrived in a format their AP platforms could match without extraction. For multinational groups, the practical challenge is the variety of national formats and networks, which is pushing many towards a single provider that can receive them all.

## Where the people went

Fewer than one in ten respondents reported reducing AP headcount in proportion to the touchless gains. Most absorbed growth in invoice volumes without hiring, and moved staff into supplier onboarding, master-data stewardship, early-payment discount programmes and exception resolution. Several described the change as turning a processing team into a supplier operations team.

## Cost per invoice by quartile

| Quartile | Touchless rate | Cost per invoice |
| --- | --- | --- |
| Top | 91% | $3.10 |
| Second | 83% | $4.60 |
| Third | 72% | $6.80 |
| Bottom | 48% | $11.20 |

## What the leaders do differently

The top quartile shared three habits: they publish a supplier onboarding guide that asks for e-invoices from day one, they review matching tolerances quarterly rather than once at go-live, and they track first-time match rate by buyer, which turns PO quality into a purchasing metric rather than an AP complaint.

The survey's authors caution that touchless is not the same as controlled. A high touchless rate with weak vendor master controls simply pays the wrong supplier faster, and several respondents reported tightening vendor onboarding and bank-detail change controls at the same time as they automated matching.
`,
  },
  {
    title: 'Auditors sharpen scrutiny of management review controls over AI-generated estimates',
    excerpt:
      'When a model produces the first draft of an expected credit loss or an inventory reserve, what exactly is the reviewer checking? Audit teams are asking for evidence of precision.',
    categories: ['audit', 'generative-ai'],
    source: { name: 'Audit Quarterly', url: 'https://example.com/audit-quarterly/review-controls-ai-estimates' },
    body: `
Audit teams are increasingly challenging management review controls that sit over estimates prepared with machine-learning or generative AI tools. The concern is not that the tools are used, but that the review is described in language — 'reviewed for reasonableness' — that gives no indication of what the reviewer would have caught.

Management review controls have always been the hardest controls to evidence. A reviewer looks at a number, compares it with what they expected, and signs. When the number comes out of a model that the reviewer did not build and may not fully understand, the question of what the review actually achieves becomes sharper.

## Three questions engagement teams ask

Engagement partners describe asking three questions: what thresholds trigger follow-up, what information the reviewer uses that is independent of the model's inputs, and how the reviewer knows the model was run on complete and accurate data. Where those answers are missing, auditors are falling back on substantive testing, which is slower and more expensive for everyone.

1. **Precision.** What difference between the model's output and the reviewer's expectation would lead to investigation? A threshold written down in advance is evidence; a threshold invented after the fact is not.
2. **Independence.** The reviewer's expectation must come from somewhere other than the model. Prior-period trends, external data, or a simple alternative calculation all qualify.
3. **Completeness and accuracy of inputs.** If the model ran on an incomplete extract, the review of the output is worthless. Controls over the data feed are part of the control.

## Which estimates are affected

The estimates most often in scope are those where models have replaced spreadsheets:

- expected credit loss allowances for trade receivables,
- inventory obsolescence and net realisable value reserves,
- warranty and returns provisions,
- revenue constraint estimates for variable consideration.

| Estimate | Typical model input | Independent expectation used by reviewers |
| --- | --- | --- |
| Expected credit losses | Ageing, payment history, macro indicators | Prior-year loss rates applied to current ageing |
| Inventory reserve | Movement history, forecast demand | Slow-moving list and management's sell-through plan |
| Warranty provision | Claims history, units sold | Claims run-rate times units under warranty |

## A log that doubles as evidence

Controllers who have come through this well kept a simple log: model version, input data extract, parameters changed, the reviewer's expectation and the investigation of differences. That log doubles as the evidence for the control's precision.

> "The log took our reviewers ten minutes a month. It saved us two weeks of substantive testing at year-end, because the auditors could finally see what the review did." — Corporate controller, specialty chemicals company

## When the model changes

A specific issue raised by several audit teams is model change. A vendor may update the underlying model between quarters, or the finance team may retrain an in-house model on new data. If the change is not recorded and the reviewer's expectation is not revisited, the control operating at year-end is not the control that was tested at the interim. Companies are adding model changes to their change-management controls, with a short record of what changed and a parallel run where practical.

## What to do before year-end

For companies heading into a year-end with AI-assisted estimates, the practical steps are short. Write down the review thresholds now. Decide what independent expectation each reviewer will use. Make sure the data extract feeding the model is reconciled to the ledger, and keep the reconciliation. Finally, walk the external auditor through the process before the audit starts rather than during fieldwork.

None of this is specific to AI. Good management review controls have always looked like this. What the models have done is remove the comfort of a spreadsheet the reviewer could open and follow, which makes the missing precision visible.
`,
  },
  {
    title: "Benford's Law still matters: a refresher for expense-report analytics",
    excerpt:
      'First-digit tests are old, cheap and still useful for spotting fabricated expense claims — provided you know where they break down.',
    categories: ['fraud-detection'],
    source: { name: 'Forensic Accounting Notes', url: 'https://example.com/forensic-notes/benford-expense-analytics' },
    body: `
Benford's Law predicts that in many naturally occurring data sets, the leading digit 1 appears about 30% of the time and 9 less than 5% of the time. Fabricated numbers rarely follow that pattern, which is why first-digit and first-two-digit tests remain a staple of expense and payments analytics.

## The expected distribution

| First digit | Expected frequency |
| --- | --- |
| 1 | 30.1% |
| 2 | 17.6% |
| 3 | 12.5% |
| 4 | 9.7% |
| 5 | 7.9% |
| 6 | 6.7% |
| 7 | 5.8% |
| 8 | 5.1% |
| 9 | 4.6% |

People inventing numbers tend to spread them evenly across digits, favour amounts just below approval limits, and avoid numbers that 'look' suspicious. All three habits leave a trace in the distribution.

## Where the test breaks down

The test is only meaningful on the right population. Expense claims capped by policy — a $75 meal limit, for example — will produce spikes that reflect the policy rather than fraud, and small populations of a few hundred items give too little statistical power. Practitioners recommend running the test by employee and by expense type, then looking at the claims behind the largest deviations.

Populations that usually do not follow Benford's Law:

- amounts set by policy or price lists, such as per diems and mileage at a fixed rate,
- data with a narrow range, such as hotel nights in a single city,
- assigned numbers, such as invoice or employee numbers,
- very small populations, where random variation swamps any signal.

## Making it useful

Used as a prioritisation tool rather than proof, Benford analysis is quick to implement in a spreadsheet or a few lines of Python, and it pairs well with duplicate detection and round-number tests. A practical routine for an expense-audit team:

1. Run the first-two-digit test on all claims for the quarter, by expense category.
2. For categories that deviate, repeat the test by employee for employees with at least 100 claims.
3. Pull the receipts behind the digit combinations with the largest excess.
4. Combine with a round-number test and a duplicate test on amount, date and merchant.

## Beyond the first digit

The first-two-digit test is more useful in practice than the first-digit test, because it points to specific amounts. An excess of claims starting with 48 or 49 in a population with a $50 receipt threshold is far more actionable than a general excess of fours. The last-two-digit test, which should be roughly uniform for most amounts, is good at finding invented round numbers such as 00 and 50.

## Reading the results

A deviation is not a finding. The useful output of a Benford test is a short list of digit combinations that appear more often than expected, and behind each combination a set of claims to examine. Common legitimate explanations include a popular restaurant near the office, a fixed-price taxi route to the airport, or a subscription that many employees expense. Suspicious patterns include one employee contributing most of an excess, amounts clustered just below a receipt threshold, and claims with round amounts submitted without itemised receipts.

Statisticians also warn against testing too many subsets: with enough cuts of the data, some will deviate by chance. Deciding the cuts before running the test, and focusing on the largest deviations, keeps the analysis honest.

> "Benford tells you where to look, never what you will find. Most of the spikes we investigate turn out to be policy limits. The one that was not paid for the program for a decade." — Head of forensic accounting, insurance group

A final caution concerns data preparation. Expense systems often store amounts in several currencies, split a single receipt into several lines, or include zero-value and negative adjustments. Each of these distorts the distribution, so the test should run on the amounts as claimed, in the claim currency, excluding reversals and adjustments.

The method is a century old and still earns its place, because it is cheap, explainable and hard for someone inventing numbers to defeat without knowing it is being used.
`,
  },
];

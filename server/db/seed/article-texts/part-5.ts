import type { ArticleSeed } from '../article-seed';

/* Articles 29–34 of the sample data: the oldest published one, two archived, three drafts. */
export const PART_5: readonly ArticleSeed[] = [
  {
    title: 'Digital services taxes: a tracker for multinational finance teams',
    excerpt:
      'Unilateral digital services taxes remain in force in a number of countries. A quarterly review of revenue by user location keeps registration obligations from slipping.',
    categories: ['tax'],
    source: { name: 'Tax Policy Monitor', url: 'https://example.com/tax-policy-monitor/digital-services-tax-tracker' },
    body: `
Despite international efforts to replace them, unilateral digital services taxes continue to apply in several jurisdictions, each with its own revenue thresholds, in-scope services and filing calendars.

## Why they persist

Digital services taxes (DSTs) were introduced by a number of countries as interim measures while international negotiations sought a global solution for taxing large digital businesses where their users are. The multilateral agreement that was meant to replace them has not been implemented on the timeline once expected, and the countries that introduced DSTs have largely kept them in place. Some have raised rates or widened scope; others have frozen them pending international developments. Trade tensions have added another layer of uncertainty, with some governments facing pressure to withdraw their taxes and others resisting it.

For finance teams, the practical consequence is a set of separate taxes, each with its own rules, that can apply even to groups with no local entity.

## What is usually in scope

The details vary by country, but in-scope services commonly include:

- online advertising targeted at users in the country;
- online marketplaces that connect users to trade goods or services;
- the sale or transmission of user data collected from users in the country;
- in some countries, streaming and other digital content services.

Thresholds typically combine a worldwide revenue test, often several hundred million euros or the local equivalent, with a local test based on revenue from in-scope services in that country.

## The data problem

Finance teams at advertising, marketplace and platform businesses need revenue data by user location, which billing systems often do not capture directly. Proxies such as IP location or billing address must be documented and applied consistently.

| Revenue stream | Common location proxy | Documentation needed |
| --- | --- | --- |
| Targeted advertising | Location of the user who saw the ad | Ad-server logs, method for mapping impressions to countries |
| Marketplace fees | Location of the buyer or seller account | Account address rules, treatment of multi-country accounts |
| Data sales | Location of users whose data was sold | Data lineage from collection to sale |
| Subscriptions | Billing address or payment card country | Consistency with VAT place-of-supply records |

## A simple tracker

A simple tracker — jurisdiction, threshold, in-scope revenue year to date, registration status and next filing date — reviewed quarterly by tax and revenue accounting, is usually enough to stay compliant.

| Field | Purpose |
| --- | --- |
| Jurisdiction and tax name | One row per DST |
| In-scope services | Which of the group's revenue streams are caught |
| Global and local thresholds | With the measurement period |
| In-scope revenue year to date | From the agreed location proxy |
| Registration status and reference | Registered, not yet required, or exempt |
| Next filing and payment dates | Including instalments |
| Owner | Tax manager responsible |

> "The tax itself is simple. Knowing where our users are, in a way we can defend, was the project." — Indirect tax director, online marketplace

## Accounting treatment

Finance teams should also settle how DSTs are presented. Because they are levied on revenue rather than profit, most groups conclude they are outside the scope of income tax accounting and present them as operating expenses, not as income taxes. The conclusion should be documented, because it affects the effective tax rate and the comparability of operating margins. Where a DST is creditable against corporate income tax in some way, the analysis becomes more complex and deserves a separate memo.

## Interaction with indirect taxes

DST data overlaps with VAT and GST data on digital services, which already requires the customer's location for place-of-supply rules. Groups that use the same location evidence for both taxes reduce the risk of telling two tax authorities different stories about where the same customers are. Where the proxies differ — for example, advertising DSTs based on the viewer's location while VAT follows the advertiser's — the difference should be explained in the documentation.

## Keeping watch

Because the landscape changes with trade and tax policy, the tracker needs an owner who follows developments and updates it between quarterly reviews. Announcements of repeal, rate changes or new taxes often come with short lead times, and a registration missed for a year can bring penalties that exceed the tax itself.
`,
  },
  {
    title: 'Lease accounting clean-up: automating remeasurements after modifications',
    excerpt:
      'Lease modifications and index-linked payment changes are where lease accounting breaks. Automated triggers from the contract system reduce late and missed remeasurements.',
    categories: ['automation'],
    source: { name: "Controller's Desk", url: 'https://example.com/controllers-desk/lease-remeasurement-automation' },
    archived: true,
    body: `
Several years into the current lease standards, the most common lease accounting errors are not at commencement but later: modifications, rent reviews linked to an index and changes in assessment of renewal options that are not picked up on time.

## Where the errors come from

At commencement, a new lease gets attention: it is abstracted, reviewed and entered into the lease accounting system. Later events are different. A store manager agrees a rent reduction with a landlord; a property team signs an extension; an index-linked rent review takes effect; a decision to close a site changes the likelihood of exercising a renewal option. Each of these should trigger a remeasurement of the lease liability and an adjustment to the right-of-use asset, but the people who know about the event are rarely the people who maintain the lease sub-ledger.

| Event | Accounting consequence | Who usually knows first |
| --- | --- | --- |
| Lease modification (scope or price) | Remeasure liability; modification accounting | Property or procurement team |
| Index-linked payment change | Remeasure liability using the new payments | Accounts payable, when the invoice changes |
| Change in renewal assessment | Remeasure liability with revised lease term | Operations or strategy team |
| Early termination | Derecognise or partially derecognise | Property team, legal |

## Automated triggers

Companies with the fewest errors feed events from their contract or property management system directly into the lease accounting tool, so a signed amendment triggers a remeasurement task rather than waiting for a quarterly survey of property managers.

A retail group with around 900 store leases described its design:

1. Every lease amendment is signed through the property management system, which requires a document type: extension, rent change, scope change or termination.
2. Signing an amendment creates a task in the lease accounting tool with the document attached and a due date before the next close.
3. Index-linked rent changes are calculated in the lease tool from the published index, and the new payments are compared with what accounts payable is actually paying.
4. Site-closure decisions from the strategy team's monthly list are matched to leases with renewal options, prompting a reassessment.

## Results

The group reported that remeasurements recorded in the wrong period fell from about forty a year to fewer than five, and the year-end audit adjustment for leases, previously a recurring item, disappeared.

> "Our lease accounting was never wrong at commencement. It was wrong two years later, because nobody told us the store had moved to a smaller unit in the same mall." — Lease accounting manager, retail group

## The reconciliation that catches the rest

A quarterly reconciliation of active contracts to active leases in the sub-ledger catches the rest.

The reconciliation compares three lists: leases in the property system, leases in the lease accounting sub-ledger, and recurring payments in accounts payable that look like rent. Differences fall into familiar categories — leases never entered, leases terminated but still in the sub-ledger, payments to landlords with no corresponding lease — and each gets an owner. The payments comparison is particularly useful for finding short-term and low-value leases that were treated as exempt but have since been extended beyond the exemption.

## Discount rates and modifications

Remeasurements also need the right discount rate. A modification that is not accounted for as a separate lease uses a revised rate at the modification date, while an index-linked payment change keeps the original rate. Systems that apply one rule to every event produce small, persistent errors that compound over the lease term. The retail group's lease tool now asks for the event type and applies the rate rule accordingly, which removed a recurring audit comment.

## Starting the clean-up

For companies with a backlog of errors, the advice is to start with the population: reconcile the three lists once, thoroughly, and fix what it finds before automating anything. Automating event triggers on top of an inaccurate sub-ledger only makes the inaccuracy more efficient.
`,
  },
  {
    title: 'Crypto asset fair-value measurement: second-year implementation issues',
    excerpt:
      'Fair-value accounting for in-scope crypto assets simplified reporting, but principal-market determination and custody disclosures still generate audit questions.',
    categories: ['regulatory'],
    source: { name: 'Standards Watch', url: 'https://example.com/standards-watch/crypto-fair-value-year-two' },
    archived: true,
    body: `
Companies holding in-scope crypto assets now measure them at fair value through net income, ending the impairment-only model that produced counterintuitive results. The second year of application has brought its own questions.

## A quick recap

Before the change, crypto assets were generally accounted for as indefinite-lived intangible assets: recorded at cost, impaired when the price fell below carrying amount, and never written back up when prices recovered. Companies holding bitcoin through a volatile year could report large impairments even when the asset ended the year worth more than it cost. The new guidance requires in-scope crypto assets — fungible, secured by cryptography on a distributed ledger, not issued by the reporting entity, and meeting a few other criteria — to be measured at fair value, with changes in net income.

## Principal market

Determining the principal market — and documenting access to it — remains the main judgment, particularly for companies trading on several exchanges. Auditors are also asking for more support over custody arrangements and the existence of assets held with third parties.

The fair value of a crypto asset is the price in the principal market, the market with the greatest volume and level of activity for the asset that the entity can access. A company that holds assets on two exchanges but can only transact on one cannot use the other's price, even if it has more volume. Documentation should show which markets the company can access, how volume was assessed, and why the chosen market is principal.

| Judgment | Evidence auditors ask for |
| --- | --- |
| Markets the entity can access | Account agreements, onboarding confirmations |
| Principal market | Volume data for accessible markets over a relevant period |
| Measurement time | Policy for the cut-off time on a 24/7 market |
| Restrictions | Lock-ups, staking terms, contractual sale restrictions |

## Cut-off on a market that never closes

Crypto markets trade around the clock, so 'the price at period-end' needs a policy: which time zone, which minute, which data source. Companies have generally chosen midnight in their reporting time zone or the close of the principal market's daily data, and applied it consistently. The policy should be documented and disclosed where material.

## Custody and existence

For assets held with a custodian, auditors want evidence that the assets exist and belong to the company, which goes beyond a custodian statement. Common procedures include:

- obtaining the custodian's controls report and reading its scope and exceptions;
- confirming balances directly with the custodian;
- where practical, verifying on-chain balances for wallets the company controls. Companies should understand what their custodian's controls report covers, and which complementary controls it expects the company to operate.

## Disclosures

Disclosures of cost basis, restrictions and significant holdings require data that some treasury systems do not track, prompting manual workarounds that should be brought under control.

> "We could tell you the fair value to the cent. Cost basis by lot, for assets moved between wallets over four years, took a month to rebuild." — Treasury director, payments company

## Staking, lending and wrapped assets

The second year has also brought questions at the edges of the scope. Assets lent to third parties or staked with a protocol may no longer be under the company's control, raising derecognition questions, and rewards from staking need an accounting policy of their own. Wrapped tokens and tokens that give a claim on another asset may not meet the scope criteria at all. None of these questions is answered by the fair-value guidance itself, so companies need separate analyses, documented with the same care as the principal-market judgment.

## Second-year advice

The companies that found the second year easier had moved crypto holdings into a sub-ledger that tracks lots, costs, movements between wallets and restrictions, reconciled monthly to custodian statements and on-chain data. Spreadsheets were workable in the first year of adoption; by the second, the volume of movements and the disclosure requirements made a proper sub-ledger the cheaper option.
`,
  },
  {
    title: 'A due-diligence checklist for AI vendors in the finance function',
    excerpt:
      'Before signing an AI contract, finance leaders should ask about data use, model changes, audit evidence and exit. A twelve-question checklist.',
    categories: ['generative-ai'],
    status: 'draft',
    body: `
Procurement teams are used to evaluating software vendors, but AI vendors raise additional questions: Is customer data used to train shared models? How are model updates communicated, and can the customer test them first? What logs are available to support an audit?

This checklist groups twelve questions into four areas — data protection, model governance, auditability and exit — with notes on what a good answer looks like.

It is intended to be completed jointly by finance, IT security and internal audit before a pilot moves into production.

## Data protection

1. **Is our data used to train or improve models used by other customers?** A good answer is a contractual commitment that it is not, with any opt-in clearly separate.
2. **Where is our data stored and processed, and by which sub-processors?** Look for a current sub-processor list and notification of changes.
3. **How long are prompts, documents and outputs retained, and can we set the retention period?** Short default retention with customer control is preferable.

## Model governance

4. **Which underlying models does the product use, and who provides them?** Many products are built on third-party models; know which.
5. **How are model changes communicated, and can we test a new version before it is applied to our tenant?** Advance notice and a test window are essential for anything feeding financial reporting.
6. **How does the vendor measure and monitor accuracy for our use case?** Generic benchmarks are not enough; ask for results on tasks like yours.

## Auditability

7. **What logs are available — inputs, outputs, user, time, model version — and for how long?** Logs must be retained long enough to support an audit of the period.
8. **Can the product cite the source of each answer or extracted value?** Citations make review efficient and evidence possible.
9. **Does the vendor provide an independent controls report covering the service?** Check scope and period, and the complementary user entity controls it expects.

## Exit

10. **Can we export our configuration, prompts, logs and outputs in a usable format?** Without this, switching vendors means losing history.
11. **What happens to our data at contract end, and how is deletion confirmed?** Look for a defined process and a certificate.
12. **What is the fallback if the service is unavailable at period-end?** A manual procedure, tested, is the usual answer.

| Area | Owner in the review | Red flag |
| --- | --- | --- |
| Data protection | IT security and legal | 'We may use anonymised data to improve our services' without opt-out |
| Model governance | Finance process owner | Silent model updates |
| Auditability | Internal audit | Logs available only on request, or for 30 days |
| Exit | Procurement | No export, or export only as PDF |

> "The questions about exit were the ones vendors found hardest. That told us more than the answers to the others." — Finance transformation lead, insurance group

## Questions specific to finance

Beyond the twelve, finance teams should add questions about their own processes. If the tool will produce numbers that reach the general ledger or the financial statements, ask how its output will be reviewed and by whom, and whether the vendor's controls report covers the features you will use. If it will handle personal data — payroll, customer credit — involve the data protection officer early. If it will be used at period-end, ask about capacity and service levels on the busiest days of the month, not on average.

## Using the checklist

Complete the checklist before the pilot, not after; the answers shape what data the pilot can use. Keep the completed checklist with the contract, and revisit it at renewal, because AI products change faster than most software and a vendor's answers a year later may be different. Where a vendor cannot answer a question, record that as an answer: it is information about the risk you are taking.
`,
  },
  {
    title: 'Year-end inventory counts with drones and computer vision',
    excerpt:
      'Warehouse drones can count pallets faster than people. Whether auditors can rely on the counts depends on how the technology is controlled.',
    categories: ['audit', 'automation'],
    status: 'draft',
    body: `
Distribution companies are trialling drones that scan pallet labels and use computer vision to estimate quantities in high-bay racking, completing counts in hours that used to take a weekend.

For the year-end audit, the question is whether the auditor can observe and test the process. Early adopters invited their auditors to the pilot, agreed test counts of a sample of locations and documented the controls over the drone software and its reconciliation to the perpetual records.

This draft collects practical lessons from three pilots and the questions auditors asked.

## How the technology works

A drone flies a programmed route along the racking aisles, scanning barcodes or RFID tags on pallet labels and photographing each location. Computer vision estimates the number of cases visible on each pallet and flags locations that appear empty, partially full or mislabelled. The results are compared with the warehouse management system, and differences are listed for investigation by the counting team on the ground.

## What changed in the pilots

| Measure | Manual count | Drone-assisted count |
| --- | --- | --- |
| Time to count high-bay racking (one site) | 2 days, 14 people | 7 hours, 3 people |
| Locations with a difference to investigate | 4% | 6% |
| Accuracy after investigation (auditor test counts) | 99.2% | 99.5% |
| Working at height | Required | Not required for counting |

The higher rate of differences was not a sign of worse counting. The drones found more genuine discrepancies — mislabelled pallets, product in the wrong location — that manual counters had tended to resolve informally without recording.

## Controls over the count

The pilots treated the drone as a counting device within the existing count procedures rather than as a replacement for them. Count instructions were updated to cover pre-flight checks of the route against the current warehouse layout, the handling of unreadable labels, and the independent investigation of differences. The software's configuration — route, confidence thresholds for the vision model, rules for flagging locations — was placed under change control, and the version used for the count was recorded. Movement of stock was frozen in each zone while it was being counted, exactly as for a manual count.

## What auditors asked

The auditors' questions focused on the same things they would ask about any count, adapted to the technology:

- How is the drone's route programmed, and how do we know it covered every location?
- What happens when a label cannot be read or the image is unclear?
- Who investigates differences, and are recounts performed by people independent of the warehouse?
- How are changes to the software and its settings controlled?
- Can the auditor perform test counts from the floor to the system and from the system to the floor?

## Costs and practicalities

The pilots also surfaced practical constraints. High-bay racking with poor lighting needed additional lights before images were usable. Labels had to be standardised so that every pallet carried a readable barcode facing the aisle. Drone flights had to be scheduled when forklifts were not operating in the same aisles, which in a warehouse running around the clock meant short, planned pauses by zone. Battery changes set the pace of the count more than flight speed did.

## Lessons so far

Three lessons stand out. First, involve the auditor before the first live count; agreeing test-count procedures in advance avoided disputes at year-end. Second, retain the images and scan logs, because they are the evidence of what was counted. Third, keep cut-off controls exactly as strict as for a manual count: the drone counts what is in the racking, not what has been received or shipped.

> "The drone did not make the count more reliable on its own. The investigation process and the evidence it produced did." — Warehouse operations director, pilot participant

To be completed: cost comparison across the three sites, and the auditors' conclusions after the year-end audits.
`,
  },
  {
    title: "Close calendar benchmarks: how fast is a 'fast close' in 2026?",
    excerpt:
      'Benchmark data on days to close, by company size and industry, with the practices that separate the top quartile from the median.',
    categories: ['automation'],
    status: 'draft',
    body: `
Working draft of our annual close benchmark. Median days to close for mid-market companies remain around six working days, while the top quartile closes in three or fewer.

## Days to close by company size

| Annual revenue | Top quartile | Median | Bottom quartile |
| --- | --- | --- | --- |
| Under $250M | 3 days | 5 days | 8 days |
| $250M–$1B | 3 days | 6 days | 9 days |
| $1B–$5B | 4 days | 6 days | 10 days |
| Over $5B | 4 days | 7 days | 11 days |

Figures are working days from period-end to the final trial balance used for management reporting. External reporting timelines for listed companies are longer and are shown separately in the final report.

## What the fastest closers do

The practices most associated with faster closes are continuous reconciliations, a standardised close checklist with owners and due dates, and a materiality threshold for post-close adjustments agreed with the CFO.

- **Continuous reconciliations.** High-volume accounts such as cash, intercompany and clearing accounts are reconciled daily or weekly, so the month-end reconciliation is a confirmation rather than an investigation.
- **A single checklist.** Every task has an owner, a due day and a dependency, tracked in one tool visible to the whole team.
- **A materiality threshold for late adjustments.** Adjustments below the threshold are booked in the following month, agreed in advance with the CFO.
- **Accruals by rule.** Recurring accruals are calculated automatically from purchase orders and contracts rather than collected by email.
- **Early cut-offs.** Sub-ledgers close on a fixed day, and late items wait for the next period.

Companies in the top quartile also tended to have fewer manual journal entries at month-end: a median of around 60, against more than 200 for the bottom quartile. Every manual entry is a task with a preparer, a reviewer and a risk of delay.

## Where the days go

Respondents in the bottom quartile most often cited intercompany differences, late sub-ledger closes and manual accruals as the causes of delay. Top-quartile respondents cited almost the same list as the areas they had fixed first.

> "We did not buy our way to a three-day close. We agreed what we would stop doing in the first three days." — Corporate controller, technology distributor

## Technology versus process

Respondents were asked which investments contributed most to reducing days to close. Process changes — the checklist, earlier cut-offs, agreed thresholds — were cited far more often than technology, although reconciliation and close-management software was frequently mentioned as the tool that made the process visible. Very few respondents credited AI tools with reducing days to close yet; those that did cited drafting of commentary and reconciliation summaries, which shortens review rather than the critical path.

## Close quality

Speed is not the only measure. The benchmark also asks about post-close adjustments, restatements of management accounts and the number of reconciliations with unexplained differences. The fastest closers did not score worse on these measures; if anything, they scored better, because the practices that shorten the close are the same ones that catch errors early.

## Does speed matter?

A faster close is only valuable if the time is used. Respondents who closed fastest reported spending the saved days on analysis for management, forecasting and business partnering, and fewer late adjustments in the following month. A fast close achieved by deferring reconciliations to later in the month simply moves the work.

## Methodology

The benchmark draws on responses from finance leaders at companies in North America and Europe, collected through an online survey and follow-up interviews. Days to close are self-reported and measured in working days. Responses from companies that changed ERP systems during the year are shown separately, because implementations distort close timelines in both directions. Industry breakdowns will be included where there are enough responses to report them without identifying individual companies.

Figures to be updated once the final survey responses are in.
`,
  },
];

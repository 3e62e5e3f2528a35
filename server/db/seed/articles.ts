import type { ArticleSeed, NewsCategorySlug } from './article-seed';
import { PART_1 } from './article-texts/part-1';
import { PART_2 } from './article-texts/part-2';
import { PART_3 } from './article-texts/part-3';
import { PART_4 } from './article-texts/part-4';
import { PART_5 } from './article-texts/part-5';

export type { ArticleSeed, NewsCategorySlug } from './article-seed';

/**
 * Sample news articles and comment texts for the development / demo seed. The articles' texts are
 * in ./article-texts (five files, newest first).
 * Plain data only: ids, authors, dates and counters are assigned in ./index.ts.
 */



/** Newest first: index 0 is published most recently. */
export const ARTICLES: readonly ArticleSeed[] = [...PART_1, ...PART_2, ...PART_3, ...PART_4, ...PART_5];

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

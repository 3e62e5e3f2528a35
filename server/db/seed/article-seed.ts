/** The shape of a sample article (./articles.ts and its texts in ./article-texts), apart so the texts need not import the list they fill. */

export type NewsCategorySlug = 'automation' | 'fraud-detection' | 'regulatory' | 'generative-ai' | 'audit' | 'tax';

export interface ArticleSeed {
  title: string;
  excerpt: string;
  /**
   * The article in Markdown (headings, lists, a table or a quote), 600–2,000 words so reading
   * times vary from 3 to 9 minutes. One line per paragraph: line breaks are kept as breaks.
   */
  body: string;
  /** 1–2 news category slugs; the first is the primary one. */
  categories: readonly [NewsCategorySlug] | readonly [NewsCategorySlug, NewsCategorySlug];
  source?: { name: string; url: string };
  status?: 'published' | 'draft';
  archived?: boolean;
  featured?: boolean;
}

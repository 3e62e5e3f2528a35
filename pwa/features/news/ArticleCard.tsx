import type { ReactNode } from 'react';
import type { Article, ArticleSummary } from '../../../contracts/news';
import { Card } from '../../components/Card';
import { ArticleCover } from '../../components/Cover';
import { Time } from '../../components/Time';
import { CategoryBadges } from '../content';
import { SaveToggle } from '../library';

export interface ArticleCardProps {
  article: ArticleSummary;
  /** The title's content: a link to the article, or a button asking anonymous visitors to sign in. */
  title: ReactNode;
  /** The footer row: like, comment, share, 'Read More'. */
  footer: ReactNode;
  /** Shown after the category badges, e.g. Published/Draft for editors. */
  statusBadge?: ReactNode;
  /** Editor tools under the footer. */
  tools?: ReactNode;
  /** Default 3 (under a section heading); 2 when the cards sit directly under the page's h1. */
  headingLevel?: 2 | 3;
  /** The first card of a list: its image loads at once (Cover `priority`). */
  imagePriority?: boolean;
}

/**
 * An article card (spec 2): image (its generated cover if none, a placeholder if failing), category badges in their colour
 * or 'General', published date, title, excerpt or the first 150 characters of content plus '...',
 * and 'Source: {sourceName}', and a one-tap Save at the footer's end. Screens supply the title and the footer because what they do differs
 * (the news list gates opening an article behind sign-in; the home page links straight to it).
 */
export function ArticleCard({ article, title, footer, statusBadge, tools, headingLevel = 3, imagePriority }: ArticleCardProps) {
  const date = article.publishedAt ?? article.createdAt;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card as="article" isInteractive className="news-card">
      <ArticleCover article={article} at="card" priority={imagePriority} />
      <div className="card__body">
        <div className="news-card__badges">
          <CategoryBadges categories={article.categories} />
          {statusBadge}
        </div>
        <p className="card__meta">
          <Time value={date} show="date" />
          <span aria-hidden="true"> · </span>
          <span>{article.readingMinutes} min read</span>
        </p>
        <Heading className="card__title">{title}</Heading>
        <p className="card__text">{article.summary}</p>
        {article.sourceName ? <p className="card__source">Source: {article.sourceName}</p> : null}
        <div className="card__footer">
          {footer}
          <SaveToggle article={article} className="save-toggle--end" />
        </div>
        {tools ? <div className="card__tools">{tools}</div> : null}
      </div>
    </Card>
  );
}

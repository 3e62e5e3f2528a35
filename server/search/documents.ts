import type { SearchKind } from '../../contracts/search';

/**
 * What search reads of each kind, as SQL over the row alias `r`: the body text (the title is the
 * row's `title`), and which rows are drafts or archived. pg.ts selects these expressions; the
 * index over them (PostgreSQL's generated `search_vector`, SQLite's FTS5 triggers, whose stored
 * body sqlite.ts returns) was installed by migration 20261122020000_search.ts, the episodes' one
 * (with their transcript's text) by 20261208000000_transcripts.ts.
 *
 * That migration keeps its own copy of the expressions on purpose: it has run on production
 * databases, and a landed migration must install the same schema forever, whatever this module
 * becomes. documents.test.ts proves, on both engines, that the index the migration installs is
 * built from exactly these expressions; changing one here means a new migration that rebuilds
 * the index.
 */
export interface SearchDocument {
  kind: SearchKind;
  table: 'news_articles' | 'podcast_episodes' | 'forum_discussions' | 'resources';
  /** The body text (weighed below the title). */
  body: string;
  /** "Is a draft", for kinds with a status (content/visibility.ts: published is the public status). */
  draft?: string;
  /** "Is archived", for kinds that can be archived. */
  archived?: string;
  /**
   * "Is hidden by a moderator", for kinds that can be hidden: read from the row at query
   * time, not indexed, so hiding needs no reindex. Search leaves hidden items out for everyone.
   */
  hidden?: string;
}

const DRAFT = "r.status <> 'published'";

export const SEARCH_DOCUMENTS: readonly SearchDocument[] = [
  {
    kind: 'article',
    table: 'news_articles',
    body: "coalesce(r.excerpt, '') || ' ' || coalesce(r.content, '')",
    draft: DRAFT,
    archived: 'r.is_archived',
  },
  {
    kind: 'podcast',
    table: 'podcast_episodes',
    body: "coalesce(r.description, '') || ' ' || coalesce(r.host_name, '') || ' ' || coalesce(r.guest_name, '') || ' ' || coalesce(r.guest_title, '') || ' ' || coalesce(r.transcript_text, '')",
    draft: DRAFT,
    archived: 'r.is_archived',
  },
  { kind: 'discussion', table: 'forum_discussions', body: "coalesce(r.content, '')", draft: DRAFT, hidden: 'r.hidden_at is not null' },
  { kind: 'resource', table: 'resources', body: "coalesce(r.description, '')" },
];

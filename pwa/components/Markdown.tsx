import Markdown, { type Components } from 'react-markdown';
import remarkBreaks from 'remark-breaks';
import remarkGfm from 'remark-gfm';

/*
 * Markdown rendered to React elements (react-markdown + GFM): headings, lists, links, emphasis,
 * code and tables. No raw HTML is ever rendered: react-markdown shows it as text (there is no
 * rehype-raw here), and its URL filter drops javascript: and other unsafe link targets.
 * remark-breaks keeps single line breaks as breaks, as plain-text content always had them.
 *
 * Heavy: screens import LazyMarkdown.tsx, which loads this in a chunk of its own (and its CSS).
 */

export interface MarkdownProps {
  children: string;
  /**
   * 'staff' content (articles) links normally; 'user' content adds nofollow ugc, so links that
   * members write pass no ranking and are marked as theirs.
   */
  author: 'staff' | 'user';
  className?: string;
  id?: string;
}

const isExternal = (href: string) => /^(https?:)?\/\//i.test(href);

function components(author: MarkdownProps['author']): Components {
  return {
    a: ({ href, children }) => {
      // An unsafe URL is emptied by react-markdown: show its text, not a link to this page.
      if (!href) return <span>{children}</span>;
      const external = isExternal(href);
      const rel = ['noopener', external ? 'noreferrer' : '', author === 'user' ? 'nofollow ugc' : ''].filter(Boolean).join(' ');
      return (
        <a href={href} rel={rel} {...(external ? { target: '_blank' } : {})}>
          {children}
          {external ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
        </a>
      );
    },
    // Wide tables scroll inside the column instead of widening the page.
    table: ({ children }) => (
      <div className="markdown__table" role="region" aria-label="Table" tabIndex={0}>
        <table>{children}</table>
      </div>
    ),
    img: ({ src, alt }) => (typeof src === 'string' && src ? <img src={src} alt={alt ?? ''} loading="lazy" /> : null),
  };
}

const STAFF = components('staff');
const USER = components('user');

export function MarkdownContent({ children, author, className, id }: MarkdownProps) {
  return (
    <div id={id} className={['markdown', className].filter(Boolean).join(' ')}>
      <Markdown remarkPlugins={[remarkGfm, remarkBreaks]} components={author === 'staff' ? STAFF : USER}>
        {children}
      </Markdown>
    </div>
  );
}

import { lazy, Suspense, useId, useState } from 'react';
import { useServerMarkup } from '../lib/clock';
import type { MarkdownProps } from './Markdown';
import './Markdown.css';

/*
 * The Markdown renderer (react-markdown, remark) in a chunk of its own, so a
 * screen that shows Markdown is not held back by it: the text shows at once as plain paragraphs and
 * is replaced in place by the formatted version when the chunk arrives. The download starts with the
 * first render that needs it.
 */
type MarkdownModule = typeof import('./Markdown');
let pending: Promise<MarkdownModule> | undefined;
/** Set once the chunk is here: later renders use it directly, with no Suspense round. */
let loaded: MarkdownModule | undefined;

/** Loads the renderer; a page rendered on the server waits for it so its first render is formatted. */
export function loadMarkdown(): Promise<MarkdownModule> {
  pending ??= import('./Markdown').then((module) => (loaded = module));
  // A failed download (offline, a deploy replaced the chunk) is tried again on the next render.
  pending.catch(() => (pending = undefined));
  return pending;
}
// Not loaded with this module: a page rendered on the server already holds the formatted text (kept
// below), so a first visit needs the renderer only when the text changes; a screen rendered in the
// browser asks for it on its first render (Formatted).

const Formatted = lazy(() => loadMarkdown().then((module) => ({ default: module.MarkdownContent })));

export function MarkdownContent(props: MarkdownProps) {
  const id = useId();
  const className = ['markdown', props.className].filter(Boolean).join(' ');
  // A page rendered on the server holds the formatted text already. Taking that page over keeps its
  // markup as it is, for as long as the text is the same: no renderer to wait for, and no parse of
  // the text while hydrating (on a slow phone a long task).
  const html = useServerMarkup(id);
  const [renderedText] = useState(props.children);
  if (html !== undefined && renderedText === props.children) {
    return <div id={id} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  if (loaded) return <loaded.MarkdownContent {...props} id={id} />;
  const plain = (
    <div id={id} className={`${className} markdown--plain`}>
      {props.children}
    </div>
  );
  return (
    <Suspense fallback={plain}>
      <Formatted {...props} id={id} />
    </Suspense>
  );
}

import { lazy, Suspense } from 'react';
import type { MarkdownProps } from './Markdown';
import './Markdown.css';

/*
 * The Markdown renderer (react-markdown, remark: about 40 KB gzipped) in a chunk of its own, so a
 * screen that shows Markdown is not held back by it: the text shows at once as plain paragraphs and
 * is replaced in place by the formatted version when the chunk arrives. The download starts as soon
 * as this module loads, alongside the screen's data.
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
void loadMarkdown().catch(() => {});

const Formatted = lazy(() => loadMarkdown().then((module) => ({ default: module.MarkdownContent })));

export function MarkdownContent(props: MarkdownProps) {
  if (loaded) return <loaded.MarkdownContent {...props} />;
  const plain = <div className={['markdown', 'markdown--plain', props.className].filter(Boolean).join(' ')}>{props.children}</div>;
  return (
    <Suspense fallback={plain}>
      <Formatted {...props} />
    </Suspense>
  );
}

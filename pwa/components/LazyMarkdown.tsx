import { lazy, Suspense } from 'react';
import type { MarkdownProps } from './Markdown';
import './Markdown.css';

/*
 * The Markdown renderer (react-markdown, remark: about 40 KB gzipped) in a chunk of its own, so a
 * screen that shows Markdown is not held back by it: the text shows at once as plain paragraphs and
 * is replaced in place by the formatted version when the chunk arrives. The download starts as soon
 * as this module loads, alongside the screen's data.
 */
let pending: Promise<typeof import('./Markdown')> | undefined;
const load = () => {
  pending ??= import('./Markdown');
  // A failed download (offline, a deploy replaced the chunk) is tried again on the next render.
  pending.catch(() => (pending = undefined));
  return pending;
};
void load().catch(() => {});

const Formatted = lazy(() => load().then((module) => ({ default: module.MarkdownContent })));

export function MarkdownContent(props: MarkdownProps) {
  const plain = <div className={['markdown', 'markdown--plain', props.className].filter(Boolean).join(' ')}>{props.children}</div>;
  return (
    <Suspense fallback={plain}>
      <Formatted {...props} />
    </Suspense>
  );
}

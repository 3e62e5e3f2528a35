import { lazy, startTransition, Suspense, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useServerMarkup } from '../../lib/clock';
import { whenNearViewport } from '../../components/nearViewport';
import { CommentRowsSkeleton } from '../../components/Skeleton';
import { useViewer } from '../../session/viewer';
import type { CommentsProps } from './CommentsSection';
// What the server's page shows of the section (a visitor's view) is styled with the page: a lazy
// chunk's stylesheets come with its code, and the comments would show unstyled until then.
import './CommentsSection.css';
import './MemberLink.css';
import './edit-history.css';
import '../../components/MentionText.css';

/*
 * An article's or episode's comments, their code (the list, the form, the edit, delete and report
 * dialogs: React Aria's Dialog, ListBox and form hooks) fetched when the section comes near
 * the screen, not with the page (docs/performance.md, "First visit"). A visitor's page rendered on the
 * server already shows the comments: taking it over keeps that markup as it is (as LazyMarkdown keeps the
 * formatted text) until the reader scrolls to it, presses or focuses inside it, or the address names a
 * comment; the code then takes over in place, focus kept. A visitor's markup holds only links, which work
 * without the code. A member's holds the comment box and buttons, which would take words and presses
 * the code then forgets: their page (not a first visit: the worker has the code) shows the skeleton
 * until the code has come, loaded at once, as on a screen rendered in the browser.
 */
const Section = lazy(() => import('./CommentsSection').then((m) => ({ default: m.CommentsSection })));

const FOCUSABLE = 'a[href], button, textarea, input, [tabindex]';

export function Comments(props: CommentsProps) {
  const id = useId();
  const member = useViewer().isSignedIn;
  const slot = useRef<HTMLDivElement>(null);
  // While the browser takes over the server's page: its comments, as the server wrote them.
  const kept = useServerMarkup(id, !member);
  // On the server a member's page has the skeleton (below); the browser's first render, taking it over, too.
  const [wanted, setWanted] = useState(() => !member && kept === undefined);
  // Which of the kept markup's controls had focus, to give it back to the same one once the code has taken over.
  const focused = useRef<number>(-1);

  useEffect(() => {
    // By its id, not the ref: React hydrates the Suspense boundary below after this effect has run.
    const shown = slot.current ?? document.getElementById(id);
    if (wanted) return;
    if (member || !shown) return setWanted(true);
    const want = () => startTransition(() => setWanted(true));
    if (location.hash.startsWith('#comment-')) return want();
    const focusIn = () => {
      focused.current = [...shown.querySelectorAll(FOCUSABLE)].indexOf(document.activeElement as Element);
      want();
    };
    shown.addEventListener('pointerdown', want);
    shown.addEventListener('focusin', focusIn);
    const cancel = whenNearViewport(shown, want);
    return () => {
      cancel();
      shown.removeEventListener('pointerdown', want);
      shown.removeEventListener('focusin', focusIn);
    };
  }, [wanted, member, id]);

  useLayoutEffect(() => {
    const shown = slot.current;
    // Only when the swap took the focus away (to the body), not when the reader has moved on since.
    if (!wanted || focused.current < 0 || !shown || (document.activeElement && document.activeElement !== document.body)) return;
    if (!shown.querySelector('section.comments')) return;
    (shown.querySelectorAll<HTMLElement>(FOCUSABLE)[focused.current] ?? shown.querySelector<HTMLElement>('h2'))?.focus();
    focused.current = -1;
  });

  const loading = (
    <section className="comments" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Comments ({props.commentCount})</h2>
      <CommentRowsSkeleton />
    </section>
  );
  // The boundary is there from the first render, so a transition to the code keeps the kept markup
  // on screen while the code downloads (a boundary mounted with it would show the skeleton).
  return (
    <Suspense fallback={loading}>
      {wanted ? (
        <div id={id} ref={slot}>
          <Section {...props} />
        </div>
      ) : kept === undefined ? (
        loading
      ) : (
        <div id={id} ref={slot} dangerouslySetInnerHTML={{ __html: kept }} />
      )}
    </Suspense>
  );
}

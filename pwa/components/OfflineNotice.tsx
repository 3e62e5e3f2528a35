import { useId } from 'react';
import { PlainLinkButton } from './PlainButton';
import './OfflineNotice.css';

const WHAT = {
  article: 'This article has not been saved on this device. Connect to the internet to read it, or open one of your saved articles.',
  episode: 'This episode has not been saved on this device. Connect to the internet to see it, or open one of your saved articles.',
  discussion: 'This discussion has not been saved on this device. Connect to the internet to read it, or open one of your saved articles.',
  list: 'This list has not been saved on this device. Connect to the internet to see it, or open one of your saved articles.',
  member: "This member's page has not been saved on this device. Connect to the internet to see it, or open one of your saved articles.",
  profile: 'Your profile has not been loaded on this device yet. Connect to the internet to see and edit it, or open one of your saved articles.',
  ledger: 'Your CPD ledger has not been loaded on this device yet. Connect to the internet to see it, or open one of your saved articles.',
  // A screen whose code this device has never fetched (pwa/routing/lazyScreen.ts).
  page: 'This page has not been opened on this device yet. Connect to the internet to open it, or open one of your saved articles.',
  // The control panel is for changing the site, which needs the server: no reading to offer instead.
  admin: 'This part of the control panel has not been loaded on this device. Connect to the internet to manage it.',
} as const;

/**
 * What a screen shows offline when its content was never loaded on this device: the same words for a
 * detail page (its h1) and for a list inside a page (`level` 2 or 3, under the page's or section's heading), with a link
 * to Saved (docs/offline.md, "Offline wording").
 */
/** What was not loaded, in the notice's words. */
export type OfflineWhat = keyof typeof WHAT;

export function OfflineNotice({ what, level = 1 }: { what: OfflineWhat; level?: 1 | 2 | 3 }) {
  const titleId = useId();
  const Heading = (['h1', 'h2', 'h3'] as const)[level - 1];
  return (
    <section className="offline-notice" aria-labelledby={titleId}>
      <Heading id={titleId} className="offline-notice__title">
        You're offline
      </Heading>
      <p>{WHAT[what]}</p>
      {what === 'admin' ? null : (
        <PlainLinkButton to="/saved" variant="secondary">
          Go to Saved
        </PlainLinkButton>
      )}
    </section>
  );
}

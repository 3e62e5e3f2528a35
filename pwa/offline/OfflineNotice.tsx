import { LinkButton } from '../components/Button';
import './offline.css';

/** What a detail page shows offline when its content was never loaded on this device. */
export function OfflineNotice({ what }: { what: 'article' | 'discussion' }) {
  return (
    <section className="offline-notice" aria-labelledby="offline-notice-title">
      <h1 id="offline-notice-title">You're offline</h1>
      <p>
        This {what} has not been saved on this device. Connect to the internet to read it, or open one of your saved
        articles.
      </p>
      <LinkButton to="/saved" variant="secondary">
        Go to Saved
      </LinkButton>
    </section>
  );
}

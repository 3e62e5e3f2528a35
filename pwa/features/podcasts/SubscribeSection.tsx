import { buttonClassName } from '../../components/buttonClassName';
import { PlainButton } from '../../components/PlainButton';
import { toast } from '../../components/Toast';
import { pageOrigin } from '../../lib/environment';

/** The podcast feed (server/feeds). Relative here; the absolute form is built from the page's origin. */
export const PODCAST_FEED_PATH = '/podcasts/feed.xml';

/**
 * Apps that subscribe to a feed given its address. Spotify has no such link for listeners (only
 * a submission by the show's owner) and Google Podcasts is gone, so neither is offered.
 */
export const PODCAST_APPS: Array<{ name: string; href: (feed: URL) => string }> = [
  // Apple's own scheme: the feed address with podcast: in place of http(s):.
  { name: 'Apple Podcasts', href: (feed) => `podcast://${feed.host}${feed.pathname}` },
  { name: 'Overcast', href: (feed) => `overcast://x-callback-url/add?url=${encodeURIComponent(feed.href)}` },
  { name: 'Pocket Casts', href: (feed) => `pktc://subscribe/${feed.host}${feed.pathname}` },
  { name: 'AntennaPod', href: (feed) => `https://antennapod.org/deeplink/subscribe?url=${encodeURIComponent(feed.href)}` },
];

/** The /podcasts subscription call to action: the feed itself and "add by URL" links. */
export function SubscribeSection({ siteName }: { siteName: string }) {
  const feed = new URL(PODCAST_FEED_PATH, pageOrigin());
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(feed.href);
      toast({ title: 'Feed address copied', description: 'Paste it into your podcast app to subscribe.' });
    } catch {
      toast({ title: 'Could not copy the feed address', description: feed.href, variant: 'destructive' });
    }
  };
  return (
    <section className="podcasts__subscribe" aria-labelledby="subscribe-title">
      {/* React places this in the document head while the page is shown. */}
      <link rel="alternate" type="application/rss+xml" title={`${siteName} Podcast`} href={PODCAST_FEED_PATH} />
      <h2 id="subscribe-title">Never Miss an Episode</h2>
      <p>Subscribe in any podcast app: open the show in your app, or add it by its feed address.</p>
      <ul className="podcasts__platforms">
        {PODCAST_APPS.map((app) => (
          <li key={app.name}>
            <a className={buttonClassName({ variant: 'secondary' })} href={app.href(feed)}>
              {app.name}
            </a>
          </li>
        ))}
      </ul>
      <p className="podcasts__feed">
        <a className={buttonClassName({ variant: 'primary' })} href={PODCAST_FEED_PATH} type="application/rss+xml">
          RSS feed
        </a>
        <PlainButton variant="ghost" onPress={() => void copy()}>
          Copy feed address
        </PlainButton>
      </p>
    </section>
  );
}

import { Link } from '@tanstack/react-router';
import { useSiteName } from '../site';
import { ThemeToggle } from './ThemeToggle';
import './footer.css';

/** The pages behind the footer's first group (content/pages/*.md, pwa/features/pages/). */
const SITE_PAGES = [
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms' },
] as const;

/** The feeds the server publishes (server/feeds/routes.ts): plain links, the browser or a reader opens them. */
const FEEDS = [
  { href: '/feed.xml', label: 'News RSS feed' },
  { href: '/feed.atom', label: 'News Atom feed' },
  { href: '/podcasts/feed.xml', label: 'Podcast feed' },
] as const;

/**
 * The footer of every page: the site's pages, its feeds and the theme switch (the same
 * ThemeToggle as the header's). It repeats none of the header's navigation. The links wrap, so it
 * fits a 320px phone.
 */
export function Footer() {
  const siteName = useSiteName();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <p className="site-footer__name">{siteName}</p>
          <p className="site-footer__tagline">News, podcasts and discussions for accounting, audit and corporate-finance professionals.</p>
        </div>
        <nav className="site-footer__group" aria-label="Site information">
          <ul className="inline-list">
            {SITE_PAGES.map((page) => (
              <li key={page.to}>
                <Link to={page.to} className="site-footer__link">
                  {page.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="site-footer__group" aria-label="Feeds">
          <ul className="inline-list">
            {FEEDS.map((feed) => (
              <li key={feed.href}>
                <a href={feed.href} className="site-footer__link">
                  {feed.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-footer__theme">
          <span aria-hidden="true">Theme</span>
          <ThemeToggle />
        </div>
      </div>
    </footer>
  );
}

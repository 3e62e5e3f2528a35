import { useQuery } from '@tanstack/react-query';
import { siteQueries } from '../../api/site';
import { MarkdownContent } from '../../components/LazyMarkdown';
import { DEFAULT_SITE_NAME } from '../site';
import about from './content/about.md?raw';
import contact from './content/contact.md?raw';
import privacy from './content/privacy.md?raw';
import terms from './content/terms.md?raw';
import './pages.css';

/*
 * The footer's pages: Markdown files shipped with the app (pwa/features/pages/content/), rendered by
 * the app's Markdown component, on the server like every public page and offline from the precached
 * chunk. Why files and not admin-edited content: docs/decisions/2026-11-25-footer-pages-as-markdown.md.
 */

/** Shown until /api/site answers with the configured address (README, CONTACT_EMAIL). */
const FALLBACK_CONTACT_EMAIL = 'contact@ledgercommons.example';

interface StaticPage {
  title: (siteName: string) => string;
  text: string;
}

export const STATIC_PAGES = {
  about: { title: (siteName) => `About ${siteName}`, text: about },
  contact: { title: () => 'Contact us', text: contact },
  privacy: { title: () => 'Privacy policy', text: privacy },
  terms: { title: () => 'Terms of use', text: terms },
} satisfies Record<string, StaticPage>;

function PageScreen({ page }: { page: StaticPage }) {
  const { data: site } = useQuery(siteQueries.info());
  const siteName = site?.siteName ?? DEFAULT_SITE_NAME;
  const contactEmail = site?.contactEmail ?? FALLBACK_CONTACT_EMAIL;
  const text = page.text
    .replaceAll('{siteName}', siteName)
    // A mailto link, in Markdown's autolink form (the address is config, not Markdown).
    .replaceAll('{contactEmail}', `<${contactEmail}>`);
  return (
    <article className="static-page">
      <h1>{page.title(siteName)}</h1>
      <MarkdownContent author="staff" className="static-page__text">
        {text}
      </MarkdownContent>
    </article>
  );
}

export const AboutPage = () => <PageScreen page={STATIC_PAGES.about} />;
export const ContactPage = () => <PageScreen page={STATIC_PAGES.contact} />;
export const PrivacyPage = () => <PageScreen page={STATIC_PAGES.privacy} />;
export const TermsPage = () => <PageScreen page={STATIC_PAGES.terms} />;

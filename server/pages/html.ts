/** Escaping for text placed in HTML (element text and quoted attribute values). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * JSON for a `<script type="application/ld+json">` block: `<` (so no `</script>` or `<!--` can
 * end or change the block), `>` and `&` escaped as JSON \u escapes, and the two line separators
 * JavaScript once treated as newlines.
 */
export function jsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Escaping for XML text and attribute values (sitemap). */
export const escapeXml = escapeHtml;

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute canonical URL. */
  url: string;
  /** Absolute image URL for link previews. */
  image?: string;
  /** Its pixel size, when known (generated covers): previews can lay out before fetching it. */
  imageSize?: { width: number; height: number };
  /** og:type */
  type: 'article' | 'website';
  /** schema.org data for the page. */
  structured: Record<string, unknown>;
  /** Feeds of this page (`<link rel="alternate">`). */
  feeds?: Array<{ title: string; href: string; type: string }>;
  publishedTime?: string;
  modifiedTime?: string;
  /** Absolute URL of a playable file (`og:audio`), with its media type when known. */
  audio?: { url: string; type?: string };
}

/**
 * The shell with the page's title, description, canonical URL, Open Graph, Twitter card and
 * JSON-LD. Every value is escaped; the shell's own title and description are replaced.
 */
export function fillShell(shell: string, meta: PageMeta, siteName: string): string {
  const tag = (attr: 'name' | 'property', key: string, content: string | undefined) =>
    content ? `<meta ${attr}="${key}" content="${escapeHtml(content)}" />` : '';
  const head = [
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    tag('property', 'og:site_name', siteName),
    tag('property', 'og:type', meta.type),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', meta.url),
    tag('property', 'og:image', meta.image),
    tag('property', 'og:image:width', meta.imageSize && String(meta.imageSize.width)),
    tag('property', 'og:image:height', meta.imageSize && String(meta.imageSize.height)),
    tag('property', 'og:audio', meta.audio?.url),
    tag('property', 'og:audio:type', meta.audio?.type),
    tag('property', 'article:published_time', meta.publishedTime),
    tag('property', 'article:modified_time', meta.modifiedTime),
    tag('name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
    tag('name', 'twitter:image', meta.image),
    ...(meta.feeds ?? []).map((f) => `<link rel="alternate" type="${escapeHtml(f.type)}" title="${escapeHtml(f.title)}" href="${escapeHtml(f.href)}" />`),
    `<script type="application/ld+json">${jsonLd(meta.structured)}</script>`,
  ]
    .filter(Boolean)
    .join('\n    ');
  return shell
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(`${meta.title} | ${siteName}`)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${escapeHtml(meta.description)}" />`)
    .replace('</head>', () => `    ${head}\n  </head>`);
}

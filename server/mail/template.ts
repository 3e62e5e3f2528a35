/**
 * Mail bodies. Each message has one template function that returns its subject and both bodies,
 * HTML and plain text, from the same words (`MailContent`), laid out by `layout` in the site's look:
 * the PWA's light-theme colours (pwa/styles/tokens.css), inline styles only, since mail clients drop
 * style sheets. Every interpolated text is HTML-escaped; subjects and names are made one line, so no
 * value can start a header of its own (nodemailer encodes them as well).
 */

/** The site as mail shows it: its name, and the origin every link is built on. */
export interface MailSite {
  siteName: string;
  origin: string;
}

/** A message's subject and bodies. */
export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

/** Brand colours, from the PWA's light theme (pwa/styles/tokens.css). */
const COLOURS = {
  page: '#f6f5f2', // --color-surface
  card: '#ffffff', // --color-surface-raised
  border: '#d4d1ca', // --color-border
  text: '#1a1d23', // --color-text
  muted: '#4a505c', // --color-text-muted
  heading: '#0f1e36', // --color-heading
  primary: '#17355f', // --color-primary
  onPrimary: '#ffffff', // --color-on-primary
  link: '#1d4690', // --color-link
};
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** One line: CR, LF and the other line breaks become spaces (a header value can then start no header). */
export function oneLine(text: string): string {
  return text
    .replace(/[\r\n\u0085\u2028\u2029\t\v\f]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

interface Layout {
  /** Shown first: the heading of the card. */
  heading: string;
  /** Paragraphs before the button. */
  intro: string[];
  action: { label: string; url: string };
  /** Paragraphs after the button (why you got this, what to do if it was not you). */
  outro: string[];
}

/** The site's mail layout, as HTML and as plain text. */
function layout(site: MailSite, body: Layout): Pick<MailContent, 'html' | 'text'> {
  const name = escapeHtml(oneLine(site.siteName));
  const p = (t: string, colour = COLOURS.text) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.55;color:${colour}">${escapeHtml(t)}</p>`;
  const url = escapeHtml(body.action.url);
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(oneLine(body.heading))}</title></head>
<body style="margin:0;padding:0;background:${COLOURS.page};font-family:${FONT}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLOURS.page}">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px">
<tr><td style="padding:0 0 16px;font-size:20px;font-weight:700;color:${COLOURS.primary}"><a href="${escapeHtml(site.origin)}" style="color:${COLOURS.primary};text-decoration:none">${name}</a></td></tr>
<tr><td style="background:${COLOURS.card};border:1px solid ${COLOURS.border};border-radius:12px;padding:32px 28px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.25;color:${COLOURS.heading}">${escapeHtml(body.heading)}</h1>
${body.intro.map((t) => p(t)).join('\n')}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="background:${COLOURS.primary};border-radius:8px">
<a href="${url}" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:600;color:${COLOURS.onPrimary};text-decoration:none">${escapeHtml(body.action.label)}</a>
</td></tr></table>
<p style="margin:0 0 16px;font-size:14px;line-height:1.55;color:${COLOURS.muted}">If the button does not work, copy this link into your browser:<br><a href="${url}" style="color:${COLOURS.link};word-break:break-all">${url}</a></p>
${body.outro.map((t) => p(t, COLOURS.muted)).join('\n')}
</td></tr>
<tr><td style="padding:16px 4px;font-size:13px;color:${COLOURS.muted}">${name} · <a href="${escapeHtml(site.origin)}" style="color:${COLOURS.link}">${escapeHtml(site.origin)}</a></td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const text = [
    oneLine(site.siteName),
    '',
    body.heading,
    '',
    ...body.intro.flatMap((t) => [t, '']),
    `${body.action.label}: ${body.action.url}`,
    '',
    ...body.outro.flatMap((t) => [t, '']),
    '--',
    `${oneLine(site.siteName)} · ${site.origin}`,
    '',
  ].join('\n');
  return { html, text };
}

/** The greeting's name: the member's first name, one line, else none. */
function greeting(name: string | null | undefined): string {
  const first = oneLine(name ?? '');
  return first ? `Hello ${first},` : 'Hello,';
}

/** The password reset message: a link valid for `validMinutes`, and what to do if it was not you. */
export function passwordResetMail(site: MailSite, to: { firstName: string | null }, link: string, validMinutes: number): MailContent {
  const siteName = oneLine(site.siteName);
  return {
    subject: oneLine(`Reset your ${siteName} password`),
    ...layout(site, {
      heading: 'Reset your password',
      intro: [
        greeting(to.firstName),
        `Someone asked to reset the password of your ${siteName} account. Choose a new password with the link below; it works once, for ${validMinutes} minutes.`,
      ],
      action: { label: 'Choose a new password', url: link },
      outro: [
        'Setting a new password signs you out on every other device.',
        'If you did not ask for this, ignore this message: your password stays as it is.',
      ],
    }),
  };
}

/**
 * The email confirmation message (docs/security.md §13): a link valid for `validHours` that proves
 * the address is the member's, and what to do if they did not sign up.
 */
export function emailConfirmationMail(site: MailSite, to: { firstName: string | null }, link: string, validHours: number): MailContent {
  const siteName = oneLine(site.siteName);
  return {
    subject: oneLine(`Confirm your email address for ${siteName}`),
    ...layout(site, {
      heading: 'Confirm your email address',
      intro: [
        greeting(to.firstName),
        `Confirm that this is the email address of your ${siteName} account with the link below; it works once, for ${validHours} hours.`,
        'Until you do, the site sends you no email: your notifications stay in the app.',
      ],
      action: { label: 'Confirm my email address', url: link },
      outro: ['If you did not create an account or change your address, ignore this message: nothing will be sent to you.'],
    }),
  };
}

/** A moment as mail states it: the recipient's time zone is unknown, so UTC, and said so. */
function formatUtc(iso: string): string {
  const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso));
  return `${when} UTC`;
}

/**
 * The invitation message: who invites them (`inviterName`; unnamed, "An administrator"), to which
 * site, as what role, and the accept link with when it stops working.
 */
export function invitationMail(
  site: MailSite,
  invitation: { inviterName: string | null; roleName: string; link: string; expiresAt: string; validDays: number },
): MailContent {
  const siteName = oneLine(site.siteName);
  const inviter = oneLine(invitation.inviterName ?? '') || 'An administrator';
  const role = oneLine(invitation.roleName);
  return {
    subject: oneLine(`${inviter} invited you to join ${siteName}`),
    ...layout(site, {
      heading: `Join ${siteName}`,
      intro: [
        greeting(null),
        `${inviter} invited you to join ${siteName} as ${role}.`,
        `Accept with the link below: you choose your name and password, and you are signed in. The link works once, for ${invitation.validDays} days, until ${formatUtc(invitation.expiresAt)}.`,
      ],
      action: { label: 'Accept the invitation', url: invitation.link },
      outro: [
        'If the link has expired, ask the person who invited you to send the invitation again.',
        'If you did not expect this invitation, ignore this message: no account is made without the link.',
      ],
    }),
  };
}

/** One notification as a mail tells it (docs/notifications.md): who did what, on which item, and its link. */
export interface NotificationMailItem {
  /** The sentence: "Ada Lovelace replied to your discussion “Closing the books”." */
  summary: string;
  /** The comment or reply's words, as plain text (mentions as @Name), shortened; none for publish/feature. */
  excerpt: string | null;
  /** Absolute link to the item; null when the member can no longer open it (no dead link). */
  link: string | null;
}

/** Where a notification mail's footer sends the member: the settings screen and the one-click link. */
export interface NotificationMailFooter {
  settingsUrl: string;
  /** The signed unsubscribe link of this type (also the List-Unsubscribe header's). */
  unsubscribeUrl: string;
  /** What unsubscribing stops, in words: "mail about replies to your discussions". */
  typeName: string;
}

/** One notification, mailed at once (channel `email`). */
export function notificationMail(site: MailSite, item: NotificationMailItem, footer: NotificationMailFooter): MailContent {
  return {
    subject: oneLine(item.summary).slice(0, 200),
    ...layout(site, {
      heading: oneLine(item.summary),
      intro: item.excerpt ? [`“${item.excerpt}”`] : [],
      action: item.link ? { label: 'Open on the site', url: item.link } : { label: 'See your notifications', url: `${site.origin}/notifications` },
      outro: notificationOutro(footer),
    }),
  };
}

/**
 * The day's digest (channel `digest`): every waiting notification of one member, newest first, and for
 * a member who asked for it, the CPD hours still missing as their CPD year ends (`cpd`, already in words).
 */
/** Something new in a topic the member follows, as the digest lists it. */
export interface DigestTopicItem {
  topic: string;
  title: string;
  link: string;
}

export function digestMail(
  site: MailSite,
  items: NotificationMailItem[],
  footer: Omit<NotificationMailFooter, 'typeName'> & { typeName: string },
  cpd: string | null = null,
  topics: DigestTopicItem[] = [],
): MailContent {
  const siteName = oneLine(site.siteName);
  const count = items.length;
  const ledger = cpd ? [`Your CPD ledger: ${cpd}. ${site.origin}/cpd`] : [];
  const followed = topics.length ? ['New in your topics:', ...topics.map((i) => `New in ${oneLine(i.topic)}: “${oneLine(i.title)}” ${i.link}`)] : [];
  return {
    subject: oneLine(`${count} new notification${count === 1 ? '' : 's'} on ${siteName}`),
    ...layout(site, {
      heading: `Your daily summary from ${siteName}`,
      intro: [...items.map((i) => `${oneLine(i.summary)}${i.excerpt ? ` “${i.excerpt}”` : ''}${i.link ? ` ${i.link}` : ''}`), ...followed, ...ledger],
      action: { label: 'See all notifications', url: `${site.origin}/notifications` },
      outro: notificationOutro(footer),
    }),
  };
}

/**
 * Replies in a discussion the member watches, mailed together (at most one such mail per discussion
 * per WATCH_MAIL_INTERVAL_MS): oldest first, each its sentence, words and link. `title` null: the
 * member can no longer open the discussion, so it is not named.
 */
export function watchedRepliesMail(site: MailSite, title: string | null, items: NotificationMailItem[], footer: NotificationMailFooter): MailContent {
  const count = items.length;
  const where = title === null ? 'a discussion you watch' : `“${oneLine(title)}”`;
  const heading = oneLine(`${count} new repl${count === 1 ? 'y' : 'ies'} in ${where}`);
  return {
    subject: heading.slice(0, 200),
    ...layout(site, {
      heading,
      intro: items.map((i) => `${oneLine(i.summary)}${i.excerpt ? ` “${i.excerpt}”` : ''}${i.link ? ` ${i.link}` : ''}`),
      action: items[0]?.link ? { label: 'Open the discussion', url: items[0].link } : { label: 'See your notifications', url: `${site.origin}/notifications` },
      outro: notificationOutro(footer),
    }),
  };
}

function notificationOutro(footer: NotificationMailFooter): string[] {
  return [
    `You get this because of your notification settings: ${footer.settingsUrl}`,
    `To stop ${footer.typeName}, unsubscribe here (no sign-in needed): ${footer.unsubscribeUrl}`,
  ];
}

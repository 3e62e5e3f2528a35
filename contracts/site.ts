import { z } from './zod';

/** `GET /api/site`: what every screen may need to know about the site. */
export const SiteSettings = z.object({
  siteName: z.string(),
  /** Where the Contact, Privacy and Terms pages send mail (CONTACT_EMAIL, README). */
  contactEmail: z.string(),
  /**
   * Whether the site can send mail (docs/mail.md): false in production without SMTP_URL,
   * when screens that rely on mail (password reset) say it is not available.
   */
  mailEnabled: z.boolean(),
});
export type SiteSettings = z.infer<typeof SiteSettings>;

import type Router from '@koa/router';
import type { Knex } from 'knex';
import { authRoutes } from './auth/routes';
import { newsRoutes } from './news/routes';
import { podcastRoutes } from './podcasts/routes';
import { revisionRoutes } from './revisions/routes';
import { podcastShowRoutes } from './podcast-shows/routes';
import { forumRoutes } from './forums/routes';
import { watchRoutes } from './watches/routes';
import { topicRoutes } from './topics/routes';
import { discussionReadRoutes } from './discussion-reads/routes';
import { homeRoutes } from './home/routes';
import { resourceRoutes } from './resources/routes';
import { communityRoutes } from './community/routes';
import { userRoutes, adminUserRoutes } from './users/routes';
import { invitationRoutes } from './invitations/routes';
import { menuRoutes } from './menu/routes';
import { newsCategoryRoutes } from './news-categories/routes';
import { adminContentRoutes } from './admin-content/routes';
import { auditRoutes } from './audit/routes';
import { adminDashboardRoutes } from './admin-dashboard/routes';
import { adminRoutes, type SampleRebuildDeps } from './admin/routes';
import { uploadRoutes } from './uploads/routes';
import { objectRoutes } from './uploads/objects';
import { profileRoutes } from './profile/routes';
import { memberRoutes } from './members/routes';
import { UploadedImages } from './uploads/images';
import { ImageSemaphore } from '../images/semaphore';
import { searchRoutes } from '../search/routes';
import { feedRoutes } from '../feeds/routes';
import { pageRoutes } from '../pages/routes';
import { coverRoutes } from './covers/routes';
import { passwordResetRoutes } from './password-resets/routes';
import { notificationRoutes } from './notifications/routes';
import { readingListRoutes } from './reading-list/routes';
import { listeningRoutes } from './listening/routes';
import { cpdRoutes } from './cpd/routes';
import { twoFactorRoutes } from './two-factor/routes';
import { emailConfirmationRoutes } from './email-confirmations/routes';
import { EmailConfirmer } from './email-confirmations/service';
import type { SiteInfo } from '../site';
import type { ObjectStorage } from '../storage/index';
import type { AuthRateLimiter, EmailConfirmationLimits, PasswordResetLimits, TwoFactorLimits } from '../middleware/rate-limit';
import type { MailQueue } from '../mail/outbox';
import type { AfterAnswer } from '../middleware/after-answer';
import type { WriteLimiter } from '../middleware/write-limits';
import type { UploadQuota } from './uploads/quota';
import { reportRoutes, type ModerationConfig } from './reports/routes';
import { moderationRoutes } from './moderation/routes';

export interface ApiDeps {
  db: Knex;
  storage: ObjectStorage;
  rateLimits: AuthRateLimiter;
  writeLimits: WriteLimiter;
  uploadQuota: UploadQuota;
  /** Epoch milliseconds now (tests move it to cross limit and de-duplication windows). */
  clock: () => number;
  site: SiteInfo;
  /** Password reset requests per email and per IP. */
  passwordResetLimits: PasswordResetLimits;
  /** Queued mail: whether it goes anywhere, and the sender's kick. */
  mail: MailQueue;
  /** SESSION_SECRET: the key of signed links that need no session (notification unsubscribe). */
  secret: string;
  /** The admin's Rebuild DB: allowed here or not, and its backup. */
  sampleRebuild: SampleRebuildDeps;
  /** Confirmation mails a member asks for again, per account and per IP. */
  emailConfirmationLimits: EmailConfirmationLimits;
  /** Work done once a request's answer is out (password reset links). */
  afterAnswer: AfterAnswer;
  /** Codes tried per account in two-step sign-in. */
  twoFactorLimits: TwoFactorLimits;
  /** Reports that hide an item, and how old a reporter's account must be to count (REPORTS_TO_HIDE, REPORTER_MIN_AGE_HOURS). */
  moderation: ModerationConfig;
}

/** Every resource's router, in one list (the permission-matrix test walks these). */
export function apiRouters({ db, storage, rateLimits, writeLimits, uploadQuota, clock, site, passwordResetLimits, mail, secret, emailConfirmationLimits, afterAnswer, twoFactorLimits, sampleRebuild, moderation }: ApiDeps): Router[] {
  // Drawing covers and resizing uploads take turns for the same cores.
  const turns = new ImageSemaphore();
  const images = new UploadedImages(db, storage, turns);
  const confirmer = new EmailConfirmer({ site, mail, clock });
  return [
    authRoutes(db, rateLimits, confirmer, clock),
    twoFactorRoutes({ db, secret, siteName: site.siteName, authLimits: rateLimits, codeLimits: twoFactorLimits, clock }),
    emailConfirmationRoutes({ db, confirmer, limits: emailConfirmationLimits }),
    passwordResetRoutes({ db, site, limits: passwordResetLimits, mail, clock, afterAnswer }),
    newsRoutes(db, writeLimits, site),
    podcastRoutes(db, writeLimits, site, clock),
    ...revisionRoutes(db),
    podcastShowRoutes(db),
    forumRoutes(db, writeLimits, site),
    watchRoutes(db),
    topicRoutes(db),
    discussionReadRoutes(db),
    homeRoutes(db, clock),
    resourceRoutes(db),
    communityRoutes(db),
    invitationRoutes({ db, site, limits: rateLimits, mail }),
    userRoutes(db, confirmer),
    adminUserRoutes(db, confirmer),
    menuRoutes(db),
    newsCategoryRoutes(db),
    adminContentRoutes(db, site),
    auditRoutes(db),
    adminRoutes(db, storage, sampleRebuild),
    adminDashboardRoutes(db, clock),
    uploadRoutes({ db, storage, writeLimits, quota: uploadQuota, images }),
    objectRoutes({ db, storage, images }),
    coverRoutes({ db, site, turns }),
    profileRoutes(db, rateLimits, site),
    memberRoutes(db),
    notificationRoutes({ db, secret, siteName: site.siteName }),
    readingListRoutes(db),
    listeningRoutes(db),
    cpdRoutes({ db, site, clock }),
    searchRoutes(db),
    reportRoutes(db, writeLimits, moderation, clock),
    moderationRoutes(db, site),
    // Not under /api, but public documents made from the same data (mounted before the SPA fallback).
    feedRoutes(db, site),
    pageRoutes(db, site),
  ];
}

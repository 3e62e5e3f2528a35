import type Router from '@koa/router';
import type Koa from 'koa';
import type { Knex } from 'knex';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import {
  CPD_MESSAGES,
  CpdEntryInput,
  CpdEntryPatch,
  CpdSettingsInput,
  CpdTimeInput,
  CpdYearQuery,
  VerificationCode,
  type CpdEntryPatch as CpdEntryPatchType,
  type CpdTimeResult,
  type CpdToday,
} from '../../../contracts/cpd';
import { WRITTEN_AT_SKEW_MS } from '../../../contracts/common';
import { DEVICE_TIME_MESSAGES } from '../../../contracts/listening';
import { badRequest, forbidden, notFound, unprocessable, type FieldErrors } from '../../errors';
import { currentUser, requireUser } from '../../middleware/auth';
import { fieldErrors, parseId, validateBody, validateQuery, type WithBody } from '../../middleware/validate';
import { originOf, type SiteInfo } from '../../site';
import { canCount, capSeconds, EXTERNAL_ONLY, isSyncedLater, ITEM_NOT_FOUND } from './policy';
import {
  certificateUrl,
  cpdYearRange,
  currentCpdYear,
  entryTime,
  minutesOf,
  presentEntry,
  presentRevision,
  presentSettings,
  presentVerification,
  memberName,
  presentYear,
} from './presenter';
import {
  countedToday,
  countedDays,
  countTime,
  createExternalEntry,
  deleteEntry,
  deleteLedger,
  entriesInRange,
  findEntry,
  findEntryByCode,
  findItem,
  findSettings,
  ledgerDays,
  listRevisions,
  ownUpload,
  saveSettings,
  updateEntry,
  type EntryRow,
} from './repo';
import { csvExport, pdfExport } from './exports';
import { yearEndStanding } from './standing';

export const ENTRY_NOT_FOUND = 'CPD entry not found';
export const NO_SUCH_CODE = 'No CPD entry has this code';

const aheadMessage = (field: string) => `${field} is in the future: check this device's clock`;

/** Answers the member's own ledger only: kept by no cache, and no shared one. */
const privately = (ctx: Koa.Context) => ctx.set('Cache-Control', 'no-store');

/**
 * The time record's body. What the device measured but cannot have happened (more active seconds
 * than the wall clock, an end before the start, a time ahead of the server's clock) is 422 under
 * its field; a body of the wrong shape is 400, as everywhere.
 */
function validateTimeRecord(clock: () => number): WithBody<CpdTimeInput> {
  const implausible = new Set<string>([CPD_MESSAGES.overWallClock, CPD_MESSAGES.endBeforeStart, DEVICE_TIME_MESSAGES.future]);
  return async (ctx, next) => {
    const raw = (ctx.request as { body?: unknown }).body ?? {};
    const result = CpdTimeInput.safeParse(raw);
    if (!result.success) {
      const errors = fieldErrors(result.error);
      const message = result.error.issues[0]?.message ?? 'Invalid request';
      throw result.error.issues.every((i) => implausible.has(i.message)) ? unprocessable(message, errors) : badRequest(message, errors);
    }
    const body = result.data;
    // The server's own clock (injectable), not the contract's: the device may not be ahead of it.
    const ahead: FieldErrors = {};
    for (const field of ['startedAt', 'endedAt'] as const) {
      if (Date.parse(body[field]) > clock() + WRITTEN_AT_SKEW_MS) ahead[field] = [aheadMessage(field)];
    }
    const fields = Object.keys(ahead);
    if (fields.length) throw unprocessable(ahead[fields[0]][0], ahead);
    ctx.state.body = body;
    await next();
  };
}

/**
 * /api/cpd (docs/cpd.md): the signed-in member's CPD ledger, never anyone else's. No path names a
 * member: every query is keyed by the session's user, and an entry of someone else's is not found
 * (404, never 403: its existence is not revealed), staff included. "Now" is the app's clock, so
 * tests set the day and the year's end. /api/verify/{code} is public: an auditor's check.
 */
export function cpdRoutes({ db, site, clock }: { db: Knex; site: SiteInfo; clock: () => number }): Router {
  const router = caseSensitiveRouter();
  const iso = () => new Date(clock()).toISOString();

  router.post('/api/cpd/time', requireUser, validateTimeRecord(clock), async (ctx) => {
    const user = currentUser(ctx);
    const input = ctx.state.body;
    const settings = presentSettings(await findSettings(db, user.id));
    if (settings.trackingPaused) throw forbidden(CPD_MESSAGES.paused);
    const item = await findItem(db, input.itemType, input.itemId);
    if (!canCount(user, input.itemType, item)) throw notFound(ITEM_NOT_FOUND[input.itemType]);
    const result: CpdTimeResult = await countTime(db, user.id, input, item, {
      capSeconds: capSeconds(input.itemType, item),
      syncedLater: isSyncedLater(input, clock()),
      at: iso(),
    });
    privately(ctx);
    ctx.body = result;
  });

  router.get('/api/cpd', requireUser, validateQuery(CpdYearQuery), async (ctx) => {
    const user = currentUser(ctx);
    const settings = presentSettings(await findSettings(db, user.id));
    const year = ctx.state.query.year ?? currentCpdYear(clock(), settings.yearStartMonth);
    const range = cpdYearRange(year, settings.yearStartMonth);
    const { entries, days } = await entriesInRange(db, user.id, range);
    privately(ctx);
    ctx.body = presentYear(settings, year, entries, days, await ledgerDays(db, user.id), originOf(ctx, site));
  });

  router.get('/api/cpd/today', requireUser, async (ctx) => {
    const user = currentUser(ctx);
    const settingsRow = await findSettings(db, user.id);
    const settings = presentSettings(settingsRow);
    const nowMs = clock();
    const minutesToday = minutesOf(await countedToday(db, user.id, nowMs));
    const { missingHours: missingHoursNearYearEnd, yearEnd } = await yearEndStanding(db, user.id, nowMs, settingsRow);
    const body: CpdToday = { minutesToday, missingHoursNearYearEnd, trackingPaused: settings.trackingPaused, yearEnd };
    privately(ctx);
    ctx.body = body;
  });

  router.put('/api/cpd/settings', requireUser, validateBody(CpdSettingsInput), async (ctx) => {
    const user = currentUser(ctx);
    privately(ctx);
    ctx.body = presentSettings(await saveSettings(db, user.id, ctx.state.body));
  });

  /** The entry with its minutes over all its time, and its revisions, newest first. */
  async function answerEntry(ctx: Koa.Context, userId: string, row: EntryRow) {
    const days = row.type === 'external' ? [] : await countedDays(db, userId, undefined, [row.id]);
    const revisions = await listRevisions(db, row.id);
    privately(ctx);
    return { ...presentEntry(row, entryTime(row, days), originOf(ctx, site)), revisions: revisions.map(presentRevision) };
  }

  async function ownEntry(userId: string, rawId: string | undefined): Promise<EntryRow> {
    const row = await findEntry(db, userId, parseId(rawId, ENTRY_NOT_FOUND));
    if (!row) throw notFound(ENTRY_NOT_FOUND);
    return row;
  }

  /** A certificate must be the member's own finished upload (as an avatar must): 422 under the field. */
  async function checkCertificate(userId: string, uploadId: string | null | undefined) {
    if (!uploadId) return;
    if (!(await ownUpload(db, userId, uploadId))) {
      const message = 'The certificate must be a file you uploaded';
      throw unprocessable(message, { certificateUploadId: [message] });
    }
  }

  router.post('/api/cpd/entries', requireUser, validateBody(CpdEntryInput), async (ctx) => {
    const user = currentUser(ctx);
    await checkCertificate(user.id, ctx.state.body.certificateUploadId);
    const id = await createExternalEntry(db, user.id, ctx.state.body, iso());
    ctx.status = 201;
    ctx.body = await answerEntry(ctx, user.id, (await findEntry(db, user.id, id))!);
  });

  router.get('/api/cpd/entries/:id', requireUser, async (ctx) => {
    const user = currentUser(ctx);
    ctx.body = await answerEntry(ctx, user.id, await ownEntry(user.id, ctx.params.id));
  });

  router.patch('/api/cpd/entries/:id', requireUser, validateBody(CpdEntryPatch), async (ctx) => {
    const user = currentUser(ctx);
    const row = await ownEntry(user.id, ctx.params.id);
    const patch = ctx.state.body;
    if (row.type !== 'external') {
      const errors: FieldErrors = {};
      for (const field of ['title', 'provider', 'date', 'minutes'] as const) if (patch[field] !== undefined) errors[field] = [EXTERNAL_ONLY];
      if (Object.keys(errors).length) throw unprocessable(EXTERNAL_ONLY, errors);
    }
    await checkCertificate(user.id, patch.certificateUploadId);
    const { columns, revision } = changesOf(row, patch);
    if (Object.keys(columns).length) {
      if ((await updateEntry(db, user.id, row.id, columns, revision, iso())) === 'not_found') throw notFound(ENTRY_NOT_FOUND);
    }
    ctx.body = await answerEntry(ctx, user.id, (await findEntry(db, user.id, row.id))!);
  });

  router.delete('/api/cpd/entries/:id', requireUser, async (ctx) => {
    const user = currentUser(ctx);
    const id = parseId(ctx.params.id, ENTRY_NOT_FOUND);
    if (!(await deleteEntry(db, user.id, id))) throw notFound(ENTRY_NOT_FOUND);
    privately(ctx);
    ctx.body = { ok: true };
  });

  router.delete('/api/cpd', requireUser, async (ctx) => {
    await deleteLedger(db, currentUser(ctx).id);
    privately(ctx);
    ctx.body = { ok: true };
  });

  for (const [path, send] of [
    ['/api/cpd/export.csv', csvExport],
    ['/api/cpd/export.pdf', pdfExport],
  ] as const) {
    router.get(path, requireUser, validateQuery(CpdYearQuery), async (ctx) => {
      const user = currentUser(ctx);
      const settings = presentSettings(await findSettings(db, user.id));
      const year = ctx.state.query.year ?? currentCpdYear(clock(), settings.yearStartMonth);
      const range = cpdYearRange(year, settings.yearStartMonth);
      const { entries, days } = await entriesInRange(db, user.id, range);
      const view = presentYear(settings, year, entries, days, [], originOf(ctx, site));
      privately(ctx);
      send(ctx, view, { memberName: memberName(user.row) });
    });
  }

  router.get('/api/verify/:code', async (ctx) => {
    ctx.set('X-Robots-Tag', 'noindex');
    const parsed = VerificationCode.safeParse(ctx.params.code);
    const row = parsed.success ? await findEntryByCode(db, parsed.data) : undefined;
    if (!row) throw notFound(NO_SUCH_CODE);
    const days = row.type === 'external' ? [] : await countedDays(db, row.user_id, undefined, [row.id]);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentVerification(row, entryTime(row, days));
  });

  return router;
}

/** The columns a patch changes, and its revision: the changed fields as they were and as they are. */
function changesOf(row: EntryRow, patch: CpdEntryPatchType) {
  const columns: Record<string, unknown> = {};
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const fields = [
    ['title', 'title', row.title],
    ['provider', 'provider', row.provider],
    ['date', 'activity_date', row.activity_date],
    ['minutes', 'external_minutes', row.external_minutes === null ? null : Number(row.external_minutes)],
    ['developmentNeed', 'development_need', row.development_need],
    ['learning', 'learning', row.learning],
    ['application', 'application', row.application],
  ] as const;
  for (const [field, column, was] of fields) {
    const next = patch[field];
    if (next === undefined || next === was) continue;
    columns[column] = next;
    before[field] = was;
    after[field] = next;
  }
  if (patch.certificateUploadId !== undefined && patch.certificateUploadId !== row.certificate_object_id) {
    columns.certificate_object_id = patch.certificateUploadId;
    before.certificateUrl = certificateUrl(row);
    after.certificateUrl = certificateUrl({ certificate_object_id: patch.certificateUploadId });
  }
  return { columns, revision: Object.keys(before).length ? { before, after } : null };
}

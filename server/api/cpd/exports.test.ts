import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { CpdYear } from '../../../contracts/cpd';
import { describeEachDb, type Agent } from '../../test/harness';
import { signedIn } from '../../test/agents';
import { createCategory, insertArticle } from '../../test/factories';
import { CSV_COLUMNS } from './exports';

/*
 * The year's exports, parsed as an auditor's tools would read them: the CSV's rows, hours, units,
 * credits and verification URLs (and no formula a spreadsheet would run), the PDF's rows, totals
 * and links. Both stream as attachments.
 */

const nowMs = Date.UTC(2026, 2, 10, 12, 0, 0);

/** RFC 4180: quoted cells may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(cell), (cell = '');
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** pdfjs reads the PDF's standard fonts (Helvetica) from its own package. */
const STANDARD_FONTS = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: bytes, isEvalSupported: false, standardFontDataUrl: STANDARD_FONTS }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
  }
  return pages;
}

describeEachDb(
  'cpd exports',
  (t) => {
    let me: Agent;
    let view: CpdYear;
    beforeAll(async () => {
      const category = await createCategory(t().db);
      me = (await signedIn(t().db, t().agent(), 'subscriber')).agent;
      await me.put('/api/cpd/settings', { body: 'acca', yearStartMonth: 1, trackingPaused: false, digestNudge: false });
      const at = (m: number) => new Date(nowMs + m * 60_000).toISOString();
      const article = await insertArticle(t().db, { categoryIds: [category.id], title: 'Going concern, revisited', content: 'word '.repeat(220 * 45) });
      // 125 minutes of reading: 2.08 hours, and 2.4 CPE credits (2.5, rounded down to a fifth).
      const { body } = await me.post('/api/cpd/time', { id: randomUUID(), itemType: 'article', itemId: article, startedAt: at(-200), endedAt: at(-140), activeSeconds: 3600, recordedOffline: false });
      await me.post('/api/cpd/time', { id: randomUUID(), itemType: 'article', itemId: article, startedAt: at(-130), endedAt: at(-70), activeSeconds: 3600, recordedOffline: false });
      await me.post('/api/cpd/time', { id: randomUUID(), itemType: 'article', itemId: article, startedAt: at(-60), endedAt: at(-55), activeSeconds: 300, recordedOffline: false });
      await me.patch(`/api/cpd/entries/${body.entryId}`, { developmentNeed: 'Audit judgement', learning: 'Indicators, "material" ones', application: 'In planning, next month' });
      await me.post('/api/cpd/entries', { title: '=HYPERLINK("http://evil.example")', provider: '@provider', date: '2026-02-01', minutes: 47, developmentNeed: '-1+1', learning: '+sum', application: 'Plain' });
      view = (await me.get<CpdYear>('/api/cpd?year=2026')).body;
    });

    it('CSV: one row per entry, the columns in order, hours, units, credits, verification URLs; formulas disarmed', async () => {
      const res = await fetch(`${t().url}/api/cpd/export.csv?year=2026`, { headers: { cookie: me.cookieHeader() } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="cpd-2026.csv"');
      const rows = parseCsv(await res.text());
      expect(rows[0]).toEqual([...CSV_COLUMNS]);
      expect(rows.slice(1)).toHaveLength(2);
      const external = view.entries.find((e) => e.type === 'external')!;
      const read = view.entries.find((e) => e.type === 'article')!;
      expect(rows[1]).toEqual([
        '2026-02-01', `'=HYPERLINK("http://evil.example")`, "'@provider", 'External', '47', '0.78', '0.78', '0.8', 'No', "'-1+1", "'+sum", 'Plain', external.verificationUrl,
      ]);
      expect(rows[2]).toEqual([
        '2026-03-10', 'Going concern, revisited', 'Ledger Commons', 'Article', '125', '2.08', '2.08', '2.4', 'Yes',
        'Audit judgement', 'Indicators, "material" ones', 'In planning, next month', read.verificationUrl,
      ]);
      expect(read.verificationUrl).toBe(`${t().url}/verify/${read.verificationCode}`);
      const verified = await t().agent().get(`/api/verify/${read.verificationUrl.split('/verify/')[1]}`);
      expect(verified.body).toMatchObject({ title: 'Going concern, revisited', minutes: 125, verifiableReady: true });
    });

    it('PDF: member, body, year, every row with its evidence link, totals against the target', async () => {
      const res = await fetch(`${t().url}/api/cpd/export.pdf?year=2026`, { headers: { cookie: me.cookieHeader() } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="cpd-2026.pdf"');
      const [page, ...more] = await pdfText(new Uint8Array(await res.arrayBuffer()));
      expect(more).toEqual([]);
      const lines = page.split('\n').map((l) => l.trim()).filter(Boolean);
      expect(lines).toEqual(expect.arrayContaining(['CPD record', 'Body: ACCA (unit route)', 'CPD year: 2026-01-01 to 2026-12-31']));
      expect(lines.some((l) => l.startsWith('Member: '))).toBe(true);
      for (const e of view.entries) expect(lines, e.title).toContain(e.verificationUrl);
      expect(lines).toEqual(expect.arrayContaining(['2026-03-10', '2.08', 'Audit judgement', '2026-02-01', '0.78', '0.00']));
      expect(lines).toEqual(
        expect.arrayContaining(['Total hours: 2.87 of 40.00 target', 'Verifiable hours: 2.08 of 21.00 required', 'Non-verifiable hours: 0.78', 'Hours missing: 37.13']),
      );
    });

    it('a year with nothing says so; exports are the member’s own', async () => {
      const res = await fetch(`${t().url}/api/cpd/export.pdf?year=2024`, { headers: { cookie: me.cookieHeader() } });
      const [page] = await pdfText(new Uint8Array(await res.arrayBuffer()));
      expect(page).toContain('No CPD recorded in this year');
      const csv = await fetch(`${t().url}/api/cpd/export.csv?year=2024`, { headers: { cookie: me.cookieHeader() } });
      expect(parseCsv(await csv.text())).toEqual([[...CSV_COLUMNS]]);
      const other = (await signedIn(t().db, t().agent(), 'admin')).agent;
      expect(parseCsv((await other.get('/api/cpd/export.csv?year=2026')).text)).toEqual([[...CSV_COLUMNS]]);
      expect((await t().agent().get('/api/cpd/export.csv')).status).toBe(401);
    });
  },
  { clock: () => nowMs },
);

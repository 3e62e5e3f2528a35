import type Koa from 'koa';
import { stringify } from 'csv-stringify';
import PDFDocument from 'pdfkit';
import { CPD_BODY_RULES, type CpdEntry, type CpdYear } from '../../../contracts/cpd';
import { cpeCredits, hoursOf } from './presenter';

/*
 * The year's record to hand to an institute (docs/cpd.md, "Exports"): a CSV, one row per entry, and
 * a PDF laid out like the ICAEW and ACCA example records. Both are streamed: the rows are written as
 * the client reads them.
 */

export const CSV_COLUMNS = [
  'Date',
  'Title',
  'Provider',
  'Type',
  'Minutes',
  'Hours',
  'ACCA units',
  'CPE credits',
  'Verifiable',
  'Development need',
  'Learning',
  'Application',
  'Verification URL',
] as const;

/**
 * A cell a spreadsheet would run as a formula (= + - @, and tab or carriage return that some treat
 * alike) starts with an apostrophe instead: the member's own text must not run on an auditor's
 * machine (docs/security.md, "Exports").
 */
export function spreadsheetSafe(text: string | null): string {
  const s = text ?? '';
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

const TYPE_LABELS: Record<CpdEntry['type'], string> = { article: 'Article', episode: 'Episode', discussion: 'Discussion', external: 'External' };

const fileName = (view: CpdYear, ext: string) => `cpd-${view.year}.${ext}`;

function attachment(ctx: Koa.Context, name: string, type: string) {
  ctx.type = type;
  ctx.set('Content-Disposition', `attachment; filename="${name}"`);
}

/** Rows written between two turns of the event loop: the answer starts while the rest is made. */
const ROWS_PER_TURN = 100;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs the writer after the handler returns (Koa then pipes the stream to the client): rows go out
 * as they are made, and a writer that fails ends the stream with its error.
 */
function produce(stream: NodeJS.ReadableStream & { destroy(err?: Error): unknown }, write: () => Promise<void>): void {
  void write().catch((err: Error) => stream.destroy(err));
}

export function csvExport(ctx: Koa.Context, view: CpdYear): void {
  attachment(ctx, fileName(view, 'csv'), 'text/csv; charset=utf-8');
  const csv = stringify({ header: true, columns: [...CSV_COLUMNS] });
  ctx.body = csv;
  // Oldest first, as a record is read; written row by row into the stream, waiting when the client reads slower.
  produce(csv, async () => {
    let n = 0;
    for (const e of [...view.entries].sort((a, b) => a.firstDate.localeCompare(b.firstDate))) {
      // A client that went away ends the stream: stop writing.
      if (csv.destroyed) return;
      const more = csv.write(row(e));
      if (!more) await new Promise((resolve) => csv.once('drain', resolve).once('close', resolve));
      else if (++n % ROWS_PER_TURN === 0) await nextTurn();
    }
    csv.end();
  });
}

function row(e: CpdEntry): string[] {
  return [
    e.firstDate,
    spreadsheetSafe(e.title),
    spreadsheetSafe(e.provider),
    TYPE_LABELS[e.type],
    String(e.minutes),
    hoursOf(e.minutes).toFixed(2),
    hoursOf(e.minutes).toFixed(2),
    cpeCredits(e.minutes).toFixed(1),
    e.verifiableReady ? 'Yes' : 'No',
    spreadsheetSafe(e.developmentNeed),
    spreadsheetSafe(e.learning),
    spreadsheetSafe(e.application),
    e.verificationUrl,
  ];
}

const hours = (minutes: number) => hoursOf(minutes).toFixed(2);

/** Landscape A4: the evidence column holds a whole verification URL on one line. */
const COLUMNS = [
  { title: 'Date', width: 62 },
  { title: 'Activity', width: 200 },
  { title: 'Development need', width: 160 },
  { title: 'Hours', width: 42 },
  { title: 'Verifiable hours', width: 52 },
  { title: 'Evidence', width: 266 },
] as const;
const MARGIN = 30;
const FONT_SIZE = 8;
const GAP = 4;

export function pdfExport(ctx: Koa.Context, view: CpdYear, who: { memberName: string }): void {
  attachment(ctx, fileName(view, 'pdf'), 'application/pdf');
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: MARGIN, info: { Title: `CPD record ${view.from} to ${view.to}` } });
  ctx.body = doc;
  const rules = CPD_BODY_RULES[view.settings.body];

  doc.font('Helvetica-Bold').fontSize(16).text('CPD record');
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(10);
  doc.text(`Member: ${who.memberName}`);
  doc.text(`Body: ${rules.label}`);
  doc.text(`CPD year: ${view.from} to ${view.to}`);
  doc.moveDown(0.8);

  const bottom = doc.page.height - MARGIN;
  const header = () => {
    doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
    drawRow(COLUMNS.map((c) => c.title));
    doc.font('Helvetica').fontSize(FONT_SIZE);
  };
  function drawRow(cells: string[]) {
    const heights = cells.map((text, i) => doc.heightOfString(text, { width: COLUMNS[i].width - GAP }));
    const height = Math.max(...heights) + GAP;
    if (doc.y + height > bottom) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    let x = MARGIN;
    cells.forEach((text, i) => {
      doc.text(text, x, y, { width: COLUMNS[i].width - GAP });
      x += COLUMNS[i].width;
    });
    doc.moveTo(MARGIN, y + height - GAP / 2).lineTo(x, y + height - GAP / 2).lineWidth(0.3).strokeColor('#999999').stroke();
    doc.x = MARGIN;
    doc.y = y + height;
  }

  produce(doc, async () => {
    header();
    const entries = [...view.entries].sort((a, b) => a.firstDate.localeCompare(b.firstDate));
    let n = 0;
    for (const e of entries) {
      if (doc.destroyed) return;
      const date = e.firstDate === e.lastDate ? e.firstDate : `${e.firstDate} to ${e.lastDate}`;
      drawRow([date, `${e.title} (${e.provider})`, e.developmentNeed ?? '', hours(e.minutes), e.verifiableReady ? hours(e.minutes) : '0.00', e.verificationUrl]);
      // Each finished page is written out; a turn of the event loop lets it reach the client.
      if (++n % ROWS_PER_TURN === 0) await nextTurn();
    }
    if (!entries.length) drawRow(['', 'No CPD recorded in this year', '', '', '', '']);
    totals();
  });

  function totals() {
    doc.moveDown(1);
    doc.x = MARGIN;
    doc.font('Helvetica-Bold').fontSize(10).text(`Total hours: ${hours(view.totals.minutes)} of ${hours(view.totals.targetMinutes)} target`);
    doc.font('Helvetica').fontSize(10);
    const verifiableTarget = rules.verifiableHours === null ? '' : ` of ${rules.verifiableHours.toFixed(2)} required`;
    doc.text(`Verifiable hours: ${hours(view.totals.verifiableMinutes)}${verifiableTarget}`);
    doc.text(`Non-verifiable hours: ${hours(view.totals.nonVerifiableMinutes)}`);
    doc.text(`Hours missing: ${hours(view.totals.missingMinutes)}`);
    doc.moveDown(0.5);
    doc.fontSize(8).text('Each evidence link opens the entry as recorded on Ledger Commons. The site awards no formal US CPE credit.');
    doc.end();
  }
}

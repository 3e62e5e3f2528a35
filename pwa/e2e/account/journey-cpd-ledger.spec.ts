import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { articleWithObjectives, logTime, memberApi, newLedgerMember, openLedgerFromMenu, parseCsv, pdfText } from '../support/cpd';
import { expect, test } from '../support/fixtures';
import { main, signInWithForm } from '../support/journey';

/*
 * The CPD ledger, as a member uses it on a desktop and a phone: they sign in through the form, open the
 * ledger from the account menu, choose ACCA, answer the three questions for an entry (it becomes
 * verifiable-ready), add a course of their own, and export the year as CSV and PDF; an auditor opens
 * a verification link signed out, and a forged code is not found. The time itself is the arrangement,
 * posted as time records (the device's measuring has its own journeys).
 */

const QUESTIONS = ['Why did I choose this? Which development need does it meet?', 'What did I learn?', 'How will I apply it?'];

async function downloaded(page: Page, link: string): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), main(page).getByRole('link', { name: link }).click()]);
  const file = await download.path();
  return { download, bytes: await readFile(file) };
}

test('a member keeps their CPD ledger and hands an auditor the evidence', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const member = await newLedgerMember(baseURL!, 'Priya');
  const article = await articleWithObjectives(baseURL!, `Revenue from contracts, step by step ${Date.now()}`, ['Identify the performance obligations', 'Allocate the price']);
  const api = await memberApi(baseURL!, member);
  await logTime(api, { itemType: 'article', itemId: article.id }, 2);
  await api.dispose();

  await page.goto('/');
  await signInWithForm(page, member);
  await openLedgerFromMenu(page, member.name);

  // ACCA: 40 units, 21 of them verifiable.
  await page.getByRole('button', { name: /Professional body$/ }).click();
  await page.getByRole('option', { name: 'ACCA (unit route)', exact: true }).click();
  await main(page).getByRole('button', { name: 'Save settings' }).click();
  await expect(main(page).getByText(/of 40 h/)).toBeVisible();

  // The entry the reading made; its reflection makes it verifiable-ready.
  const entry = main(page).getByRole('listitem').filter({ has: page.getByRole('link', { name: article.title }) });
  await expect(entry).toContainText('2 min');
  await entry.getByRole('button', { name: `Details: ${article.title}` }).click();
  const panel = page.getByRole('dialog', { name: article.title });
  await expect(panel.getByRole('listitem').filter({ hasText: 'Identify the performance obligations' })).toBeVisible();
  await panel.getByLabel(QUESTIONS[0]).fill('Two clients are changing how they bill long contracts.');
  await panel.getByLabel(QUESTIONS[1]).fill('The five steps, and how to find each performance obligation.');
  await panel.getByLabel(QUESTIONS[2]).fill('I will walk our audit team through the contracts of one client.');
  await panel.getByRole('button', { name: 'Save reflection' }).click();
  await expect(panel.getByText('Verifiable-ready')).toBeVisible();
  const verificationUrl = (await panel.getByRole('link', { name: /\/verify\// }).textContent())!.trim();
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(entry.getByText('Verifiable-ready')).toBeVisible();

  // A course of their own.
  const course = `Ethics for accountants ${Date.now()}`;
  await main(page).getByRole('button', { name: 'Add an activity' }).click();
  const form = page.getByRole('dialog', { name: 'Add an activity' });
  await form.getByLabel('Title').fill(course);
  await form.getByLabel('Provider').fill('ACCA Learning');
  await form.getByLabel('Minutes').fill('90');
  await form.getByRole('button', { name: 'Add activity' }).click();
  await expect(form).toHaveCount(0);
  const own = main(page).getByRole('region', { name: /Your own activities/ });
  await expect(own.getByText(course)).toBeVisible();
  await expect(own).toContainText('1 h 30 min');

  // The year as CSV: one row per entry, with the verification URL.
  const csv = await downloaded(page, 'Download CSV');
  const rows = parseCsv(csv.bytes.toString('utf8')).filter((row) => row.some((field) => field !== ''));
  const [head, ...body] = rows;
  const col = (name: RegExp) => head.findIndex((h) => name.test(h));
  expect(body).toHaveLength(2);
  const articleRow = body.find((row) => row[col(/^title$/i)] === article.title)!;
  const courseRow = body.find((row) => row[col(/^title$/i)] === course)!;
  expect(articleRow[col(/^minutes$/i)]).toBe('2');
  expect(courseRow[col(/^minutes$/i)]).toBe('90');
  expect(articleRow[col(/verification/i)]).toBe(verificationUrl);

  // The year as PDF: a real PDF whose text carries the verification URLs.
  const pdf = await downloaded(page, 'Download PDF');
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = (await pdfText(new Uint8Array(pdf.bytes))).replace(/\s+/g, '');
  expect(text).toContain(verificationUrl.replace(/\s+/g, ''));

  // An auditor, signed out, opens the link; a forged code is not found.
  const auditor = await browser.newContext({ baseURL });
  try {
    const visitor = await auditor.newPage();
    await visitor.goto(verificationUrl);
    await expect(visitor.getByRole('heading', { name: article.title })).toBeVisible();
    await expect(visitor.getByText(member.name)).toBeVisible();
    await expect(visitor.getByText('2 min', { exact: true })).toBeVisible();
    await visitor.goto(verificationUrl.replace(/\/verify\/.*$/, '/verify/forged-0000-code'));
    await expect(visitor.getByText('No entry has this verification code.')).toBeVisible();
  } finally {
    await auditor.close();
  }
});

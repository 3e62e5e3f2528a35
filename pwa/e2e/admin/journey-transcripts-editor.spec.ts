import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { getJson, type ListedPodcast } from '../support/content';
import { expect, test } from '../support/fixtures';
import { toast } from '../support/toast';
import { ACCOUNTS } from '../support/session';
import { signInWithForm } from '../support/journey';

/*
 * The episode form's Transcript and Chapters: an editor uploads a WebVTT file and adds chapters,
 * a chapter time the server cannot read shows its message beside that field, and the saved
 * transcript and chapters are there when the episode is opened again; History compares both with an
 * earlier version.
 */
const VTT = 'WEBVTT\n\n00:00.000 --> 00:04.000\nWelcome to the close.\n\n00:04.000 --> 00:09.000\nToday: leases.\n';

async function tickFirstCategory(page: Page) {
  const [category] = await getJson<Array<{ name: string }>>(page.request, '/api/news-categories?activeOnly=true');
  const group = page.getByRole('group', { name: 'Categories' });
  await group.getByText(category.name, { exact: true }).click();
  await expect(group.getByRole('checkbox', { name: category.name })).toBeChecked();
}

test('an editor uploads a transcript and adds chapters; a bad chapter time is refused beside its field', async ({ page }) => {
  // Sign-in, two saves, an axe run and a reload.
  test.slow();
  await page.goto('/podcasts');
  await signInWithForm(page, ACCOUNTS.editor);
  await page.goto('/podcasts');
  await page.getByRole('link', { name: 'Add Podcast', exact: true }).click();
  await expect(page).toHaveURL(/\/podcasts\/add$/);

  const title = `Transcribed ${Date.now()}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Duration').fill('10:00');
  await tickFirstCategory(page);

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload transcript file' }).click();
  await (await chooser).setFiles({ name: 'episode.vtt', mimeType: 'text/vtt', buffer: Buffer.from(VTT) });
  await expect(page.getByTestId('transcript-summary')).toHaveText('New transcript: 2 timed cues.');
  await expect(page.getByLabel('Transcript text')).toHaveValue(VTT);

  await page.getByRole('button', { name: 'Add chapter' }).click();
  await page.getByLabel('Chapter 1 start').fill('0:00');
  await page.getByLabel('Chapter 1 title').fill('Welcome');
  await page.getByRole('button', { name: 'Add chapter' }).click();
  await page.getByLabel('Chapter 2 start').fill('12:00');
  await page.getByLabel('Chapter 2 title').fill('Leases');
  await page.getByRole('button', { name: 'Save draft', exact: true }).click();

  // Past the episode's ten minutes: the server's message, beside the second chapter's start.
  const late = page.getByLabel('Chapter 2 start');
  await expect(page.locator('.field__error', { hasText: 'This chapter starts at 12:00, after the episode ends (10:00)' })).toBeVisible();
  await expect(late).toHaveAttribute('aria-invalid', 'true');
  await expect(late).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  await late.fill('4:30');
  await page.getByRole('button', { name: 'Save draft', exact: true }).click();
  await expect(toast(page)).toContainText('Podcast episode created successfully!');
  await expect(page).toHaveURL(/\/podcasts\/[0-9a-f-]{36}\/edit$/);
  const id = /\/podcasts\/([0-9a-f-]{36})\/edit$/.exec(page.url())![1];
  expect(await getJson<ListedPodcast & { chapters: unknown; hasTranscript: boolean }>(page.request, `/api/podcasts/${id}`)).toMatchObject({
    hasTranscript: true,
    chapters: [
      { start: 0, title: 'Welcome' },
      { start: 270, title: 'Leases' },
    ],
  });

  // Opened again: the saved transcript and the chapters, in order.
  await page.reload();
  await expect(page.getByTestId('transcript-summary')).toHaveText('Saved transcript: 2 timed cues.');
  await expect(page.getByLabel('Chapter 1 start')).toHaveValue('0:00');
  await expect(page.getByLabel('Chapter 1 title')).toHaveValue('Welcome');
  await expect(page.getByLabel('Chapter 2 start')).toHaveValue('4:30');
  await expect(page.getByLabel('Chapter 2 title')).toHaveValue('Leases');

  // Edited once more: History shows what the first version's transcript and chapters were.
  await page.getByLabel('Transcript text').fill(VTT.replace('Today: leases.', 'Today: leases and IFRS 16.'));
  await page.getByLabel('Chapter 2 title').fill('Leases, IFRS 16');
  await page.getByRole('button', { name: 'Save draft', exact: true }).click();
  await expect(toast(page)).toContainText('Podcast episode updated successfully!');
  const history = page.getByRole('region', { name: 'History' });
  const versions = history.getByRole('list', { name: 'Saved versions, newest first' }).getByRole('button');
  await expect(versions).toHaveCount(2);
  await versions.last().click();
  await expect(history.locator('.history__text', { has: page.getByRole('heading', { name: 'Transcript' }) }).locator('ins')).toContainText('IFRS 16');
  const chapters = history.getByRole('row', { name: /^Chapters \(changed\)/ });
  await expect(chapters.getByRole('cell')).toHaveText(['0:00 Welcome; 4:30 Leases', '0:00 Welcome; 4:30 Leases, IFRS 16']);
  await page.screenshot({ path: 'test-results/transcripts-editor.png', fullPage: true });
});

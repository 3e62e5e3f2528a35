import type { Page, Request } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { holdRoute, useTheme } from '../support/content';
import { expect, test } from '../support/fixtures';
import { toast } from '../support/toast';
import { ACCOUNTS, signIn } from '../support/session';
// A real (small) MP3: finalising reads the audio's duration.
import { SPEECH_MP3 } from '../../../server/test/uploads';

/*
 * The upload field (spec 4 upload flow, spec 5 limits, spec 8 widget messages), on the article page
 * and the control panel's Podcasts tab: checks before any byte is sent, progress, preview, failures.
 */

const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const IMAGE_LIMIT = 5_242_880;


const imageField = (page: Page) => page.getByRole('group', { name: 'Featured Image' });

/** Every request of the upload flow made from now on. */
function recordUploadRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/api\/(objects\/upload|uploads\/|articles\/images|podcasts\/audio)/.test(pathname)) seen.push(request);
  });
  return seen;
}

async function openArticlePage(page: Page, baseURL: string | undefined) {
  await signIn(page, ACCOUNTS.editor);
  await page.goto('/news/add');
  await expect(imageField(page).getByRole('button', { name: 'Choose image' })).toBeVisible();
}

test('a file over 5 MB is refused in the browser with the widget message, and nothing is sent', async ({ page, baseURL }) => {
  await openArticlePage(page, baseURL);
  const requests = recordUploadRequests(page);
  await imageField(page)
    .locator('input[type=file]')
    .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([PIXEL_PNG, Buffer.alloc(IMAGE_LIMIT)]) });
  await expect(imageField(page)).toContainText('huge.png exceeds maximum allowed size of 5 MB');
  await expect(imageField(page).getByRole('img')).toHaveCount(0);
  // The message is the field's description, so it is read with the field.
  await expect(imageField(page)).toHaveAccessibleDescription(/huge\.png exceeds maximum allowed size of 5 MB/);
  expect(requests).toHaveLength(0);
  // A small file afterwards is the marker: had the big one started anything, it would show before this.
  await imageField(page).locator('input[type=file]').setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await expect(imageField(page).getByRole('img', { name: 'Preview of Featured Image' })).toBeVisible();
  const paths = requests.map((r) => new URL(r.url()).pathname);
  expect(paths.filter((p) => p === '/api/objects/upload')).toHaveLength(1);
  expect(paths.filter((p) => p.startsWith('/api/uploads/'))).toHaveLength(1);
});

test("a file of another type is refused with 'You can only upload: …'", async ({ page, baseURL }) => {
  await openArticlePage(page, baseURL);
  const requests = recordUploadRequests(page);
  await imageField(page).locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(imageField(page)).toContainText('You can only upload: image/jpeg, image/png, image/webp, image/gif');
  expect(requests).toHaveLength(0);
});

test('an image upload shows a progress bar, then a preview and the object path; Remove clears it', async ({ page, baseURL }) => {
  await openArticlePage(page, baseURL);
  const requests = recordUploadRequests(page);
  const hold = holdRoute();
  await page.route('**/api/uploads/*', async (route) => {
    await hold.held;
    await route.continue();
  });
  await imageField(page).locator('input[type=file]').setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await expect(page.getByRole('progressbar', { name: 'Uploading pixel.png' })).toBeVisible();
  await expect(imageField(page).getByRole('button', { name: 'Choose image' })).toHaveAttribute('aria-disabled', 'true');
  // The form's submit waits for the upload.
  for (const name of ['Save draft', 'Publish']) await expect(page.getByRole('button', { name, exact: true })).toBeDisabled();
  hold.release();

  const preview = imageField(page).getByRole('img', { name: 'Preview of Featured Image' });
  await expect(preview).toHaveAttribute('src', /^\/objects\/[A-Za-z0-9-]+$/);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(toast(page)).toContainText('Image uploaded successfully!');
  await expect(imageField(page)).toContainText('Uploaded pixel.png');
  for (const name of ['Save draft', 'Publish']) await expect(page.getByRole('button', { name, exact: true })).toBeEnabled();

  // The flow of spec 4: upload URL, raw PUT with the file's type, finalise with that URL.
  const [ask, put, finalise] = requests;
  expect(new URL(ask.url()).pathname).toBe('/api/objects/upload');
  expect(ask.postDataJSON()).toEqual({ kind: 'image' });
  expect(put.method()).toBe('PUT');
  expect(await put.headerValue('content-type')).toBe('image/png');
  expect(new URL(finalise.url()).pathname).toBe('/api/articles/images');
  expect(finalise.postDataJSON()).toEqual({ imageURL: put.url() });
  const objectPath = await preview.getAttribute('src');
  expect((await page.request.get(objectPath!)).headers()['content-type']).toBe('image/png');

  await imageField(page).getByRole('button', { name: 'Remove image' }).click();
  await expect(imageField(page).getByRole('img')).toHaveCount(0);
  await expect(imageField(page).getByRole('button', { name: 'Choose image' })).toBeVisible();
});

test("a failed transfer says 'Failed to upload {file}' with the server's reason", async ({ page, baseURL }) => {
  await openArticlePage(page, baseURL);
  await page.route('**/api/uploads/*', (route) =>
    route.fulfill({ status: 415, json: { message: 'Unsupported file type', code: 'unsupported_media_type' } }),
  );
  await imageField(page).locator('input[type=file]').setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await expect(imageField(page)).toContainText('Failed to upload pixel.png');
  await expect(imageField(page)).toContainText('Unsupported file type');
  await expect(imageField(page).getByRole('img')).toHaveCount(0);
  for (const name of ['Save draft', 'Publish']) await expect(page.getByRole('button', { name, exact: true })).toBeEnabled();
});

test("a failed finalise shows 'Failed to process uploaded image.'", async ({ page, baseURL }) => {
  await openArticlePage(page, baseURL);
  await page.route('**/api/articles/images', (route) => route.fulfill({ status: 500, body: '' }));
  await imageField(page).locator('input[type=file]').setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await expect(toast(page)).toContainText('Error');
  await expect(toast(page)).toContainText('Failed to process uploaded image.');
  await expect(imageField(page)).toContainText('Upload failed');
});

test('the control panel uploads audio (finalised at /api/podcasts/audio) and a cover image', async ({ page, baseURL }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Podcasts' }).click();
  const audio = page.getByRole('group', { name: 'Audio File' });
  await expect(audio).toContainText('MP3, WAV, etc. At most 24 hours long. One file, at most 100 MB.');
  const requests = recordUploadRequests(page);

  await audio.locator('input[type=file]').setInputFiles({ name: 'episode.mp3', mimeType: 'audio/mpeg', buffer: SPEECH_MP3 });
  await expect(audio.getByRole('link', { name: /^\/objects\// })).toBeVisible();
  await expect(audio).toContainText('Uploaded episode.mp3');
  expect(requests[0].postDataJSON()).toEqual({ kind: 'audio' });
  expect(requests.map((r) => new URL(r.url()).pathname)).toContain('/api/podcasts/audio');

  // An image is not accepted as audio, and the reverse.
  await audio.locator('input[type=file]').setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await expect(audio).toContainText('You can only upload: audio/mpeg, audio/mp4, audio/wav, audio/ogg');

  const cover = page.getByRole('group', { name: 'Cover Image' });
  await cover.locator('input[type=file]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await expect(cover.getByRole('img', { name: 'Preview of Cover Image' })).toBeVisible();
});

// One run, in the light theme: each axe check also reads the dark theme's colours (axe.ts).
const theme = 'light';
test(`the upload field in its states has no serious axe violations (${theme})`, async ({ page, baseURL }) => {
  test.slow(); // three axe runs
  await useTheme(page, theme);
  await openArticlePage(page, baseURL);
  await imageField(page).locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(imageField(page)).toContainText('You can only upload');
  await expectNoSeriousA11yViolations(page);

  const hold = holdRoute();
  await page.route('**/api/uploads/*', async (route) => {
    await hold.held;
    await route.continue();
  });
  await imageField(page).locator('input[type=file]').setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await expect(page.getByRole('progressbar', { name: 'Uploading pixel.png' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  hold.release();
  await expect(imageField(page).getByRole('img', { name: 'Preview of Featured Image' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

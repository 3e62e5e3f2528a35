import type { Browser, Page, Request } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { getJson, holdRoute, useTheme, type ListedArticle, type ListedPodcast } from '../support/content';
import { expect, test } from '../support/fixtures';
import { toast } from '../support/toast';
import { ACCOUNTS, signIn } from '../support/session';
import { expectImageLoaded } from '../support/images';
import { signInWithForm } from '../support/journey';
import { AUDIO_TOO_LONG } from '../../../contracts/podcasts';
import { oggOpusClaiming, SPEECH_MP3 as SAMPLE_MP3, SPEECH_MP3_PATH as SAMPLE_MP3_PATH } from '../../../server/test/uploads';

/*
 * The article and podcast create/edit pages (spec 2): fields, validation (spec 5), pending texts,
 * toasts (spec 8), redirect delays (spec 9), delete with confirmation and the 404 texts.
 */

// The smallest valid PNG: the server recognises uploads by their first bytes.
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);



async function firstActiveCategory(page: Page): Promise<{ id: string; name: string }> {
  const [category] = await getJson<Array<{ id: string; name: string }>>(page.request, '/api/news-categories?activeOnly=true');
  return category;
}

/** The checkbox input is visually hidden under its drawn box: press the label, as a person would. */
async function tickCategory(page: Page, name: string) {
  const group = page.getByRole('group', { name: 'Categories' });
  await group.getByText(name, { exact: true }).click();
  await expect(group.getByRole('checkbox', { name })).toBeChecked();
}

/** Creates an article through the API as the signed-in page user; returns it. */
async function createArticle(page: Page, baseURL: string | undefined, title: string): Promise<ListedArticle> {
  const category = await firstActiveCategory(page);
  const response = await page.request.post('/api/news', {
    data: { title, content: `Content of ${title}.`, categoryIds: [category.id], status: 'published', sourceName: 'Ledger Wire' },
    headers: { origin: baseURL! },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ListedArticle;
}

/** An episode number no other episode of the default show has (numbers are unique per show). */
const freeEpisodeNumber = () => 10_000 + Math.floor(Math.random() * 900_000);

async function createPodcast(page: Page, baseURL: string | undefined, title: string): Promise<ListedPodcast> {
  const category = await firstActiveCategory(page);
  const response = await page.request.post('/api/podcasts', {
    data: { title, categoryIds: [category.id], status: 'published', duration: 2550, episodeNumber: freeEpisodeNumber(), hostName: 'Host A' },
    headers: { origin: baseURL! },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ListedPodcast;
}

/** Visitors find the article on /news (an editor's own list opens with the drafts, which other specs add). */
async function expectVisitorFindsOnNews(browser: Browser, baseURL: string, title: string) {
  const visitor = await browser.newContext({ baseURL });
  try {
    const visitorPage = await visitor.newPage();
    await visitorPage.goto('/news');
    await expect(visitorPage.getByRole('heading', { name: title })).toBeVisible();
  } finally {
    await visitor.close();
  }
}

test.describe('article pages', () => {
  test('an editor creates an article with an uploaded image; the toast shows, then /news lists it', async ({ page, browser, baseURL }) => {
    test.slow(); // an upload, a held save and a redirect
    await signIn(page, ACCOUNTS.editor);
    const category = await firstActiveCategory(page);
    const title = `Uploaded image article ${Date.now()}`;
    await page.goto('/news/add');
    await expect(page.getByRole('heading', { level: 1, name: 'Add News' })).toBeVisible();

    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Excerpt').fill('A short summary.');
    await page.getByLabel('Content', { exact: true }).fill('The body of the article.');
    await tickCategory(page, category.name);
    await page.getByLabel('Source Name').fill('Ledger Wire');
    await page.getByLabel('Source URL').fill('https://example.com/story');

    const imageField = page.getByRole('group', { name: 'Featured Image' });
    await imageField.locator('input[type=file]').setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL_PNG });
    await expect(toast(page)).toContainText('Image uploaded successfully!');
    const preview = imageField.getByRole('img', { name: 'Preview of Featured Image' });
    await expect(preview).toHaveAttribute('src', /^\/objects\/[A-Za-z0-9-]+$/);
    const imagePath = await preview.getAttribute('src');

    // A new article is a draft unless published: Publish sends it out now.
    await expect(page.getByRole('button', { name: 'Save draft', exact: true })).toBeVisible();

    // The POST is held so the pending state can be seen; a second press sends nothing more.
    const posts: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/news') posts.push(request);
    });
    const hold = holdRoute();
    await page.route('**/api/news', async (route) => {
      await hold.held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const pending = page.getByRole('button', { name: 'Saving...' });
    await expect(pending).toBeVisible();
    await expect(pending).toHaveAttribute('aria-disabled', 'true');
    // Neither a forced press nor Enter in a field sends it again.
    await pending.click({ force: true });
    await page.getByLabel('Title', { exact: true }).press('Enter');
    hold.release();

    await expect(toast(page)).toContainText('Article created successfully!');
    // The page says what became of the article and links to it.
    const saved = page.getByRole('status').filter({ hasText: title });
    await expect(saved).toContainText('is published.');
    // The Add page became the article's edit page (journey-editor-first-save.spec.ts).
    await expect(page).toHaveURL(/\/news\/[^/]+\/edit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Article' })).toBeVisible();
    expect(posts).toHaveLength(1);
    await saved.getByRole('link', { name: 'View article' }).click();
    await expect(page).toHaveURL(/\/news\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expectVisitorFindsOnNews(browser, baseURL!, title);

    const articles = await getJson<ListedArticle[]>(page.request, '/api/news?limit=50');
    const created = articles.find((a) => a.title === title)!;
    expect(created).toMatchObject({ status: 'published', imageUrl: imagePath, sourceName: 'Ledger Wire', excerpt: 'A short summary.' });
    expect(created.categories.map((c) => c.id)).toEqual([category.id]);
  });

  test("empty required fields show spec 5's messages under the fields and nothing is sent", async ({ page, baseURL }) => {
    await signIn(page, ACCOUNTS.editor);
    await page.goto('/news/add');
    let sent = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/news') sent = true;
    });
    await page.getByRole('button', { name: 'Save draft', exact: true }).click();

    await expect(page.getByLabel('Title', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Title is required')).toBeVisible();
    await expect(page.getByText('Content is required')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Categories' })).toContainText('At least one category is required');
    // Focus moves to the first field in error.
    await expect(page.getByLabel('Title', { exact: true })).toBeFocused();

    // Editing a field clears its message.
    await page.getByLabel('Title', { exact: true }).fill('Now titled');
    await expect(page.getByText('Title is required')).toHaveCount(0);
    await expect(page.getByText('Content is required')).toBeVisible();
    expect(sent).toBe(false);
  });

  test('an invalid source URL is refused with the shared schema message', async ({ page, baseURL }) => {
    await signIn(page, ACCOUNTS.editor);
    const category = await firstActiveCategory(page);
    await page.goto('/news/add');
    await page.getByLabel('Title', { exact: true }).fill('Bad link');
    await page.getByLabel('Content', { exact: true }).fill('Body');
    await tickCategory(page, category.name);
    await page.getByLabel('Source URL').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save draft', exact: true }).click();
    await expect(page.getByText('Source URL must be a valid http(s) URL')).toBeVisible();
  });

  test('an editor edits an article: fields are filled in, the change is saved and /news shows it', async ({ page, browser, baseURL }) => {
    await signIn(page, ACCOUNTS.editor);
    const article = await createArticle(page, baseURL, `Editable ${Date.now()}`);
    await page.goto(`/news/${article.id}/edit`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Article' })).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(article.title);
    await expect(page.getByLabel('Source Name')).toHaveValue('Ledger Wire');
    // A published article offers Unpublish and Update, not Publish.
    await expect(page.getByRole('button', { name: 'Unpublish', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);

    const renamed = `${article.title} (revised)`;
    await page.getByLabel('Title', { exact: true }).fill(renamed);
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(toast(page)).toContainText('Article updated');
    const savedLinks = page.getByRole('status').filter({ hasText: renamed });
    await expect(savedLinks).toContainText('is published.');
    await savedLinks.getByRole('link', { name: 'View article' }).click();
    await expect(page).toHaveURL(`/news/${article.id}`);
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await expectVisitorFindsOnNews(browser, baseURL!, renamed);
    const saved = await getJson<ListedArticle>(page.request, `/api/news/${article.id}`);
    expect(saved.title).toBe(renamed);
  });

  test('an editor deletes an article after confirming; Cancel keeps it', async ({ page, baseURL }) => {
    await signIn(page, ACCOUNTS.editor);
    const article = await createArticle(page, baseURL, `Doomed ${Date.now()}`);
    await page.goto(`/news/${article.id}/edit`);

    await page.getByRole('button', { name: 'Delete Article' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete article?' });
    await expect(confirm).toContainText(`Are you sure you want to delete "${article.title}"? This action cannot be undone.`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    expect((await page.request.get(`/api/news/${article.id}`)).status()).toBe(200);

    await page.getByRole('button', { name: 'Delete Article' }).click();
    await page.getByRole('alertdialog', { name: 'Delete article?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page)).toContainText('Article deleted successfully');
    // The page stays (1000 ms) without turning into 'not found' while the toast shows.
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Article' })).toBeVisible();
    await expect(page).toHaveURL(/\/news$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Industry News' })).toBeVisible();
    await expect(page.getByRole('heading', { name: article.title })).toHaveCount(0);
    expect((await page.request.get(`/api/news/${article.id}`)).status()).toBe(404);
  });

  test("an unknown article id says 'Article Not Found'", async ({ page, baseURL }) => {
    await signIn(page, ACCOUNTS.editor);
    await page.goto('/news/00000000-0000-7000-8000-000000000000/edit');
    await expect(page.getByRole('heading', { level: 1, name: 'Article Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse All Articles' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to News' })).toHaveCount(0);
  });

  test("a subscriber's save is refused by the server and shown as the error toast, not a blank page", async ({ page, baseURL }) => {
    await signIn(page, ACCOUNTS.member);
    const category = await firstActiveCategory(page);
    await page.goto('/news/add');
    await page.getByLabel('Title', { exact: true }).fill('Not allowed');
    await page.getByLabel('Content', { exact: true }).fill('Body');
    await tickCategory(page, category.name);
    await page.getByRole('button', { name: 'Save draft', exact: true }).click();
    await expect(toast(page)).toContainText('Error');
    await expect(toast(page)).toContainText('You do not have permission to do that');
    await expect(page).toHaveURL(/\/news\/add$/);
    await expect(page.getByRole('status').filter({ hasText: 'Not allowed' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save draft', exact: true })).toBeEnabled();
  });
});

test('journey: an editor drafts an article with an image and two categories, publishes, features and archives it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow(); // an upload, a redirect and two browsers
  await signIn(page, ACCOUNTS.editor);
  const categories = (await getJson<Array<{ id: string; name: string }>>(page.request, '/api/news-categories?activeOnly=true')).slice(0, 2);
  expect(categories).toHaveLength(2);
  const title = `Journey article ${Date.now()}`;
  await page.goto('/news/add');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Content', { exact: true }).fill('Quarter-end close, start to finish.');
  for (const category of categories) await tickCategory(page, category.name);
  const imageField = page.getByRole('group', { name: 'Featured Image' });
  await imageField.locator('input[type=file]').setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  const imagePath = await imageField.getByRole('img', { name: 'Preview of Featured Image' }).getAttribute('src');
  expect(imagePath).toMatch(/^\/objects\//);
  await page.getByRole('button', { name: 'Save draft', exact: true }).click();
  await expect(toast(page)).toContainText('Article created successfully!');
  const savedLinks = page.getByRole('status').filter({ hasText: title });
  await expect(savedLinks).toContainText('is saved as a draft.');
  // A draft links to its preview, not to its public page.
  await expect(savedLinks.getByRole('link', { name: 'Open preview' })).toBeVisible();
  await expect(savedLinks.getByRole('link', { name: 'View article' })).toHaveCount(0);
  await page.goto('/news');

  const listCard = (p: Page) =>
    p.getByRole('list', { name: 'Articles' }).getByRole('article').filter({ has: p.getByRole('heading', { name: title, exact: true }) });
  await expect(listCard(page).getByText('Draft', { exact: true })).toBeVisible();
  const created = (await getJson<ListedArticle[]>(page.request, '/api/news?limit=50')).find((a) => a.title === title)!;
  expect(created).toMatchObject({ status: 'draft', imageUrl: imagePath });
  expect(created.categories.map((c) => c.id).sort()).toEqual(categories.map((c) => c.id).sort());

  const visitorContext = await browser.newContext({ baseURL });
  try {
    const visitor = await visitorContext.newPage();
    // The draft exists only in the editor's view.
    await visitor.goto('/news');
    await expect(visitor.getByRole('list', { name: 'Articles' }).getByRole('article').first()).toBeVisible();
    await expect(listCard(visitor)).toHaveCount(0);
    expect((await visitor.request.get(`/api/news/${created.id}`)).status()).toBe(404);

    await listCard(page).getByRole('button', { name: `Publish "${title}"` }).click();
    await expect(toast(page)).toContainText('Article published successfully.');

    await page.goto('/admin/main-page');
    const feature = page.getByRole('switch', { name: `Feature "${title}"` });
    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes(created.id));
    await feature.press('Space');
    expect((await saved).status()).toBe(200);
    await expect(feature).toBeChecked();

    // Newest featured first: it leads the home page for a visitor, with its image.
    await visitor.goto('/');
    const first = visitor.getByRole('list', { name: 'Latest news' }).getByRole('article').first();
    await expect(first.getByRole('heading', { name: title })).toBeVisible();
    await expect(first.locator('img')).toHaveAttribute('src', `${imagePath}?w=960&fmt=webp`);
    await expectImageLoaded(first.locator('img'));

    await page.goto('/news');
    await listCard(page).getByRole('button', { name: `Archive "${title}"` }).click();
    await expect(toast(page)).toContainText('Article archived');
    await expect(listCard(page)).toHaveCount(0);
    await page.getByRole('tab', { name: 'Archive' }).click();
    await expect(listCard(page)).toBeVisible();
  } finally {
    await visitorContext.close();
  }
});

test.describe('podcast pages', () => {
  test('an audio file whose header claims more than 24 hours is refused, and the field says why', async ({ page }) => {
    await signIn(page, ACCOUNTS.editor);
    await page.goto('/podcasts/add');
    const audio = page.getByRole('group', { name: 'Audio File' });
    await expect(audio).toContainText('MP3, WAV, etc. At most 24 hours long.');
    await audio.locator('input[type=file]').setInputFiles({ name: 'endless.ogg', mimeType: 'audio/ogg', buffer: oggOpusClaiming(1e10) });
    await expect(audio).toContainText('Upload failed');
    await expect(audio).toContainText(AUDIO_TOO_LONG);
    await expect(toast(page)).toContainText(AUDIO_TOO_LONG);
    // Nothing was taken: no file, and the duration is still typed.
    await expect(audio.locator('audio')).toHaveCount(0);
    await expect(page.getByLabel('Duration')).not.toHaveAttribute('readonly', '');
  });

  test('an editor signs in, uploads an MP3 (duration read from the file, previewed), adds a link, saves; the card shows 0:16 and the feed carries the file', async ({ page, baseURL }) => {
    test.slow(); // a sign-in through the form, an upload, a held save and a redirect
    await page.goto('/');
    await signInWithForm(page, ACCOUNTS.editor);
    const category = await firstActiveCategory(page);
    const title = `Episode made in the browser ${Date.now()}`;
    await page.goto('/podcasts/add');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Podcast' })).toBeVisible();

    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Description').fill('What the episode is about.');
    await tickCategory(page, category.name);
    const episodeNumber = freeEpisodeNumber();
    await page.getByLabel('Episode Number').fill(String(episodeNumber));
    const duration = page.getByLabel('Duration');
    await expect(page.getByText('Format: MM:SS or HH:MM:SS')).toBeVisible();
    await duration.fill('42:00');

    const audio = page.getByRole('group', { name: 'Audio File' });
    await audio.locator('input[type=file]').setInputFiles(SAMPLE_MP3_PATH);
    await expect(audio).toContainText('Uploaded speech-16s.mp3');
    // The server read the file: its duration replaces what was typed, and the field says where it came from.
    await expect(duration).toHaveValue('0:16');
    await expect(duration).toHaveAttribute('readonly', '');
    await expect(page.getByText('Read from the file. Format: MM:SS or HH:MM:SS')).toBeVisible();
    const preview = audio.locator('audio');
    await expect(preview).toHaveAttribute('src', /^\/objects\//);
    await expect(preview).toHaveAttribute('controls', '');
    await expect(audio.getByRole('button', { name: 'Replace audio file' })).toBeVisible();
    await expect(audio.getByRole('button', { name: 'Remove audio file' })).toBeVisible();
    await expect.poll(() => preview.evaluate((el: HTMLAudioElement) => Math.round(el.duration))).toBe(16);

    await page.getByLabel('External Link').fill('https://www.youtube.com/watch?v=abc');
    await expect(page.getByText('YouTube or another page that has this episode.')).toBeVisible();
    await page.getByLabel('Host Name').fill('Jordan Host');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/work/shots-audio/editor-episode-audio.png', fullPage: true });

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(toast(page)).toContainText('Podcast episode created successfully!');
    const savedLinks = page.getByRole('status').filter({ hasText: title });
    await expect(savedLinks).toContainText('is published.');
    await page.screenshot({ path: '/tmp/shots-specfix/episode-page-published.png', fullPage: true });
    await savedLinks.getByRole('link', { name: 'View episode' }).click();
    await expect(page).toHaveURL(/\/podcasts\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.goto('/podcasts');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) }).first();
    await expect(card.getByText('0:16', { exact: true })).toBeVisible();

    const created = (await getJson<ListedPodcast[]>(page.request, '/api/podcasts?limit=50')).find((p) => p.title === title)!;
    expect(created).toMatchObject({
      episodeNumber,
      duration: 16,
      externalUrl: 'https://www.youtube.com/watch?v=abc',
      audioBytes: SAMPLE_MP3.length,
      audioType: 'audio/mpeg',
      hostName: 'Jordan Host',
      status: 'published',
    });
    expect(created.audioUrl).toMatch(/^\/objects\//);

    // The podcast feed: the episode is an enclosure of its file, with the file's length and duration.
    const feed = await (await page.request.get('/podcasts/feed.xml')).text();
    const item = feed.split('<item>').find((i) => i.includes(created.id))!;
    const enclosure = /<enclosure ([^>]*)\/>/.exec(item)![1];
    const attributes = Object.fromEntries([...enclosure.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    expect(attributes).toEqual({ url: `${baseURL}${created.audioUrl}`, length: String(SAMPLE_MP3.length), type: 'audio/mpeg' });
    expect(item).toContain('<itunes:duration>0:00:16</itunes:duration>');

    // Editing: the file is there with its preview; removed, the duration can be typed again.
    await page.goto(`/podcasts/${created.id}/edit`);
    await expect(duration).toHaveValue('0:16');
    await expect(duration).toHaveAttribute('readonly', '');
    await audio.getByRole('button', { name: 'Remove audio file' }).click();
    await expect(audio.locator('audio')).toHaveCount(0);
    await expect(duration).not.toHaveAttribute('readonly', '');
    await duration.fill('1:02:05');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(toast(page)).toContainText('Podcast episode updated successfully!');
    await expect.poll(async () => (await getJson<ListedPodcast>(page.request, `/api/podcasts/${created.id}`)).duration).toBe(3725);
    expect(await getJson<ListedPodcast>(page.request, `/api/podcasts/${created.id}`)).toMatchObject({ audioUrl: null, audioBytes: null });
  });

  test("a taken episode number is refused by the server under its field, focused; another number clears it and saves", async ({ page, baseURL }) => {
    await signIn(page, ACCOUNTS.editor);
    const category = await firstActiveCategory(page);
    const existing = await createPodcast(page, baseURL, `Numbered ${Date.now()}`);
    const show = (await getJson<{ id: string; name: string }[]>(page.request, '/api/podcast-shows')).find((s) => s.id === existing.showId)!;
    await page.goto('/podcasts/add');
    await page.getByLabel('Title', { exact: true }).fill(`Clashing ${Date.now()}`);
    await tickCategory(page, category.name);
    const number = page.getByLabel('Episode Number');
    await number.fill(String(existing.episodeNumber));
    await page.getByRole('button', { name: 'Save draft', exact: true }).click();

    const message = `Episode ${existing.episodeNumber} already exists in ${show.name}`;
    await expect(page.locator('.field__error', { hasText: message })).toBeVisible();
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    await expect(number).toBeFocused();

    // A number field commits what was typed when it loses focus.
    await number.fill(String(freeEpisodeNumber()));
    await number.blur();
    await expect(page.locator('.field__error', { hasText: message })).toHaveCount(0);
    await expect(number).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Save draft', exact: true }).click();
    await expect(toast(page)).toContainText('Podcast episode created successfully!');
  });

  test('a cleared episode number is sent as none (the API refuses 0)', async ({ page, baseURL }) => {
    await signIn(page, ACCOUNTS.editor);
    const category = await firstActiveCategory(page);
    const title = `No number ${Date.now()}`;
    await page.goto('/podcasts/add');
    await page.getByLabel('Title', { exact: true }).fill(title);
    // The form suggests the show's next free number; cleared, none is sent.
    await expect(page.getByLabel('Episode Number')).not.toHaveValue('');
    await page.getByLabel('Episode Number').fill('');
    await tickCategory(page, category.name);
    const requestBody = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/podcasts');
    await page.getByRole('button', { name: 'Save draft', exact: true }).click();
    expect((await requestBody).postDataJSON()).toMatchObject({ episodeNumber: null, status: 'draft' });
    await expect(toast(page)).toContainText('Podcast episode created successfully!');
  });

  test('an editor edits an episode: the duration shown as MM:SS, unchanged duration kept', async ({ page, baseURL }) => {
    await signIn(page, ACCOUNTS.editor);
    const episode = await createPodcast(page, baseURL, `Editable episode ${Date.now()}`);
    await page.goto(`/podcasts/${episode.id}/edit`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Podcast' })).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(episode.title);
    // 2550 s, shown as the hint's MM:SS; sent back as it is, so the seconds survive.
    await expect(page.getByLabel('Duration')).toHaveValue('42:30');
    // A number that names the episode: no thousands separator.
    await expect(page.getByLabel('Episode Number')).toHaveValue(String(episode.episodeNumber));

    const renamed = `${episode.title} (revised)`;
    await page.getByLabel('Title', { exact: true }).fill(renamed);
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(toast(page)).toContainText('Podcast episode updated successfully!');
    const savedLinks = page.getByRole('status').filter({ hasText: renamed });
    await expect(savedLinks).toContainText('is published.');
    await savedLinks.getByRole('link', { name: 'View episode' }).click();
    await expect(page).toHaveURL(`/podcasts/${episode.id}`);
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    const saved = await getJson<ListedPodcast>(page.request, `/api/podcasts/${episode.id}`);
    expect(saved).toMatchObject({ title: renamed, duration: 2550, episodeNumber: episode.episodeNumber });
  });

  test('an editor deletes an episode after confirming; back on /podcasts after the delay', async ({ page, baseURL }) => {
    await signIn(page, ACCOUNTS.editor);
    const episode = await createPodcast(page, baseURL, `Doomed episode ${Date.now()}`);
    await page.goto(`/podcasts/${episode.id}/edit`);
    await page.getByRole('button', { name: 'Delete Episode' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete episode?' });
    await expect(confirm).toContainText('This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page)).toContainText('Podcast episode deleted successfully!');
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Podcast' })).toBeVisible();
    await expect(page).toHaveURL(/\/podcasts$/);
    expect((await page.request.get(`/api/podcasts/${episode.id}`)).status()).toBe(404);
  });

  test("an unknown episode id says 'Podcast episode not found.'", async ({ page, baseURL }) => {
    await signIn(page, ACCOUNTS.editor);
    await page.goto('/podcasts/00000000-0000-7000-8000-000000000000/edit');
    await expect(page.getByText('Podcast episode not found.')).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveCount(0);
    // One way back, not a back link above a back button.
    await expect(page.getByRole('main').getByRole('link', { name: /Podcasts/ })).toHaveCount(1);
  });
});

test.describe('accessibility', () => {
  // One run, in the light theme: each axe check also reads the dark theme's colours (axe.ts).
  const theme = 'light';
  test.describe(theme, () => {
    test.beforeEach(async ({ page, baseURL }) => {
      await useTheme(page, theme);
      await signIn(page, ACCOUNTS.editor);
    });

    test('/news/add with its field errors has no serious axe violations', async ({ page }) => {
      await page.goto('/news/add');
      await page.getByRole('button', { name: 'Save draft', exact: true }).click();
      await expect(page.getByText('Title is required')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test('/news/{id}/edit and its delete confirmation have no serious axe violations', async ({ page, baseURL }) => {
      test.slow(); // two axe runs
      const article = await createArticle(page, baseURL, `Axe article ${theme} ${Date.now()}`);
      await page.goto(`/news/${article.id}/edit`);
      await expect(page.getByLabel('Title', { exact: true })).toHaveValue(article.title);
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Delete Article' }).click();
      await expect(page.getByRole('alertdialog', { name: 'Delete article?' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test('/podcasts/add has no serious axe violations', async ({ page }) => {
      await page.goto('/podcasts/add');
      await expect(page.getByRole('heading', { level: 1, name: 'Add Podcast' })).toBeVisible();
      await expect(page.getByRole('group', { name: 'Categories' }).getByRole('checkbox').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test('/podcasts/{id}/edit with an uploaded cover has no serious axe violations', async ({ page, baseURL }) => {
      const episode = await createPodcast(page, baseURL, `Axe episode ${theme} ${Date.now()}`);
      await page.goto(`/podcasts/${episode.id}/edit`);
      await expect(page.getByLabel('Title', { exact: true })).toHaveValue(episode.title);
      await page
        .getByRole('group', { name: 'Cover Image' })
        .locator('input[type=file]')
        .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PIXEL_PNG });
      await expect(page.getByRole('img', { name: 'Preview of Cover Image' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
});

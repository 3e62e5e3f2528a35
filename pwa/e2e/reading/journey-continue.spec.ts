import { request as apiRequest, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, setTheme } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { header, main, navigate, signInWithForm } from '../support/journey';
import { newMember, type TestMember } from '../support/mail';
import { ACCOUNTS } from '../support/session';

/*
 * A member's day, resumed: a new member's home welcomes them with the way to News and Podcasts; they
 * save an article with one tap on its card, read part of it, come home, and Continue shows that
 * article with how far they read, the episode they were listening to (on another device: written
 * through the API) and Saved with its count. Phone and desktop (playwright.config.ts's projects).
 */

const shots = '/work/shots-also';

interface Listed {
  id: string;
  title: string;
}

/** An editor makes the article long enough to read part of on any screen. */
async function prepare(baseURL: string, articleId: string): Promise<void> {
  const api = await apiRequest.newContext({ baseURL });
  try {
    expect((await api.post('/api/auth/login', { data: { email: ACCOUNTS.editor.email, password: ACCOUNTS.editor.password } })).status()).toBe(200);
    const content = Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1}: the close, reconciled line by line.`).join('\n\n');
    expect((await api.patch(`/api/news/${articleId}`, { data: { content } })).status()).toBe(200);
  } finally {
    await api.dispose();
  }
}

/** The member, on another device, listened to 1:05 of the newest episode; returns it. */
async function listenedElsewhere(baseURL: string, member: TestMember): Promise<Listed> {
  const api = await apiRequest.newContext({ baseURL });
  try {
    expect((await api.post('/api/auth/login', { data: { email: member.email, password: member.password } })).status()).toBe(200);
    const [episode] = (await (await api.get('/api/podcasts?limit=1')).json()) as Listed[];
    const put = await api.put(`/api/podcasts/${episode.id}/listening`, {
      data: { positionSeconds: 65, durationSeconds: 600, deviceTime: new Date().toISOString() },
    });
    expect(put.status(), await put.text()).toBe(200);
    return episode;
  } finally {
    await api.dispose();
  }
}

const shelf = (page: Page) => main(page).getByRole('region', { name: 'Continue' });

test('a member saves from a card, reads part of the article, and home continues it', async ({ page, playwright, baseURL }, testInfo) => {
  // A member of their own: the seeded member's lists carry what earlier specs on this worker read and heard.
  const member = await newMember(playwright, baseURL!, 'Nadia');
  const project = testInfo.project.name;

  const memberLists: string[] = [];
  const onRequest = (r: { url(): string }) => {
    if (/\/api\/(reading-list|listening)/.test(r.url())) memberLists.push(r.url());
  };
  page.on('request', onRequest);
  await page.goto('/');
  // A visitor's home invites them in and asks for none of a member's lists.
  await expect(main(page).getByRole('link', { name: 'Join Community' })).toBeVisible();
  await expect(main(page).getByRole('link', { name: /^Read More/ }).first()).toBeVisible();
  expect(memberLists).toEqual([]);
  page.off('request', onRequest);
  await signInWithForm(page, member);

  // A new member: a welcome, the ways to News and Podcasts, and no invitation to join.
  await expect(shelf(page).getByRole('heading', { level: 1, name: 'Continue' })).toBeVisible();
  await expect(shelf(page).getByText(/^Nothing in progress yet\./)).toBeVisible();
  await expect(shelf(page).getByRole('link', { name: 'News', exact: true })).toHaveAttribute('href', '/news');
  await expect(shelf(page).getByRole('link', { name: 'Podcasts', exact: true })).toHaveAttribute('href', '/podcasts');
  await expect(main(page).getByRole('link', { name: 'Join Community' })).toHaveCount(0);

  // One tap on the card saves it; the card says so (pressed, and the name turns to removing).
  await navigate(page, 'News');
  // The list's first article.
  const firstTitle = main(page).getByRole('list', { name: 'Articles' }).getByRole('article').first().getByRole('heading', { level: 2 }).getByRole('link');
  const article = { id: (await firstTitle.getAttribute('href'))!.replace('/news/', ''), title: (await firstTitle.textContent())! };
  await prepare(baseURL!, article.id);
  const save = main(page).getByRole('button', { name: `Save ${article.title}`, exact: true });
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await save.click();
  const saved = main(page).getByRole('button', { name: `Remove ${article.title} from saved`, exact: true });
  await expect(saved).toHaveAttribute('aria-pressed', 'true');
  await main(page).getByRole('article').first().screenshot({ path: `${shots}/card-saved-${project}.png` });

  // The article's own top Save shows the same state; reading half of it records the place.
  await main(page).getByRole('link', { name: article.title, exact: true }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: article.title })).toBeVisible();
  await expect(main(page).getByRole('button', { name: `Remove ${article.title} from saved`, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(main(page).locator('.markdown--plain')).toHaveCount(0);
  await expect(main(page).locator('article.article[data-reading-progress="recorded"]')).toHaveCount(1);
  await page.screenshot({ path: `${shots}/article-top-${project}.png` });
  await page.evaluate(() => {
    const box = document.querySelector('article.article')!.getBoundingClientRect();
    window.scrollTo(0, window.scrollY + box.top + box.height * 0.5 - window.innerHeight);
  });
  // The position reached the member's reading list on the server.
  await expect
    .poll(async () => {
      const list = (await (await page.request.get('/api/reading-list')).json()) as Array<{ articleId: string; position: number }>;
      return list.find((entry) => entry.articleId === article.id)?.position ?? 0;
    })
    .toBeGreaterThan(0.2);
  const episode = await listenedElsewhere(baseURL!, member);

  // Home: Continue shows the article with how far it was read, the episode, and Saved (1).
  await header(page).locator('a.site-logo').click();
  await expect(page).toHaveURL(/\/$/);
  const reading = shelf(page).getByRole('link', { name: article.title, exact: true });
  await expect(reading).toHaveAttribute('href', `/news/${article.id}`);
  await expect(shelf(page).getByText(/^\d+% read$/)).toBeVisible();
  await expect(shelf(page).getByRole('link', { name: episode.title, exact: true })).toHaveAttribute('href', `/podcasts/${episode.id}`);
  await expect(shelf(page).getByText('Resume at 1:05 of 10:00')).toBeVisible();
  // Saved is the home's own section, after Continue.
  await expect(main(page).getByRole('region', { name: 'Saved' }).getByRole('link', { name: 'Saved (1)' })).toHaveAttribute('href', '/saved');

  // The same after a reload, which the server renders for the member.
  await page.reload();
  await expect(shelf(page).getByRole('link', { name: article.title, exact: true })).toBeVisible();
  await expect(shelf(page).getByText('Resume at 1:05 of 10:00')).toBeVisible();

  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${shots}/continue-${project}-${theme}.png`, fullPage: false });
  }

  // Continue reading opens the article.
  await reading.click();
  await expect(main(page).getByRole('heading', { level: 1, name: article.title })).toBeVisible();
});

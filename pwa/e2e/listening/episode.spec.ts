import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { getJson, type ListedPodcast, type ListedShow } from '../support/content';
import { expect, test } from '../support/fixtures';
import { ACCOUNTS, signIn } from '../support/session';

/*
 * The episode page (/podcasts/{id}): reached from the hub by the episode's title, its fields and show
 * notes, Listen Now or the external link, likes and comments, and 404 for an episode that is not there.
 */

const main = (page: Page) => page.getByRole('main');
const unique = () => Math.random().toString(36).slice(2, 8);

// Plain words first: the hub's search spec reads an episode's description as plain text.
const NOTES = 'Why lease accounting changes the close.\n\n## In this episode\n\nA word from **our guest**.';

/** A published episode hosted on YouTube, made by the editor in a context of its own. */
async function youtubeEpisode(playwright: { request: { newContext(o: object): Promise<APIRequestContext> } }, baseURL: string) {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  try {
    expect((await api.post('/api/auth/login', { data: { email: ACCOUNTS.editor.email, password: ACCOUNTS.editor.password } })).status()).toBe(200);
    const [category] = await getJson<Array<{ id: string }>>(api, '/api/news-categories?activeOnly=true');
    const [show] = await getJson<ListedShow[]>(api, '/api/podcast-shows');
    const res = await api.post('/api/podcasts', {
      data: {
        title: `Closing the books ${unique()}`,
        categoryIds: [category.id],
        showId: show.id,
        episodeNumber: show.nextEpisodeNumber,
        description: NOTES,
        duration: 2730,
        hostName: 'Hana Host',
        guestName: 'Gil Guest',
        guestTitle: 'Group Controller',
        externalUrl: 'https://www.youtube.com/watch?v=ledger123',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as ListedPodcast & { externalUrl: string; commentCount: number };
  } finally {
    await api.dispose();
  }
}

test('an episode opened by its title shows its fields and show notes; a member likes it and comments; axe in both themes', async ({ page, playwright, baseURL }) => {
  const episode = await youtubeEpisode(playwright, baseURL!);
  await page.goto('/podcasts');
  await main(page).getByRole('link', { name: episode.title, exact: true }).first().click();
  await expect(page).toHaveURL(`/podcasts/${episode.id}`);
  const article = main(page).getByRole('article', { name: episode.title });
  await expect(article.getByRole('heading', { level: 1, name: episode.title })).toBeVisible();
  await expect(article.getByRole('link', { name: episode.show!.name })).toHaveAttribute('href', `/podcasts?show=${episode.show!.slug}`);
  await expect(article.getByText(`Episode ${episode.episodeNumber}`, { exact: true })).toBeVisible();
  await expect(article.getByText('45:30', { exact: true })).toBeVisible();
  await expect(article.getByRole('definition').filter({ hasText: 'Hana Host' })).toBeVisible();
  await expect(article.getByRole('definition').filter({ hasText: 'Gil Guest, Group Controller' })).toBeVisible();
  // The show notes are Markdown, rendered as the article text is.
  const notes = article.getByRole('region', { name: 'Show notes' });
  await expect(notes.getByRole('heading', { name: 'In this episode' })).toBeVisible();
  await expect(notes.locator('strong')).toHaveText('our guest');
  await expect(notes).not.toContainText('**');
  // Hosted elsewhere: a plain link out, never a player.
  await expect(article.getByRole('link', { name: /Watch on YouTube/ })).toHaveAttribute('href', episode.externalUrl);
  await expect(article.getByRole('button', { name: /Listen Now/ })).toHaveCount(0);
  await expect(main(page).getByRole('heading', { name: 'Comments (0)' })).toBeVisible();
  await expect(main(page).getByText('You must be signed in to post a comment.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: '/work/shots-episode/episode-desktop.png', fullPage: true });

  // A member likes it and comments through the form; a reload shows both.
  await signIn(page, ACCOUNTS.member);
  await page.reload();
  const like = article.getByRole('button', { name: /^Like "/ });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like.getByTestId('like-count')).toHaveText('1');
  const words = `Great episode on leases ${unique()}`;
  await main(page).getByLabel('Add a comment').fill(words);
  await main(page).getByRole('button', { name: 'Post Comment' }).click();
  const comment = main(page).getByRole('article', { name: `Comment by ${ACCOUNTS.member.name}` }).filter({ hasText: words });
  await expect(comment).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
  await page.reload();
  await expect(comment).toBeVisible();
  await expect(article.getByRole('button', { name: /^Like "/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(article.getByText('1 comment', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: '/work/shots-episode/episode-signed-in.png', fullPage: true });
  expect((await getJson<Array<{ content: string }>>(page.request, `/api/podcasts/${episode.id}/comments`)).filter((c) => c.content === words)).toHaveLength(1);
});

test('an episode with audio offers Listen Now; an unknown episode is a 404 page', async ({ page }) => {
  const playable = (await getJson<ListedPodcast[]>(page.request, '/api/podcasts?limit=50')).find((p) => p.audioUrl);
  expect(playable, 'a sample episode with audio').toBeDefined();
  await page.goto(`/podcasts/${playable!.id}`);
  const article = main(page).getByRole('article', { name: playable!.title });
  // Listen Now plays in the app's player (docs/decisions/2026-11-28-player.md).
  await expect(article.getByRole('button', { name: `Listen Now: ${playable!.title}` })).toBeVisible();
  await expect(article.getByRole('link', { name: /Watch on YouTube|Open episode page/ })).toHaveCount(0);

  const missing = await page.goto(`/podcasts/${randomUUID()}`);
  expect(missing?.status()).toBe(404);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Episode Not Found' })).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'Browse All Episodes' })).toHaveAttribute('href', '/podcasts');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: '/work/shots-episode/episode-missing.png' });
});

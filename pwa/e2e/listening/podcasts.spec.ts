import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { distinctCategories, EPISODE_PAGE, getJson, holdRoute, hubEpisodes, useTheme, type ListedPodcast } from '../support/content';
import { createEpisode, playableEpisodes } from '../support/audio';
import { PLAY_AFTER_SECONDS } from '../../features/listening/logic';
import { expect, test } from '../support/fixtures';
import { toast } from '../support/toast';
import { ACCOUNTS, signIn, type Account } from '../support/session';

const LIST = '/api/podcasts?limit=50';

// A server of its own (a worker option no other spec sets; 'on' is the default): the sample data tests
// read the hub's first page as seeded, which episodes other specs make in a shared worker would push off.
test.use({ serverEnv: { SERVER_RENDERING: 'on' } });

// The toast region's alertdialog (not a confirmation dialog that may still be closing).
const cards = (page: Page) => page.getByRole('list', { name: 'Episodes' }).getByRole('article');
const cardFor = (page: Page, title: string) =>
  cards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const featuredCard = (page: Page) => page.getByRole('region', { name: 'Featured Episode' }).getByRole('article');
const chips = (page: Page) => page.getByRole('group', { name: 'Filter by category' });

async function openAs(page: Page, account: Account | null, path = '/podcasts') {
  if (account) await signIn(page, account);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Ledger Commons Podcast Hub' })).toBeVisible();
}

/** H:MM:SS, or M:SS under an hour. */
function clock(seconds: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

test.describe('sample data', () => {
  test('an anonymous visitor sees the featured episode, every episode and the subscription call to action', async ({
    page,
    request,
  }) => {
    const podcasts = await getJson<ListedPodcast[]>(request, LIST);
    const { featured, listed } = await hubEpisodes(request);
    await openAs(page, null);

    await expect(featuredCard(page).getByRole('heading', { name: featured.title })).toBeVisible();
    await expect(featuredCard(page).getByText('Featured Episode')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Recent Episodes' })).toBeVisible();
    // The first page of episodes but the featured one, which is not repeated as a Recent Episode.
    await expect(cards(page)).toHaveCount(listed.length);
    await expect(cardFor(page, featured.title)).toHaveCount(0);
    await expect(chips(page).getByRole('button')).toHaveCount(distinctCategories(podcasts).length);

    const full = listed.find((p) => p.audioUrl && p.guestName && p.guestTitle && p.episodeNumber && p.duration)!;
    const card = cardFor(page, full.title);
    await expect(card.getByText(`Episode ${full.episodeNumber}`, { exact: true })).toBeVisible();
    await expect(card.getByText(clock(full.duration!), { exact: true })).toBeVisible();
    for (const category of full.categories) {
      await expect(card.getByRole('list', { name: 'Categories' }).getByText(category.name)).toBeVisible();
    }
    await expect(card.getByText(full.description!)).toBeVisible();
    await expect(card.getByText(full.hostName!)).toBeVisible();
    await expect(card.getByText(`${full.guestName}, ${full.guestTitle}`)).toBeVisible();
    // The episode may be one another spec in this worker made and played once: '1 play'.
    // Counts read with separators, as everywhere on the site ('1,219 plays').
    await expect(card.getByText(`${full.playCount.toLocaleString('en-US')} ${full.playCount === 1 ? 'play' : 'plays'}`)).toBeVisible();
    await expect(card.getByTestId('like-count')).toHaveText(String(full.likes));
    await expect(card.locator('time')).not.toHaveText('');
    await expect(card.getByRole('button', { name: `Listen Now: ${full.title}` })).toBeVisible();
    await expect(card.getByRole('button', { name: `Add to Up Next: ${full.title}` })).toBeVisible();
    // The sample data has episodes past a thousand plays: '1,219 plays', not '1219'.
    const popular = listed.find((p) => p.playCount >= 1000)!;
    await expect(cardFor(page, popular.title).getByText(`${popular.playCount.toLocaleString('en-US')} plays`)).toBeVisible();
    expect(popular.playCount.toLocaleString('en-US')).toContain(',');
    // Audio is always a file of this site, never a link (other specs in this worker may have made
    // episodes without one).
    expect(listed.filter((p) => p.audioUrl && !p.audioUrl.startsWith('/objects/'))).toEqual([]);

    // The call to action subscribes for real (pwa/e2e/reading/feeds.spec.ts covers it in full).
    const subscribe = page.getByRole('region', { name: 'Never Miss an Episode' });
    await expect(subscribe.getByRole('link', { name: 'RSS feed' })).toHaveAttribute('href', '/podcasts/feed.xml');
  });

  test('durations: H:MM:SS, M:SS, and 30 minutes (45 on the featured card) when unknown', async ({ page, request }) => {
    const [first, second] = await getJson<ListedPodcast[]>(request, LIST);
    const unknown = { ...first, title: 'Unknown length', duration: null, isFeatured: false, audioUrl: null };
    const long = { ...second, title: 'Long one', duration: 3900, isFeatured: false };
    const featured = { ...first, id: 'f', title: 'Featured unknown', duration: null, isFeatured: true };
    await page.route('**/api/podcasts?*', (route) => route.fulfill({ json: [unknown, long] }));
    await page.route('**/api/podcasts/featured', (route) => route.fulfill({ json: [featured] }));
    await openAs(page, null);

    await expect(cardFor(page, 'Unknown length').getByText('30:00', { exact: true })).toBeVisible();
    await expect(cardFor(page, 'Long one').getByText('1:05:00', { exact: true })).toBeVisible();
    await expect(featuredCard(page).getByText('45:00', { exact: true })).toBeVisible();
  });

  test('/PODCASTS matches case-insensitively', async ({ page }) => {
    await page.goto('/PODCASTS');
    await expect(page.getByRole('heading', { level: 1, name: 'Ledger Commons Podcast Hub' })).toBeVisible();
  });
});

test.describe('loading, errors and Load More', () => {
  test('a card skeleton shows while the episodes load', async ({ page }) => {
    const { held, release } = holdRoute();
    await page.route('**/api/podcasts?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/podcasts');
    const loading = page.getByRole('status', { name: 'Loading episodes' });
    await expect(loading).toBeVisible();
    await expect(loading.locator('.card--skeleton')).toHaveCount(6);
    release();
    await expect(cards(page).first()).toBeVisible();
    await expect(loading).toHaveCount(0);
  });

  test('a failed list says so and can be retried', async ({ page }) => {
    let fail = true;
    await page.route('**/api/podcasts?*', (route) => (fail ? route.fulfill({ status: 500, body: 'oops' }) : route.continue()));
    await page.goto('/podcasts');
    await expect(page.getByText('Episodes could not be loaded.')).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(cards(page).first()).toBeVisible();
  });

  test("'Load More Episodes' shows only while the API names a next page; search filters the loaded episodes", async ({ page, request }) => {
    const podcasts = await getJson<ListedPodcast[]>(request, LIST);
    const twelve = Array.from({ length: 12 }, (_, i) => ({ ...podcasts[i % podcasts.length], id: `p${i}`, title: `Episode copy ${i}` }));
    let next: string | null = null;
    await page.route('**/api/podcasts?*', (route) => route.fulfill({ json: twelve, headers: next ? { 'X-Next-Cursor': next } : {} }));
    await openAs(page, null);

    await expect(cards(page)).toHaveCount(12);
    await expect(page.getByRole('button', { name: 'Load More Episodes' })).toHaveCount(0);
    next = 'cursor-1';
    await page.reload();
    await expect(page.getByRole('button', { name: 'Load More Episodes' })).toBeVisible();
    await page.getByPlaceholder('Search episodes...').fill('Episode copy 1');
    // 'Episode copy 1', '10' and '11'
    await expect(cards(page)).toHaveCount(3);
  });
});

test.describe('filters and search', () => {
  test('search covers title, description and guest name, case-insensitively, with a result count', async ({
    page,
    request,
  }) => {
    // The search runs over the episodes loaded so far: the first page, the featured one included.
    const { firstPage: podcasts } = await hubEpisodes(request);
    await openAs(page, null);
    const search = page.getByPlaceholder('Search episodes...');
    const matching = (q: string) =>
      podcasts.filter((p) => [p.title, p.description, p.guestName].some((f) => f?.toLowerCase().includes(q.toLowerCase())));

    const guest = podcasts.find((p) => p.guestName)!.guestName!;
    // Other specs in this worker may add episodes without a description: pick one that has a long one.
    const described = podcasts.find((p) => (p.description?.length ?? 0) > 30)!.description!;
    for (const query of [podcasts[0].title.slice(0, 10).toUpperCase(), described.slice(10, 30), guest.toLowerCase()]) {
      await search.fill(query);
      const expected = matching(query).length;
      await expect(page.getByRole('heading', { level: 2, name: `Search Results (${expected})` })).toBeVisible();
      await expect(cards(page)).toHaveCount(expected);
    }
    // While searching, the featured card steps aside so the results are what shows.
    await expect(page.getByRole('region', { name: 'Featured Episode' })).toHaveCount(0);

    await search.fill('zzz nothing like this zzz');
    await expect(page.getByText('No episodes found matching your search.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Search Results (0)' })).toBeVisible();
  });

  test('category chips set ?categories= without a history entry and are read on load', async ({ page, request }) => {
    const { firstPage, listed } = await hubEpisodes(request);
    const [category] = distinctCategories(firstPage);
    // A filter shows its own first page, with no featured card above it.
    const { firstPage: inCategory } = await hubEpisodes(request, `&categories=${category.id}`);
    await openAs(page, null);
    await expect(cards(page)).toHaveCount(listed.length);
    const historyLength = await page.evaluate(() => history.length);

    await chips(page).getByRole('button', { name: category.name }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('categories')).toBe(category.id);
    await expect(cards(page)).toHaveCount(inCategory.length);
    expect(await page.evaluate(() => history.length)).toBe(historyLength);

    await page.reload();
    await expect(chips(page).getByRole('button', { name: category.name })).toHaveAttribute('aria-pressed', 'true');
    await expect(cards(page)).toHaveCount(inCategory.length);
    await chips(page).getByRole('button', { name: 'Clear Filters' }).click();
    await expect(cards(page)).toHaveCount(listed.length);
    await expect.poll(() => new URL(page.url()).searchParams.has('categories')).toBe(false);
  });
});

test('Listen Now plays in the app and counts the play once the episode was heard; an external episode links out', async ({ page, baseURL }) => {
  test.slow(); // a minute of the episode heard, at 2×
  const [episode] = await playableEpisodes(baseURL!, [`Heard a minute ${Date.now()}`]);
  const external = await createEpisode(baseURL!, { title: `Elsewhere ${Date.now()}`, externalUrl: 'https://www.youtube.com/watch?v=abcdefghijk' });
  const bare = await createEpisode(baseURL!, { title: `Nothing to play ${Date.now()}` });
  await openAs(page, null);

  const card = cardFor(page, episode!.title);
  await card.getByRole('button', { name: `Listen Now: ${episode!.title}` }).click();
  await expect(page.getByRole('region', { name: 'Player' })).toContainText(episode!.title);
  await expect(page).toHaveURL('/podcasts');
  await expect.poll(() => page.evaluate(() => document.querySelector('audio')?.currentTime ?? 0)).toBeGreaterThan(1);
  // Pressing play is no play: it counts once the listener has heard a minute of it (at 2×, half a minute).
  expect((await getJson<ListedPodcast>(page.request, `/api/podcasts/${episode!.id}`)).playCount).toBe(0);
  await page.evaluate(() => (document.querySelector('audio')!.playbackRate = 2));
  await expect(card.getByText('1 play', { exact: true })).toBeVisible({ timeout: 75_000 });
  expect(await page.evaluate(() => document.querySelector('audio')!.currentTime)).toBeGreaterThanOrEqual(PLAY_AFTER_SECONDS);
  expect((await getJson<ListedPodcast>(page.request, `/api/podcasts/${episode!.id}`)).playCount).toBe(1);

  // Hosted elsewhere: a link that opens it in a new tab, never the player.
  const link = cardFor(page, external.title).getByRole('link', { name: new RegExp(`^Watch on YouTube: ${external.title}`) });
  await expect(link).toHaveAttribute('href', 'https://www.youtube.com/watch?v=abcdefghijk');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(cardFor(page, external.title).getByRole('button', { name: /^Listen Now/ })).toHaveCount(0);

  // Neither a file nor a page elsewhere: no button pretending otherwise (the spec's disabled 'No Link' is gone).
  await expect(cardFor(page, bare.title)).toBeVisible();
  await expect(cardFor(page, bare.title).getByRole('button', { name: /^(Listen Now|No Link|Add to Up Next)/ })).toHaveCount(0);
  await expect(cardFor(page, bare.title).getByRole('link', { name: /^(Watch on YouTube|Open episode)/ })).toHaveCount(0);
});

test.describe('controls per role', () => {
  for (const [label, account] of [
    ['anonymous', null],
    ['subscriber', ACCOUNTS.member],
  ] as const) {
    test(`${label}: no editor controls`, async ({ page }) => {
      await openAs(page, account);
      await expect(cards(page).first()).toBeVisible();
      await expect(page.getByRole('link', { name: 'Add Podcast', exact: true })).toHaveCount(0);
      await expect(page.getByRole('tab')).toHaveCount(0);
      await expect(page.getByRole('link', { name: /^Edit "/ })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^(Publish|Unpublish|Archive|Unarchive) "/ })).toHaveCount(0);
      await expect(page.getByText(/^(Published|Draft)$/)).toHaveCount(0);
    });
  }

  for (const account of [ACCOUNTS.editor, ACCOUNTS.admin]) {
    test(`${account.email}: Add Podcast, tabs, badges, edit links and status/archive buttons`, async ({ page }) => {
      await openAs(page, account);
      const { listed } = await hubEpisodes(page.request);
      const podcast = listed[listed.length - 1];
      await expect(cards(page)).toHaveCount(listed.length);
      await expect(page.getByRole('link', { name: 'Add Podcast', exact: true })).toHaveAttribute('href', '/podcasts/add');
      await expect(page.getByRole('tab', { name: 'Active' })).toHaveAttribute('aria-selected', 'true');
      const card = cardFor(page, podcast.title);
      await expect(card.getByRole('link', { name: `Edit "${podcast.title}"` })).toHaveAttribute(
        'href',
        `/podcasts/${podcast.id}/edit`,
      );
      await expect(card.getByText(podcast.status === 'published' ? 'Published' : 'Draft', { exact: true })).toBeVisible();
      await expect(card.getByRole('button', { name: /^(Publish|Unpublish) "/ })).toBeVisible();
      await expect(card.getByRole('button', { name: `Archive "${podcast.title}"` })).toBeVisible();

      await page.getByRole('tab', { name: 'Archive' }).click();
      const archived = await getJson<ListedPodcast[]>(page.request, `${LIST}&archivedOnly=true`);
      await expect(page.getByRole('region', { name: 'Featured Episode' })).toHaveCount(0);
      if (archived.length === 0) await expect(page.getByText('No episodes available yet.')).toBeVisible();
      else await expect(cards(page)).toHaveCount(Math.min(archived.length, EPISODE_PAGE));
    });
  }
});

test.describe('editor actions', () => {
  test('publish/unpublish and archive/unarchive show their toasts; buttons are inert while pending', async ({ page }) => {
    await openAs(page, ACCOUNTS.editor);
    const podcast = (await hubEpisodes(page.request)).listed.filter((p) => p.status === 'published').at(-1)!;
    const card = cardFor(page, podcast.title);

    const { held, release } = holdRoute();
    await page.route('**/api/podcasts/*/status', async (route) => {
      await held;
      await route.continue();
    });
    const unpublish = card.getByRole('button', { name: `Unpublish "${podcast.title}"` });
    await unpublish.click();
    await expect(unpublish).toBeDisabled();
    release();
    await expect(toast(page)).toContainText('Status updated');
    await expect(toast(page)).toContainText('Episode set to draft successfully.');
    await expect(card.getByText('Draft', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: `Publish "${podcast.title}"` }).click();
    await expect(toast(page)).toContainText('Episode published successfully.');
    await expect(card.getByText('Published', { exact: true })).toBeVisible();

    await card.getByRole('button', { name: `Archive "${podcast.title}"` }).click();
    await expect(toast(page)).toContainText('Podcast archived');
    await expect(toast(page)).toContainText('Podcast has been moved to the archive.');
    await expect(card).toHaveCount(0);
    await page.getByRole('tab', { name: 'Archive' }).click();
    await cardFor(page, podcast.title).getByRole('button', { name: `Unarchive "${podcast.title}"` }).click();
    await expect(toast(page)).toContainText('Podcast unarchived');
    await expect(toast(page)).toContainText('Podcast has been restored from the archive.');
    await page.getByRole('tab', { name: 'Active' }).click();
    await expect(cardFor(page, podcast.title)).toBeVisible();
  });

  test('failed status and archive requests show the error toasts', async ({ page }) => {
    await page.route('**/api/podcasts/*/status', (route) => route.fulfill({ status: 500, body: 'oops' }));
    await page.route('**/api/podcasts/*/archive', (route) => route.fulfill({ status: 500, body: 'oops' }));
    await openAs(page, ACCOUNTS.editor);
    const card = cards(page).first();
    await card.getByRole('button', { name: /^(Publish|Unpublish) "/ }).click();
    await expect(toast(page)).toContainText('Failed to update episode status.');
    await card.getByRole('button', { name: /^Archive "/ }).click();
    await expect(toast(page)).toContainText('Failed to archive/unarchive podcast.');
  });
});

// One run, in the light theme: each axe check also reads the dark theme's colours (axe.ts).
const theme = 'light';
test.describe(`accessibility in the ${theme} theme`, () => {
  test.beforeEach(async ({ page }) => {
    // axe over a full list of cards takes a while on a busy machine.
    test.slow();
    await useTheme(page, theme);
  });

  test('anonymous hub with a selected chip', async ({ page }) => {
    await openAs(page, null);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(cards(page).first()).toBeVisible();
    await chips(page).getByRole('button').first().click();
    await expect(chips(page).getByRole('button', { name: 'Clear Filters' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('editor hub with tabs and tools', async ({ page }) => {
    await openAs(page, ACCOUNTS.editor);
    await expect(cards(page).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('loading skeleton', async ({ page }) => {
    const { held, release } = holdRoute();
    await page.route('**/api/podcasts?*', async (route) => {
      await held; // the skeleton stays until axe has looked at it
      await route.continue();
    });
    await page.goto('/podcasts');
    await expect(page.getByRole('status', { name: 'Loading episodes' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    release();
    // After a long axe run on a busy machine the list can take a moment to arrive.
    await expect(cards(page).first()).toBeVisible({ timeout: 15_000 });
  });
});

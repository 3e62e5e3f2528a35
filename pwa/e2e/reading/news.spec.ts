import type { Page } from '@playwright/test';
import { changeAnswer } from '../support/answers';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { breakClipboard, createArticle, distinctCategories, editorApi, getJson, holdRoute, useTheme, type ListedArticle } from '../support/content';
import { expect, test } from '../support/fixtures';
import { toast } from '../support/toast';
import { ACCOUNTS, signIn, type Account } from '../support/session';

const TAGLINE = 'Stay updated with curated insights from trusted sources, academic journals, and industry leaders';
// The list's first page as /news loads it (12 at a time; pwa/e2e/reading/paging.spec.ts follows the next pages).
const LIST = '/api/news?limit=12';

function cards(page: Page) {
  return page.getByRole('list', { name: 'Articles' }).getByRole('article');
}

function cardFor(page: Page, title: string) {
  return cards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

function chips(page: Page) {
  return page.getByRole('group', { name: 'Filter by category' });
}

// The toast region's alertdialog (not a confirmation dialog that may still be closing).

async function openAs(page: Page, account: Account | null, path = '/news') {
  if (account) await signIn(page, account);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Industry News' })).toBeVisible();
}

test.describe('sample data', () => {
  test('an anonymous visitor sees every published article as a card, with chips and a search box', async ({
    page,
    request,
  }) => {
    const articles = await getJson<ListedArticle[]>(request, LIST);
    await openAs(page, null);

    await expect(page.getByText(TAGLINE)).toBeVisible();
    await expect(page.getByPlaceholder('Search articles...')).toBeVisible();
    await expect(cards(page)).toHaveCount(articles.length);
    // The chips: every category a published article carries, in display order (not only the first page's).
    const categories = await getJson<Array<{ name: string }>>(request, '/api/news-categories?usedBy=news');
    await expect(chips(page).getByRole('button', { pressed: false })).toHaveText(categories.map((c) => c.name));
    await expect(chips(page).getByRole('button', { name: 'Clear Filters' })).toHaveCount(0);

    // Specs sharing this worker's server add articles (some with images): pick a sample one without,
    // from the whole list, and load pages until its card is there.
    const all = await getJson<ListedArticle[]>(request, '/api/news?limit=100');
    const at = all.findIndex((a) => a.sourceUrl && a.sourceName && a.categories.length > 0 && !a.imageUrl);
    expect(at).toBeGreaterThanOrEqual(0);
    const withSource = all[at];
    for (let page12 = 1; page12 * 12 <= at; page12++) {
      await page.getByRole('button', { name: 'Load More Articles' }).click();
      await expect(cards(page)).toHaveCount(Math.min(all.length, (page12 + 1) * 12));
    }
    const card = cardFor(page, withSource.title);
    for (const category of withSource.categories) {
      await expect(card.getByRole('list', { name: 'Categories' }).getByText(category.name)).toBeVisible();
    }
    await expect(card.getByText(`Source: ${withSource.sourceName}`)).toBeVisible();
    await expect(card.locator('time')).not.toHaveText('');
    // A picture gets its address once it is near the screen (pwa/components/nearViewport.ts).
    await card.locator('img').scrollIntoViewIfNeeded();
    await expect(card.locator('img')).toHaveAttribute('src', new RegExp(`^/covers/article/${withSource.id}/960x540\\.webp\\?v=`));
    const readMore = card.getByRole('link', { name: /^Read More/ });
    await expect(readMore).toHaveText(/Read More →/);
    await expect(readMore).toHaveAttribute('href', withSource.sourceUrl!);
    await expect(readMore).toHaveAttribute('target', '_blank');
    await expect(readMore).toHaveAttribute('rel', /noopener/);
    await expect(card.getByRole('button', { name: /^Like "/ })).toBeVisible();
    await expect(card.getByRole('button', { name: `Comments on "${withSource.title}" (${withSource.commentCount})` })).toBeVisible();
    await expect(card.getByRole('button', { name: /^Share/ })).toBeVisible();
  });

  test('a card without an excerpt shows the first 150 characters of content and "..."; no source, no Read More', async ({
    page,
    request,
  }) => {
    // A real article without excerpt or source: the server's card answer (view=card) makes the summary.
    const content = `Without an excerpt the card opens with the text itself. ${'Deferred revenue is recognised as the obligation is met. '.repeat(6)}`;
    const article = await createArticle(request, { title: `No excerpt ${Date.now()}`, content });
    try {
      await changeAnswer<ListedArticle[]>(page, '**/api/news?*', (items) =>
        items.filter((item) => item.id === article.id).map((item) => ({ ...item, categories: [], category: null })),
      );
      await openAs(page, null);

      const card = cardFor(page, article.title);
      await expect(card.getByText(`${content.slice(0, 150)}...`, { exact: true })).toBeVisible();
      await expect(card.getByRole('list', { name: 'Categories' })).toHaveText('General');
      await expect(card.getByText(/^Source:/)).toHaveCount(0);
      await expect(card.getByRole('link', { name: /^Read More/ })).toHaveCount(0);
    } finally {
      // Gone again, so the specs after this one on the worker's server still find the sample articles
      // on the first page (it holds 12).
      expect((await request.delete(`/api/news/${article.id}`)).status()).toBe(200);
    }
  });

  test('/NEWS matches case-insensitively', async ({ page }) => {
    await page.goto('/NEWS');
    await expect(page.getByRole('heading', { level: 1, name: 'Industry News' })).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
  });
});

test.describe('loading, errors and Load More', () => {
  test('a skeleton of 6 cards shows while the list loads', async ({ page }) => {
    const { held, release } = holdRoute();
    await page.route('**/api/news?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/news');

    const loading = page.getByRole('status', { name: 'Loading articles' });
    await expect(loading).toBeVisible();
    await expect(loading.locator('.card--skeleton')).toHaveCount(6);
    await expect(cards(page)).toHaveCount(0);

    release();
    await expect(cards(page).first()).toBeVisible();
    await expect(loading).toHaveCount(0);
  });

  test('a failed list says so and can be retried', async ({ page }) => {
    let fail = true;
    await page.route('**/api/news?*', (route) => (fail ? route.fulfill({ status: 500, body: 'oops' }) : route.continue()));
    await page.goto('/news');

    await expect(page.getByText('Articles could not be loaded.')).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(cards(page).first()).toBeVisible();
  });

  test("'Load More Articles' shows only while the API names a next page (X-Next-Cursor)", async ({ page, request }) => {
    const twelve = (await getJson<ListedArticle[]>(request, LIST)).slice(0, 12);
    let next: string | null = null;
    await page.route('**/api/news?*', (route) =>
      route.fulfill({ json: twelve, headers: next ? { 'X-Next-Cursor': next } : {} }),
    );
    await openAs(page, null);
    await expect(cards(page)).toHaveCount(12);
    // Twelve, but the last page: no button (spec 9's 'multiple of 12' was a stand-in for this).
    await expect(page.getByRole('button', { name: 'Load More Articles' })).toHaveCount(0);

    next = 'cursor-1';
    await page.reload();
    await expect(cards(page)).toHaveCount(12);
    await expect(page.getByRole('button', { name: 'Load More Articles' })).toBeVisible();
  });
});

test.describe('filters and search', () => {
  test('toggling categories updates ?categories= without a history entry and survives a reload', async ({
    page,
    request,
  }) => {
    // Other specs on this server publish into the first category; two new articles, in two
    // categories, make sure the first page offers two to pick.
    const categories = await getJson<Array<{ id: string }>>(request, '/api/news-categories');
    const made: string[] = [];
    for (const category of categories.slice(0, 2)) {
      const article = await createArticle(request, { title: `Filtered ${Date.now()}`, content: 'In one category.', categoryIds: [category.id] });
      made.push(article.id);
    }
    // Gone again afterwards, so later specs on this server still find the sample articles first.
    expect((await request.post('/api/auth/logout')).status()).toBe(200);
    try {
      const articles = await getJson<ListedArticle[]>(request, LIST);
      const [first, second] = distinctCategories(articles);
      await openAs(page, null);
      await expect(cards(page)).toHaveCount(articles.length);
      const historyLength = await page.evaluate(() => history.length);

      await chips(page).getByRole('button', { name: first.name }).click();
      await expect(chips(page).getByRole('button', { name: first.name })).toHaveAttribute('aria-pressed', 'true');
      await expect.poll(() => new URL(page.url()).searchParams.get('categories')).toBe(first.id);
      const inFirst = await getJson<ListedArticle[]>(request, `${LIST}&categories=${first.id}`);
      await expect(cards(page)).toHaveCount(inFirst.length);
      // The other chips stay available while one is selected.
      await expect(chips(page).getByRole('button', { name: second.name })).toBeVisible();

      await chips(page).getByRole('button', { name: second.name }).click();
      const both = [first.id, second.id].sort().join(',');
      await expect.poll(() => new URL(page.url()).searchParams.get('categories')).toBe(both);
      const inEither = await getJson<ListedArticle[]>(request, `${LIST}&categories=${both}`);
      await expect(cards(page)).toHaveCount(inEither.length);
      expect(await page.evaluate(() => history.length)).toBe(historyLength);

      await page.reload();
      await expect(chips(page).getByRole('button', { name: first.name })).toHaveAttribute('aria-pressed', 'true');
      await expect(chips(page).getByRole('button', { name: second.name })).toHaveAttribute('aria-pressed', 'true');
      await expect(cards(page)).toHaveCount(inEither.length);

      await chips(page).getByRole('button', { name: 'Clear Filters' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.has('categories')).toBe(false);
      await expect(cards(page)).toHaveCount(articles.length);
    } finally {
      const editor = await editorApi(request);
      for (const id of made) expect((await editor.delete(`/api/news/${id}`)).status()).toBe(200);
    }
  });

  test('a link with ?categories= opens with that filter applied', async ({ page, request }) => {
    const articles = await getJson<ListedArticle[]>(request, LIST);
    const [category] = distinctCategories(articles);
    const matching = await getJson<ListedArticle[]>(request, `${LIST}&categories=${category.id}`);
    await page.goto(`/news?categories=${category.id}`);

    await expect(chips(page).getByRole('button', { name: category.name })).toHaveAttribute('aria-pressed', 'true');
    await expect(cards(page)).toHaveCount(matching.length);
  });

  test('search matches title or excerpt, case-insensitively, in the browser', async ({ page, request }) => {
    // An article of its own with an excerpt: the first page may hold others' articles without one.
    const tag = Date.now().toString(36);
    const own = await createArticle(request, {
      title: `Searched ${tag}`,
      content: 'The body says nothing the search looks for.',
      excerpt: `Its excerpt alone names the quokka ledger ${tag} for the search.`,
    });
    try {
      const articles = await getJson<ListedArticle[]>(request, LIST);
      await openAs(page, null);
      await expect(cards(page)).toHaveCount(articles.length);
      const search = page.getByPlaceholder('Search articles...');
      const listRequests: string[] = [];
      page.on('request', (req) => {
        if (req.url().includes('/api/news?')) listRequests.push(req.url());
      });

      const title = articles[1].title;
      const titleWord = title.slice(0, 12).toUpperCase();
      await search.fill(titleWord);
      const byTitle = articles.filter(
        (a) => a.title.toLowerCase().includes(titleWord.toLowerCase()) || a.excerpt?.toLowerCase().includes(titleWord.toLowerCase()),
      );
      await expect(cards(page)).toHaveCount(byTitle.length);
      await expect(cardFor(page, title)).toBeVisible();

      // A phrase only in an excerpt (not in any title), in another case.
      const excerptOnly = articles.find((a) => a.id === own.id)!;
      const phrase = `QUOKKA Ledger ${tag}`;
      await search.fill(phrase);
      const byExcerpt = articles.filter((a) => a.excerpt?.toLowerCase().includes(phrase.toLowerCase()));
      expect(byExcerpt).toHaveLength(1);
      await expect(cards(page)).toHaveCount(byExcerpt.length);
      await expect(cardFor(page, excerptOnly.title)).toBeVisible();

      await search.fill('zzz no such article zzz');
      await expect(page.getByText('No articles found matching your criteria.')).toBeVisible();
      expect(listRequests).toEqual([]);
    } finally {
      // Gone again, so the specs after this one on the worker's server find the sample articles on the first page.
      expect((await request.delete(`/api/news/${own.id}`)).status()).toBe(200);
    }
  });
});

test.describe('anonymous visitors', () => {
  test('like an article twice: +2 in this browser, the server count unchanged', async ({ page, request }) => {
    const articles = await getJson<ListedArticle[]>(request, LIST);
    const article = articles[articles.length - 1];
    await openAs(page, null);
    const card = cardFor(page, article.title);
    const like = card.getByRole('button', { name: /^Like "/ });
    await expect(card.getByTestId('like-count')).toHaveText(String(article.likes));

    await like.click();
    await expect(card.getByTestId('like-count')).toHaveText(String(article.likes + 1));
    await like.click();
    await expect(card.getByTestId('like-count')).toHaveText(String(article.likes + 2));

    const after = (await getJson<ListedArticle[]>(request, LIST)).find((a) => a.id === article.id)!;
    expect(after.likes).toBe(article.likes);
  });

  test("the comment button and the title open 'Sign in to leave a message'; Sign In goes to /login", async ({
    page,
    request,
  }) => {
    const [article] = await getJson<ListedArticle[]>(request, LIST);
    await openAs(page, null);
    const card = cardFor(page, article.title);

    await card.getByRole('button', { name: /^Comments on/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in to leave a message' });
    await expect(dialog).toContainText(
      'You need to be signed in to post comments on articles. Please sign in or create an account to join the conversation.',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL('/news');

    // The title is a button for anonymous visitors: it asks them to sign in instead of opening the article.
    await card.getByRole('heading', { name: article.title }).getByRole('button').click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/login');
  });

  test('Share copies {origin}/news/{id} and says so', async ({ page, context, request, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const [article] = await getJson<ListedArticle[]>(request, LIST);
    await openAs(page, null);

    await cardFor(page, article.title).getByRole('button', { name: /^Share/ }).click();
    await expect(toast(page)).toContainText('Link Copied!');
    await expect(toast(page)).toContainText('Article link has been copied to your clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/news/${article.id}`);
  });

  test("when copying fails, a 'Share Link' toast shows the link", async ({ page, request, baseURL }) => {
    await breakClipboard(page);
    const [article] = await getJson<ListedArticle[]>(request, LIST);
    await openAs(page, null);

    await cardFor(page, article.title).getByRole('button', { name: /^Share/ }).click();
    await expect(toast(page)).toContainText('Share Link');
    await expect(toast(page)).toContainText(`${baseURL}/news/${article.id}`);
  });
});

test.describe('controls per role', () => {
  for (const [label, account] of [
    ['anonymous', null],
    ['subscriber', ACCOUNTS.member],
  ] as const) {
    test(`${label}: no editor controls`, async ({ page }) => {
      await openAs(page, account);
      await expect(cards(page).first()).toBeVisible();
      await expect(page.getByRole('link', { name: 'Add News', exact: true })).toHaveCount(0);
      await expect(page.getByRole('tab')).toHaveCount(0);
      await expect(page.getByRole('link', { name: /^Edit "/ })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^(Publish|Unpublish|Archive|Unarchive) "/ })).toHaveCount(0);
      await expect(cards(page).getByText(/^(Published|Draft)$/)).toHaveCount(0);
    });
  }

  test('subscriber: the title and the comment button open the article', async ({ page, request }) => {
    const [article] = await getJson<ListedArticle[]>(request, LIST);
    await openAs(page, ACCOUNTS.member);
    const card = cardFor(page, article.title);

    await expect(card.getByRole('link', { name: article.title, exact: true })).toHaveAttribute('href', `/news/${article.id}`);
    await card.getByRole('link', { name: /^Comments on/ }).click();
    await expect(page).toHaveURL(`/news/${article.id}`);
    await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
  });

  for (const account of [ACCOUNTS.editor, ACCOUNTS.admin]) {
    test(`${account.email}: Add News, tabs, badges, edit links and status/archive buttons; drafts listed`, async ({
      page,
    }) => {
      await openAs(page, account);
      const articles = await getJson<ListedArticle[]>(page.request, LIST);
      const draft = articles.find((a) => a.status === 'draft')!;
      const published = articles.find((a) => a.status === 'published')!;

      await expect(cards(page)).toHaveCount(articles.length);
      await expect(page.getByRole('link', { name: 'Add News', exact: true })).toHaveAttribute('href', '/news/add');
      await expect(page.getByRole('tab', { name: 'Active' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tab', { name: 'Archive' })).toBeVisible();

      const draftCard = cardFor(page, draft.title);
      await expect(draftCard.getByText('Draft', { exact: true })).toBeVisible();
      await expect(draftCard.getByRole('button', { name: `Publish "${draft.title}"` })).toBeVisible();
      await expect(draftCard.getByRole('link', { name: `Edit "${draft.title}"` })).toHaveAttribute(
        'href',
        `/news/${draft.id}/edit`,
      );
      const publishedCard = cardFor(page, published.title);
      await expect(publishedCard.getByText('Published', { exact: true })).toBeVisible();
      await expect(publishedCard.getByRole('button', { name: `Unpublish "${published.title}"` })).toBeVisible();
      await expect(publishedCard.getByRole('button', { name: `Archive "${published.title}"` })).toBeVisible();

      await page.getByRole('tab', { name: 'Archive' }).click();
      const archived = await getJson<ListedArticle[]>(page.request, `${LIST}&archivedOnly=true`);
      await expect(cards(page)).toHaveCount(archived.length);
      await expect(cards(page).getByRole('button', { name: /^Unarchive "/ })).toHaveCount(archived.length);
    });
  }
});

test("an editor's empty Archive tab says no articles match", async ({ page }) => {
  await page.route('**/api/news?*archivedOnly=true*', (route) => route.fulfill({ json: [] }));
  await openAs(page, ACCOUNTS.editor);
  await expect(cards(page).first()).toBeVisible();
  await page.getByRole('tab', { name: 'Archive' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Archive' }).getByText('No articles found matching your criteria.')).toBeVisible();
});

test.describe('editor actions', () => {
  test('publish and unpublish: pending buttons are disabled, then a toast and the new badge', async ({ page }) => {
    await openAs(page, ACCOUNTS.editor);
    const articles = await getJson<ListedArticle[]>(page.request, LIST);
    const article = articles.filter((a) => a.status === 'published' && !a.isFeatured).at(-1)!;
    const card = cardFor(page, article.title);

    const { held, release } = holdRoute();
    await page.route('**/api/news/*/status', async (route) => {
      await held;
      await route.continue();
    });
    const unpublish = card.getByRole('button', { name: `Unpublish "${article.title}"` });
    await unpublish.click();
    await expect(unpublish).toBeDisabled();
    release();
    await expect(toast(page)).toContainText('Status updated');
    await expect(toast(page)).toContainText('Article set to draft successfully.');
    await expect(card.getByText('Draft', { exact: true })).toBeVisible();

    await card.getByRole('button', { name: `Publish "${article.title}"` }).click();
    await expect(toast(page)).toContainText('Article published successfully.');
    await expect(card.getByText('Published', { exact: true })).toBeVisible();
  });

  test('archive moves an article to the Archive tab; unarchive brings it back', async ({ page }) => {
    await openAs(page, ACCOUNTS.editor);
    const articles = await getJson<ListedArticle[]>(page.request, LIST);
    const article = articles.filter((a) => a.status === 'published' && !a.isFeatured).at(-2)!;

    await cardFor(page, article.title).getByRole('button', { name: `Archive "${article.title}"` }).click();
    await expect(toast(page)).toContainText('Article archived');
    await expect(toast(page)).toContainText('Article has been moved to the archive.');
    await expect(cardFor(page, article.title)).toHaveCount(0);

    await page.getByRole('tab', { name: 'Archive' }).click();
    await cardFor(page, article.title).getByRole('button', { name: `Unarchive "${article.title}"` }).click();
    await expect(toast(page)).toContainText('Article unarchived');
    await expect(toast(page)).toContainText('Article has been restored from the archive.');
    await expect(cardFor(page, article.title)).toHaveCount(0);

    await page.getByRole('tab', { name: 'Active' }).click();
    await expect(cardFor(page, article.title)).toBeVisible();
  });

  test('failed status and archive requests show the error toasts', async ({ page }) => {
    await page.route('**/api/news/*/status', (route) => route.fulfill({ status: 500, body: 'oops' }));
    await page.route('**/api/news/*/archive', (route) => route.fulfill({ status: 500, body: 'oops' }));
    await openAs(page, ACCOUNTS.editor);
    const card = cards(page).first();

    await card.getByRole('button', { name: /^(Publish|Unpublish) "/ }).click();
    await expect(toast(page)).toContainText('Error');
    await expect(toast(page)).toContainText('Failed to update article status.');

    await card.getByRole('button', { name: /^Archive "/ }).click();
    await expect(toast(page)).toContainText('Failed to archive/unarchive article.');
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

  test('anonymous list, a selected chip and the sign-in dialog', async ({ page }) => {
    await openAs(page, null);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(cards(page).first()).toBeVisible();
    await chips(page).getByRole('button').first().click();
    await expect(chips(page).getByRole('button', { name: 'Clear Filters' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await cards(page).first().getByRole('button', { name: /^Comments on/ }).click();
    await expect(page.getByRole('dialog', { name: 'Sign in to leave a message' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('editor list with tabs, badges and tools', async ({ page }) => {
    await openAs(page, ACCOUNTS.editor);
    await expect(page.getByRole('tab', { name: 'Active' })).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('loading skeleton', async ({ page }) => {
    const { held, release } = holdRoute();
    await page.route('**/api/news?*', async (route) => {
      await held; // the skeleton stays until axe has looked at it
      await route.continue();
    });
    await page.goto('/news');
    await expect(page.getByRole('status', { name: 'Loading articles' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    release();
    // After a long axe run on a busy machine the list can take a moment to arrive.
    await expect(cards(page).first()).toBeVisible({ timeout: 15_000 });
  });
});

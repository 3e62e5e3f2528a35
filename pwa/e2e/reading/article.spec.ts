import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { breakClipboard, expectMarkdownBody, getJson, holdRoute, useTheme, type ListedArticle } from '../support/content';
import { expect, test } from '../support/fixtures';
import { toast } from '../support/toast';
import { ACCOUNTS, signIn, type Account } from '../support/session';
import { expectImageLoaded } from '../support/images';
import { appStarted } from '../support/hydration';

// Works offline, or with what the service worker caches (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const LIST = '/api/news?limit=50';
const UNKNOWN_ID = '01a203c9-0000-7000-8000-000000000000';

interface ListedComment {
  id: string;
  authorId: string | null;
  content: string;
  author: { firstName: string | null; lastName: string | null; email: string } | null;
}

// The toast region's alertdialog (not a confirmation dialog that may still be closing).
const comments = (page: Page) => page.getByRole('list', { name: 'Comments' }).getByRole('article');

/** A published article with a source, categories and comments: the richest page in the sample data. */
async function richArticle(page: Page): Promise<ListedArticle> {
  const articles = await getJson<ListedArticle[]>(page.request, LIST);
  return articles.find((a) => a.sourceName && a.sourceUrl && a.categories.length > 0 && a.commentCount > 0 && a.excerpt)!;
}

async function openArticle(page: Page, article: { id: string; title: string }, account: Account | null = null) {
  if (account) await signIn(page, account);
  await page.goto(`/news/${article.id}`);
  await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
}

test.describe('sample data', () => {
  test("an article's table keeps every word whole, on a desktop and on a phone", async ({ page }) => {
    const articles = await getJson<ListedArticle[]>(page.request, LIST);
    const withTable = articles.find((a) => a.content.includes('| --- |'))!;
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await openArticle(page, withTable);
      const table = page.getByRole('main').getByRole('table').first();
      await expect(table).toBeVisible();
      // A word split over two lines ('Categor|y') has two client rects (a break after a hyphen is a break between words).
      const broken = await table.evaluate((element) =>
        [...element.querySelectorAll('th, td')].flatMap((cell) => {
          const text = cell.firstChild;
          if (!text || text.nodeType !== Node.TEXT_NODE) return [];
          const words: string[] = [];
          for (const match of (text.textContent ?? "").matchAll(/[^\s\-–—/]+/g)) {
            const range = document.createRange();
            range.setStart(text, match.index!);
            range.setEnd(text, match.index! + match[0].length);
            if (range.getClientRects().length > 1) words.push(match[0]);
          }
          return words;
        }),
      );
      expect(broken, `at ${width}px`).toEqual([]);
    }
  });

  test('an anonymous visitor sees the whole article, its comments and a sign-in prompt', async ({ page }) => {
    const article = await richArticle(page);
    const articleComments = await getJson<ListedComment[]>(page.request, `/api/news/${article.id}/comments`);
    await openArticle(page, article);

    await expect(page.getByRole('link', { name: 'Back to News' })).toHaveAttribute('href', '/news');
    const main = page.getByRole('main');
    for (const category of article.categories) {
      await expect(main.getByRole('list', { name: 'Categories' }).getByText(category.name)).toBeVisible();
    }
    await expect(main.getByText(article.excerpt!, { exact: true })).toBeVisible();
    await expect(main.locator('article time').first()).not.toHaveText('');
    // No uploaded image: its generated cover, in the sizes its srcset offers, loaded.
    const hero = main.locator('img.article__image');
    await expect(hero).toHaveAttribute('src', new RegExp(`^/covers/article/${article.id}/960x540\\.webp\\?v=\\w+$`));
    await expect(hero).toHaveAttribute('srcset', /480x270\.webp\?v=\w+ 480w, .*1600x900\.webp\?v=\w+ 1600w$/);
    await expectImageLoaded(hero);

    // Content is Markdown: each blank-line-separated paragraph becomes its own paragraph.
    const content = main.locator('.article__content');
    await expectMarkdownBody(content, (await getJson<{ content: string }>(page.request, `/api/news/${article.id}`)).content);

    const source = main.getByRole('link', { name: new RegExp(`^${article.sourceName}`) });
    await expect(source).toHaveAttribute('href', article.sourceUrl!);
    await expect(source).toHaveAttribute('rel', /noopener/);
    await expect(main.getByRole('button', { name: /^Like "/ }).getByTestId('like-count')).toHaveText(String(article.likes));
    await expect(main.getByText(`${article.commentCount} comment`)).toBeVisible();
    await expect(main.getByRole('button', { name: 'Share' })).toBeVisible();

    await expect(page.getByRole('heading', { name: `Comments (${articleComments.length})` })).toBeVisible();
    await expect(comments(page)).toHaveCount(articleComments.length);
    const first = articleComments[0];
    const firstName = [first.author?.firstName, first.author?.lastName].filter(Boolean).join(' ');
    await expect(comments(page).first()).toContainText(firstName);
    await expect(comments(page).first()).toContainText(first.content);

    await expect(page.getByText('You must be signed in to post a comment.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('textbox', { name: 'Add a comment' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete comment' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit Article' })).toHaveCount(0);
  });

  test('no source link unless both source name and URL exist; legacy category or General when no categories', async ({
    page,
  }) => {
    const article = await richArticle(page);
    const real = await getJson<Record<string, unknown>>(page.request, `/api/news/${article.id}`);
    let variant: Record<string, unknown> = { ...real, sourceUrl: null, categories: [], category: 'regulatory' };
    await page.route(`**/api/news/${article.id}`, (route) => route.fulfill({ json: variant }));
    await openArticle(page, article);

    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: new RegExp(`^${article.sourceName}`) })).toHaveCount(0);
    await expect(main.getByRole('list', { name: 'Categories' })).toHaveText('regulatory');

    variant = { ...real, categories: [], category: null };
    await page.reload();
    await expect(main.getByRole('list', { name: 'Categories' })).toHaveText('General');
  });
});

test.describe('pictures', () => {
  // Requests the service worker answers from its cache never reach page.route.
  test.use({ serviceWorkers: 'block' });

  test('an image that fails to load gives way to the generated cover, and that to the placeholder', async ({ page }) => {
    const article = await richArticle(page);
    const real = await getJson<Record<string, unknown>>(page.request, `/api/news/${article.id}`);
    await page.route(`**/api/news/${article.id}`, (route) =>
      route.fulfill({ json: { ...real, imageUrl: '/objects/does-not-exist.png' } }),
    );
    await openArticle(page, article);
    const hero = page.locator('img.article__image');
    await expect(hero).toHaveAttribute('src', new RegExp(`^/covers/article/${article.id}/`));
    await expectImageLoaded(hero);

    await page.route('**/covers/**', (route) => route.abort());
    await page.reload();
    await expect(hero).toHaveAttribute('src', '/images/article-placeholder.svg');
  });
});

test.describe('loading and missing', () => {
  test('skeletons show while the article loads', async ({ page }) => {
    const article = await richArticle(page);
    const { held, release } = holdRoute();
    await page.route(`**/api/news/${article.id}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/news/${article.id}`);

    await expect(page.getByRole('status', { name: 'Loading article' })).toBeVisible();
    await expect(page.getByTestId('skeleton').first()).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading article' })).toHaveCount(0);
  });

  for (const id of [UNKNOWN_ID, 'not-an-id']) {
    test(`an unknown id (${id}) shows 'Article Not Found' with a way back`, async ({ page }) => {
      await page.goto(`/news/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Article Not Found' })).toBeVisible();
      await page.getByRole('link', { name: 'Browse All Articles' }).click();
      await expect(page).toHaveURL('/news');
    });
  }

  test('a server error is not reported as a missing article', async ({ page }) => {
    const article = await richArticle(page);
    await page.route(`**/api/news/${article.id}`, (route) => route.fulfill({ status: 500, body: 'oops' }));
    await page.goto(`/news/${article.id}`);
    await expect(page.getByText('The article could not be loaded.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Article Not Found' })).toHaveCount(0);
  });
});

test.describe('comments', () => {
  // docs/performance.md, "First visit": the server's page shows the comments; their code (React Aria's
  // dialogs, the form) comes when the reader gets to them, and takes over without losing the focus.
  test("the comments' code comes when the reader reaches them, keeping the focus it finds", async ({ page, browser, baseURL }) => {
    // The longest article with comments: they start well below the first screen.
    const listed = await getJson<ListedArticle[]>(page.request, LIST);
    const article = listed.filter((a) => a.commentCount > 0).sort((a, b) => b.content.length - a.content.length)[0]!;
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/CommentsSection-[\w-]+\.js$/.test(new URL(request.url()).pathname)) fetched.push(request.url());
    });
    const section = page.getByRole('region', { name: /^Comments/ });
    const ownedByReact = () => section.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__react')));

    await page.setViewportSize({ width: 1280, height: 720 });
    await openArticle(page, article);
    await expect(comments(page)).toHaveCount(article.commentCount);
    expect((await section.boundingBox())!.y, 'the comments start below the first screen').toBeGreaterThan(720);
    // Taken over (the fixture's goto waits for that), the article works; the comments are the server's markup, their code not fetched.
    expect(await ownedByReact()).toBe(false);
    expect(fetched).toEqual([]);

    // A keyboard reader reaches the section's Sign In link: the code comes and takes over, the focus stays on the link.
    const signIn = section.getByRole('link', { name: 'Sign In' });
    await signIn.evaluate((element) => element.setAttribute('data-server-markup', ''));
    await signIn.focus();
    await expect(section.locator('[data-server-markup]')).toHaveCount(0);
    expect(await ownedByReact()).toBe(true);
    await expect(signIn).toBeFocused();
    await expect(comments(page)).toHaveCount(article.commentCount);
    expect(fetched).toHaveLength(1);

    // Another first visit (this browser's worker now answers with the app's shell, rendered here, where the
    // code is precached and loads at once): scrolling to them does the same.
    const fresh = await browser.newContext({ baseURL, viewport: { width: 1280, height: 720 }, serviceWorkers: 'block' });
    const tab = await fresh.newPage();
    await tab.goto(`/news/${article.id}`);
    await appStarted(tab);
    const again = tab.getByRole('region', { name: /^Comments/ });
    const ownedAgain = () => again.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__react')));
    expect(await ownedAgain()).toBe(false);
    await again.scrollIntoViewIfNeeded();
    await expect.poll(ownedAgain).toBe(true);
    await expect(again.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await fresh.close();
  });

  test('journey: a member signs in, opens an article from the list, comments, then deletes the comment', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(ACCOUNTS.member.email);
    await page.getByLabel('Password').fill(ACCOUNTS.member.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    // bcrypt on a busy test machine can take a few seconds.
    await expect(page).toHaveURL('/', { timeout: 15_000 });

    const article = await richArticle(page);
    await page.getByRole('banner').getByRole('link', { name: 'News' }).first().click();
    // Articles other specs published on this worker's database may push it past the first page of 12:
    // the member pages on as anyone would.
    const link = page.getByRole('list', { name: 'Articles' }).getByRole('link', { name: article.title, exact: true });
    await expect(page.getByRole('list', { name: 'Articles' }).getByRole('article').first()).toBeVisible();
    while ((await link.count()) === 0) await page.getByRole('button', { name: 'Load More Articles' }).click();
    await link.click();
    await expect(page).toHaveURL(`/news/${article.id}`);
    await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
    await expect(comments(page)).toHaveCount(article.commentCount);
    // Other people's comments cannot be deleted from here (the member's own, left by other specs on
    // this shared server's newest article, can).
    const others = comments(page).filter({ hasNot: page.getByRole('link', { name: ACCOUNTS.member.name }) });
    await expect(others.first()).toBeVisible();
    await expect(others.getByRole('button', { name: 'Delete comment' })).toHaveCount(0);

    const box = page.getByRole('textbox', { name: 'Add a comment' });
    const submit = page.getByRole('button', { name: 'Post Comment' });
    await expect(submit).toBeDisabled();
    await box.fill('   ');
    await expect(submit).toBeDisabled();

    const text = `Useful summary.\nThanks! ${Date.now()}`;
    await box.fill(text);
    await submit.click();
    await expect(toast(page)).toContainText('Comment posted');
    await expect(box).toHaveValue('');
    const mine = comments(page).filter({ hasText: text.split('\n')[1] });
    await expect(mine).toContainText(ACCOUNTS.member.name);
    await expect(page.getByRole('heading', { name: `Comments (${article.commentCount + 1})` })).toBeVisible();
    await expect(page.getByRole('main').getByText(`${article.commentCount + 1} comments`)).toBeVisible();

    // Deleting asks first, quoting the comment; Cancel keeps it.
    await mine.getByRole('button', { name: 'Delete comment' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this comment?' });
    await expect(confirm).toContainText(text.split('\n')[1]);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(mine).toHaveCount(1);
    await mine.getByRole('button', { name: 'Delete comment' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page)).toContainText('Comment deleted');
    await expect(mine).toHaveCount(0);
    await expect(page.getByRole('heading', { name: `Comments (${article.commentCount})` })).toBeVisible();
  });

  test('failed post and delete show the error toasts', async ({ page }) => {
    const article = await richArticle(page);
    await openArticle(page, article, ACCOUNTS.member);
    await page.route(`**/api/news/${article.id}/comments`, (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: 'oops' }) : route.continue(),
    );

    await page.getByRole('textbox', { name: 'Add a comment' }).fill('This will not arrive');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await expect(toast(page)).toContainText('Failed to post comment');
    await expect(page.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('This will not arrive');

    // A comment of the member's own, made through the API, then a failing delete.
    const created = await page.request.post(`/api/news/${article.id}/comments`, { data: { content: 'delete me' } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await page.reload();
    await page.route(`**/api/news/comments/${id}`, (route) => route.fulfill({ status: 500, body: 'oops' }));
    const confirmDelete = async () => {
      await comments(page).filter({ hasText: 'delete me' }).getByRole('button', { name: 'Delete comment' }).click();
      await page.getByRole('alertdialog', { name: 'Delete this comment?' }).getByRole('button', { name: 'Delete' }).click();
    };
    await confirmDelete();
    await expect(toast(page)).toContainText('Failed to delete comment');
    await page.unroute(`**/api/news/comments/${id}`);
    await confirmDelete();
    await expect(comments(page).filter({ hasText: 'delete me' })).toHaveCount(0);
  });

  test("a deleted author's comment reads 'Unknown User'; an author without names shows the email", async ({ page }) => {
    const article = await richArticle(page);
    const real = await getJson<ListedComment[]>(page.request, `/api/news/${article.id}/comments`);
    const fake = [
      { ...real[0], id: 'c1', content: 'orphan', authorId: null, author: null },
      { ...real[0], id: 'c2', content: 'nameless', author: { ...real[0].author, firstName: null, lastName: null, email: 'x@example.com' } },
    ];
    await page.route(`**/api/news/${article.id}/comments`, (route) => route.fulfill({ json: fake }));
    await openArticle(page, article);
    await expect(comments(page).filter({ hasText: 'orphan' })).toContainText('Unknown User');
    await expect(comments(page).filter({ hasText: 'nameless' })).toContainText('x@example.com');
  });
});

test.describe('controls per role', () => {
  for (const [label, account] of [
    ['subscriber', ACCOUNTS.member],
    ['editor', ACCOUNTS.editor],
  ] as const) {
    test(`${label}: a comment box, no admin buttons`, async ({ page }) => {
      const article = await richArticle(page);
      await openArticle(page, article, account);
      await expect(page.getByRole('textbox', { name: 'Add a comment' })).toBeVisible();
      await expect(page.getByText('You must be signed in to post a comment.')).toHaveCount(0);
      for (const name of ['Edit Article', 'Archive', 'Unarchive', 'Delete']) {
        await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
      }
    });
  }

  test("edit dialog: a field the server refuses shows under it, focused, and goes once the field is edited", async ({ page }) => {
    const article = await richArticle(page);
    await openArticle(page, article, ACCOUNTS.admin);
    const message = 'Source URL must be an http(s) URL';
    await page.route(`**/api/news/${article.id}`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 400, json: { message: 'Invalid request', code: 'bad_request', errors: { sourceUrl: [message] } } })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Edit Article' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Article' });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const sourceUrl = dialog.getByRole('textbox', { name: 'Source URL' });
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    await expect(sourceUrl).toBeFocused();
    await sourceUrl.fill('https://example.com/elsewhere');
    await expect(dialog.getByText(message, { exact: true })).toHaveCount(0);
    await expect(sourceUrl).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('admin: Edit Article, Archive and Delete', async ({ page }) => {
    const article = await richArticle(page);
    await openArticle(page, article, ACCOUNTS.admin);
    const tools = page.getByRole('group', { name: 'Article administration' });
    await expect(tools.getByRole('button', { name: 'Edit Article' })).toBeVisible();
    await expect(tools.getByRole('button', { name: 'Archive' })).toBeVisible();
    await expect(tools.getByRole('button', { name: 'Delete' })).toBeVisible();
  });
});

test.describe('admin actions', () => {
  test('edit dialog: validation, a failed save, then a saved title', async ({ page }) => {
    const article = await richArticle(page);
    await openArticle(page, article, ACCOUNTS.admin);
    await page.getByRole('button', { name: 'Edit Article' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Article' });
    const title = dialog.getByRole('textbox', { name: 'Title' });
    await expect(title).toHaveValue(article.title);
    await expect(dialog.getByRole('textbox', { name: 'Source URL' })).toHaveValue(article.sourceUrl!);
    for (const category of article.categories) {
      await expect(dialog.getByRole('checkbox', { name: category.name })).toBeChecked();
    }

    await title.fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();

    await page.route(`**/api/news/${article.id}`, (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: 'oops' }) : route.continue(),
    );
    await title.fill(`${article.title} (updated)`);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const failure = dialog.getByRole('alert');
    await expect(failure).toContainText('Update failed');
    await expect(failure).toContainText('Failed to update the article. Please try again.');

    await page.unroute(`**/api/news/${article.id}`);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page)).toContainText('Article updated');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: `${article.title} (updated)` })).toBeVisible();

    const restored = await page.request.patch(`/api/news/${article.id}`, { data: { title: article.title } });
    expect(restored.status()).toBe(200);
  });

  test('archive and unarchive from the article page', async ({ page }) => {
    const articles = await getJson<ListedArticle[]>(page.request, LIST);
    const article = articles.filter((a) => !a.isFeatured).at(-3)!;
    await openArticle(page, article, ACCOUNTS.admin);
    const tools = page.getByRole('group', { name: 'Article administration' });

    await tools.getByRole('button', { name: 'Archive' }).click();
    await expect(toast(page)).toContainText('Article archived');
    await tools.getByRole('button', { name: 'Unarchive' }).click();
    await expect(toast(page)).toContainText('Article unarchived');
    await expect(tools.getByRole('button', { name: 'Archive' })).toBeVisible();
  });

  test('delete asks for confirmation, then goes to /news', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    const categories = await getJson<Array<{ id: string }>>(page.request, '/api/news-categories');
    const created = await page.request.post('/api/news', {
      data: { title: 'Throwaway article for the delete test', content: 'Body', categoryIds: [categories[0].id] },
    });
    expect(created.status()).toBe(201);
    const article = (await created.json()) as { id: string; title: string };
    await openArticle(page, article);

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete article?' });
    await expect(confirm).toContainText('This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page)).toContainText('Article deleted successfully');
    await expect(page).toHaveURL('/news');
    expect((await page.request.get(`/api/news/${article.id}`)).status()).toBe(404);
  });
});

test.describe('share', () => {
  test('copies the article link', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const article = await richArticle(page);
    await openArticle(page, article);
    await page.getByRole('main').getByRole('button', { name: 'Share' }).click();
    await expect(toast(page)).toContainText('Link Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/news/${article.id}`);
  });

  test('shows the link when copying fails', async ({ page, baseURL }) => {
    await breakClipboard(page);
    const article = await richArticle(page);
    await openArticle(page, article);
    await page.getByRole('main').getByRole('button', { name: 'Share' }).click();
    await expect(toast(page)).toContainText('Share Link');
    await expect(toast(page)).toContainText(`${baseURL}/news/${article.id}`);
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

  test('anonymous article with comments', async ({ page }) => {
    const article = await richArticle(page);
    await openArticle(page, article);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(comments(page).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('admin article with the edit dialog open', async ({ page }) => {
    const article = await richArticle(page);
    await openArticle(page, article, ACCOUNTS.admin);
    await expect(page.getByRole('textbox', { name: 'Add a comment' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Edit Article' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Article' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('loading, then not found', async ({ page }) => {
    const { held, release } = holdRoute();
    await page.route(`**/api/news/${UNKNOWN_ID}`, async (route) => {
      await held; // the skeletons stay until axe has looked at them
      await route.continue();
    });
    await page.goto(`/news/${UNKNOWN_ID}`);
    await expect(page.getByRole('status', { name: 'Loading article' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    release();
    await expect(page.getByRole('heading', { name: 'Article Not Found' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

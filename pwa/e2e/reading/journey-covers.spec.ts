import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { main, navigate, openArticleFromList, signInWithForm } from '../support/journey';
import { ACCOUNTS } from '../support/session';
import { expectImageLoaded } from '../support/images';
import { WIDE_COVER_WIDTHS } from '../../../contracts/covers';

/*
 * Art direction: a member signs in through the form and goes through the news, an
 * article, the podcasts and the resources. Every card has its own picture (an item without an upload
 * shows its generated cover: a distinct address per item, never one shared placeholder; the sample
 * data has no uploads, but earlier tests on the worker's database may have added some), every
 * picture has loaded (none broken), each is sized by a srcset, and each is
 * marked decorative for screen readers (alt=""; the card's title says what it is). The desktop
 * project runs it at 1280px, the phone projects on their phones.
 */

const PLACEHOLDERS = /\/images\/(article|podcast)-placeholder\.svg$/;
/** A card's picture that is its item's generated cover (not an upload another test added). */
const GENERATED = 'img.card__media[src^="/covers/"]';
/** A cover is drawn on its first request; a busy machine may take seconds for a phone's large sizes. */
const LOADED = { timeout: 20_000 };

/**
 * The first `count` generated covers of the cards in `list`: each scrolled to (a picture gets its
 * address once it is near the screen: pwa/components/nearViewport.ts) and loaded.
 */
async function cardPictures(list: Locator, count: number) {
  const images = list.locator('img.card__media');
  await expect(images.nth(count - 1)).toBeAttached();
  const seen: Array<{ src: string; currentSrc: string }> = [];
  for (let i = 0; seen.length < count; i++) {
    const image = images.nth(i);
    await image.scrollIntoViewIfNeeded();
    await expect(image, `picture ${i + 1} has its address once on screen`).toHaveAttribute('src', /./);
    if (!(await image.getAttribute('src'))!.startsWith('/covers/')) continue;
    await expectImageLoaded(image, { message: `picture ${i + 1} loaded`, ...LOADED });
    await expect(image).toHaveAttribute('alt', '');
    await expect(image).toHaveAttribute('srcset', / 480w, .* 1600w$/);
    seen.push(await image.evaluate((img: HTMLImageElement) => ({ src: img.getAttribute('src')!, currentSrc: img.currentSrc })));
  }
  return seen;
}

function expectDistinctCovers(pictures: Array<{ src: string; currentSrc: string }>, kind: 'article' | 'podcast' | 'resource') {
  for (const { src, currentSrc } of pictures) {
    expect(src).toMatch(new RegExp(`^/covers/${kind}/[0-9a-f-]{36}/960x540\\.webp\\?v=\\w+$`));
    expect(new URL(currentSrc).pathname).toMatch(new RegExp(`^/covers/${kind}/[0-9a-f-]{36}/\\d+x\\d+\\.webp$`));
    expect(currentSrc).not.toMatch(PLACEHOLDERS);
  }
  expect(new Set(pictures.map((p) => p.src)).size, 'one picture per item, never one for all').toBe(pictures.length);
}

/** No image anywhere on the page is broken once it has been scrolled to. */
async function expectNoBrokenImages(page: Page) {
  const images = main(page).locator('img');
  for (let i = 0; i < (await images.count()); i++) {
    const image = images.nth(i);
    if (!(await image.isVisible())) continue;
    await image.scrollIntoViewIfNeeded();
    await expectImageLoaded(image, { message: `image ${i + 1} loaded`, ...LOADED });
  }
}

test('a member sees each article, episode and resource with its own cover, and none is broken', async ({ page }) => {
  // A sign-in through the form and four screens, each scrolled through, their covers drawn on first request.
  test.setTimeout(240_000);
  await page.goto('/');
  await signInWithForm(page, ACCOUNTS.member);

  await navigate(page, 'News');
  const articles = main(page).getByRole('list', { name: 'Articles' });
  // A picture far below the screen is not fetched until the reader scrolls towards it (not even by
  // the browser's own lazy loading, whose margin is over a thousand pixels).
  await expect(articles.locator('img.card__media').first()).toHaveAttribute('src', /./);
  await expect(articles.locator('img.card__media').last()).not.toHaveAttribute('src', /./);
  const articleCovers = await cardPictures(articles, 4);
  expectDistinctCovers(articleCovers, 'article');
  // The first card is what the list's largest paint waits for: loaded at once; the rest lazily.
  await expect(articles.locator('img.card__media').first()).toHaveAttribute('fetchpriority', 'high');
  await expect(articles.locator('img.card__media').nth(1)).toHaveAttribute('loading', 'lazy');
  await expectNoBrokenImages(page);

  // The article's hero is the same cover as its card, at the article's own sizes.
  const firstCovered = articles.getByRole('article').filter({ has: page.locator(GENERATED) }).first();
  const firstTitle = (await firstCovered.getByRole('heading').textContent())!.trim();
  await firstCovered.scrollIntoViewIfNeeded();
  await openArticleFromList(page, firstTitle);
  const hero = main(page).locator('img.article__image');
  await expect(hero).toHaveAttribute('src', articleCovers[0].src);
  await expect(hero).toHaveAttribute('alt', '');
  await expectImageLoaded(hero, LOADED);
  // Sized by the srcset: the browser picked a width for the space and the screen's pixels.
  const { shown, picked, dpr } = await hero.evaluate((img: HTMLImageElement) => ({
    shown: img.clientWidth,
    picked: Number(/\/(\d+)x\d+\.webp$/.exec(new URL(img.currentSrc).pathname)?.[1]),
    dpr: devicePixelRatio,
  }));
  expect(picked).toBeGreaterThanOrEqual(Math.min(1600, Math.floor(shown * dpr * 0.75)));
  // …but no more than about two image pixels per CSS pixel on a dense phone (a 412 px phone at 2.625×
  // takes the 960 px cover, not the 1280 px one: half the bytes, the same to the eye).
  const enough = WIDE_COVER_WIDTHS.find((w) => w >= shown * Math.min(dpr, 2.2)) ?? 1600;
  expect(picked).toBeLessThanOrEqual(enough);

  await navigate(page, 'Podcasts');
  const episodes = main(page).getByRole('list', { name: 'Episodes' });
  const episodeCovers = await cardPictures(episodes, 3);
  expectDistinctCovers(episodeCovers, 'podcast');
  await expectNoBrokenImages(page);

  await navigate(page, 'Resources');
  const resources = main(page).getByRole('list', { name: 'Resources' });
  const resourceCovers = await cardPictures(resources, 4);
  expectDistinctCovers(resourceCovers, 'resource');
  await expectNoBrokenImages(page);

  await page.screenshot({ path: `test-results/screenshots/journey-covers-resources-${page.viewportSize()!.width}.png` });
});

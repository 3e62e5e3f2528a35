import { randomBytes } from 'node:crypto';
import { request, type Locator, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { playableEpisodes } from '../support/audio';
import { expect, test } from '../support/fixtures';
import { expectSignedIn, header, main, navigate } from '../support/journey';
import { ACCOUNTS } from '../support/session';

/*
 * WCAG 2.2 AA where the player lives, on a desktop and the phone project (journey-*.spec.ts): focus
 * never hides under the docked player (2.4.11), every target is at least 24×24 CSS px (2.5.8) on the
 * main screens with the player open, the seek slider's and Up Next's button alternatives are
 * announced by name (2.5.7), and the two-step sign-in's code field takes a pasted code (3.3.8).
 */

const miniPlayer = (page: Page) => page.getByRole('region', { name: 'Player' });
const fullPlayer = (page: Page) => page.getByRole('dialog', { name: 'Now playing' });
const cardFor = (page: Page, title: string) => main(page).getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const suffix = () => randomBytes(3).toString('hex');

/** Starts an episode from /podcasts (reached by the main navigation): the docked player shows. */
async function startPlayer(page: Page, title: string): Promise<void> {
  await page.goto('/');
  await navigate(page, 'Podcasts');
  await expect(page).toHaveURL(/\/podcasts$/);
  await cardFor(page, title).getByRole('button', { name: /^Listen Now/ }).click();
  await expect(miniPlayer(page)).toContainText(title);
}

test('moving focus through a page never leaves the focused control under the docked player', async ({ page, baseURL }) => {
  const [episode] = await playableEpisodes(baseURL!, [`Focus clear ${suffix()}`]);
  await startPlayer(page, episode!.title);
  const bar = (await miniPlayer(page).boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(bar.y + bar.height).toBeCloseTo(viewport.height, 0);

  // Forward through the page's controls from the top: each one the browser scrolls to is clear of the bar.
  await page.evaluate(() => window.scrollTo(0, 0));
  await main(page).getByRole('heading', { level: 1 }).first().click();
  const hidden: string[] = [];
  let inMain = 0;
  for (let step = 0; step < 60 && inMain < 25; step++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body || !element.closest('main')) return null;
      const box = element.getBoundingClientRect();
      return { name: element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? element.tagName, top: box.top, bottom: box.bottom };
    });
    if (!focused) continue;
    inMain++;
    if (focused.bottom > bar.y + 1) hidden.push(`${focused.name}: bottom ${Math.round(focused.bottom)} > bar ${Math.round(bar.y)}`);
  }
  expect(inMain, 'controls reached in the page').toBeGreaterThan(10);
  expect(hidden).toEqual([]);
});

/**
 * Interactive elements smaller than 24×24 CSS px that the exceptions of 2.5.8 do not cover: a link in
 * a sentence or a block of text (its size is the line's), and an element hidden from everyone.
 */
function smallTargets(scope: Locator) {
  return scope.evaluate((root) => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="slider"], [role="tab"], [role="checkbox"], [role="switch"], [tabindex]:not([tabindex="-1"])';
    const found: string[] = [];
    for (const element of root.querySelectorAll<HTMLElement>(selector)) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || element.closest('[aria-hidden="true"], [inert]')) continue;
      // Inline in text: a link whose block holds more text than the link itself.
      if (style.display === 'inline') {
        const block = element.parentElement?.closest('p, li, td, dd, figcaption, blockquote, label, span, small, time');
        if (block && (block.textContent ?? '').trim().length > (element.textContent ?? '').trim().length) continue;
      }
      // A native input drawn inside a larger control (the slider's thumb input, a visually hidden checkbox): its label is the target.
      if (element.matches('input') && (style.opacity === '0' || element.closest('.visually-hidden, .slider__thumb') || box.width <= 1)) continue;
      if (box.width + 0.5 < 24 || box.height + 0.5 < 24) {
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
        found.push(`${element.tagName.toLowerCase()} "${name}" ${box.width.toFixed(1)}×${box.height.toFixed(1)}`);
      }
    }
    return found;
  });
}

test('every target on the main screens is at least 24×24 CSS px, with the player open', async ({ page, baseURL }) => {
  test.slow(); // six screens and the full player
  const [episode] = await playableEpisodes(baseURL!, [`Target size ${suffix()}`]);
  await startPlayer(page, episode!.title);
  const small: string[] = [];
  const sweep = async (label: string) => {
    for (const target of await smallTargets(page.locator('body'))) small.push(`${label}: ${target}`);
  };
  await sweep('/podcasts');

  await cardFor(page, episode!.title).getByRole('link', { name: episode!.title, exact: true }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: episode!.title })).toBeVisible();
  await sweep('episode');

  for (const [label, path] of [
    ['News', /\/news$/],
    ['Forums', /\/forums$/],
  ] as const) {
    await navigate(page, label);
    await expect(page).toHaveURL(path);
    await expect(main(page).getByRole('heading', { level: 1, name: label === 'News' ? 'Industry News' : label })).toBeVisible();
    await sweep(label);
  }
  // Cards open the source's site; an article page is reached from its address (a shared link); the player outlives the load.
  const [article] = (await (await page.request.get('/api/news?limit=1')).json()) as Array<{ id: string; title: string }>;
  await page.goto(`/news/${article!.id}`);
  await expect(miniPlayer(page)).toContainText(episode!.title);
  await expect(main(page).getByRole('heading', { level: 1, name: article!.title })).toBeVisible();
  await sweep('article');

  await header(page).getByRole('link', { name: /Ledger Commons|Home/ }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await sweep('home');

  await miniPlayer(page).getByRole('button', { name: 'Open full player' }).click();
  await expect(fullPlayer(page)).toBeVisible();
  for (const target of await smallTargets(fullPlayer(page))) small.push(`full player: ${target}`);
  expect(small).toEqual([]);
});

test("the seek slider's and Up Next's button alternatives are announced by name", async ({ page, baseURL }, testInfo) => {
  const tag = suffix();
  const [first, second, third] = await playableEpisodes(baseURL!, [`Named one ${tag}`, `Named two ${tag}`, `Named three ${tag}`]);
  await startPlayer(page, first!.title);
  for (const episode of [second!, third!]) await cardFor(page, episode.title).getByRole('button', { name: `Add to Up Next: ${episode.title}` }).click();
  // The 'Added to Up Next' toast comes up clear of the docked bar, whose buttons stay pressable beside it.
  const toast = page.getByRole('alertdialog').filter({ hasText: 'Added to Up Next' });
  await expect(toast).toBeVisible();
  const [toastBox, barBox] = [(await toast.boundingBox())!, (await miniPlayer(page).boundingBox())!];
  expect(toastBox.y + toastBox.height <= barBox.y || toastBox.y >= barBox.y + barBox.height, 'the toast overlaps the docked player').toBe(true);
  await page.screenshot({ path: testInfo.outputPath('toast-beside-the-player.png') });
  await miniPlayer(page).getByRole('button', { name: 'Open full player' }).click();
  const player = fullPlayer(page);
  await expect(player).toBeVisible();

  // The slider, and the single presses that do what dragging it does.
  await expect(player.getByRole('slider', { name: 'Position' })).toBeVisible();
  for (const name of ['Back 15 seconds', 'Forward 30 seconds']) await expect(player.getByRole('button', { name, exact: true })).toBeVisible();
  // Each queued episode's moves, by the episode's title: what a screen reader says on reaching them.
  const upNext = player.getByRole('region', { name: 'Up Next' });
  for (const episode of [second!, third!]) {
    for (const action of ['Move up', 'Move down', 'Remove from Up Next']) {
      await expect(upNext.getByRole('button', { name: `${action}: ${episode.title}`, exact: true })).toBeAttached();
    }
  }
  await upNext.getByRole('button', { name: `Move up: ${third!.title}`, exact: true }).click();
  await expect(upNext.getByRole('listitem')).toHaveText([new RegExp(`^${third!.title}`), new RegExp(`^${second!.title}`)]);
  // At the top its Move up is disabled: focus stays in the row, on its Move down, not lost to the page.
  await expect(upNext.getByRole('button', { name: `Move down: ${third!.title}`, exact: true })).toBeFocused();
});

test('the two-step sign-in takes a code pasted from an authenticator app', async ({ page, context, baseURL }) => {
  // A member with two-step sign-in on, arranged through the API.
  const password = 'Quiet-harbour-lamp-42';
  const email = `paste-${suffix()}@example.com`;
  const admin = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  expect((await admin.post('/api/auth/login', { data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password } })).status()).toBe(200);
  expect((await admin.post('/api/admin/users', { data: { email, password, firstName: 'Pat', lastName: 'Paste' } })).status()).toBe(201);
  await admin.dispose();
  const member = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  expect((await member.post('/api/auth/login', { data: { email, password } })).status()).toBe(200);
  const { secret } = (await (await member.post('/api/profile/two-factor/setup')).json()) as { secret: string };
  const codeAt = (stepsAhead: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });
  expect((await member.post('/api/profile/two-factor/enable', { data: { code: await codeAt(0) } })).status()).toBe(200);
  await member.dispose();

  await page.goto('/');
  await header(page).getByRole('link', { name: 'Login' }).click();
  await main(page).getByLabel('Email', { exact: true }).fill(email);
  await main(page).getByLabel('Password', { exact: true }).fill(password);
  await main(page).getByRole('button', { name: 'Sign In', exact: true }).click();
  const field = main(page).getByLabel('Authentication code');
  await expect(field).toBeFocused();

  // The code as an app copies it ("123 456"), pasted with the keyboard.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const code = await codeAt(1);
  await page.evaluate((text) => navigator.clipboard.writeText(text), `${code.slice(0, 3)} ${code.slice(3)}`);
  await page.keyboard.press('ControlOrMeta+V');
  await expect(field).toHaveValue(`${code.slice(0, 3)} ${code.slice(3)}`);
  await main(page).getByRole('button', { name: 'Verify' }).click();
  await expectSignedIn(page, 'Pat Paste');
});

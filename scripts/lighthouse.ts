// `npm run lighthouse`: Lighthouse (mobile emulation, its default) on /, /news, an article,
// /podcasts, an episode and /forums, against the real server on the sample data, in Debian's Chromium with the flags from
// playwright.config.ts. Prints the four category scores per page, writes the full reports as JSON
// under bench-results/lighthouse/ (git-ignored) and exits 1 when a page misses the targets
// (performance ≥ 95, accessibility, best practices and SEO 100).
// Scores move with machine load: run it on an otherwise idle machine.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import playwrightConfig from '../playwright.config';
import { findFreePort, startServer } from '../pwa/e2e/support/server';

const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
type Category = keyof typeof TARGETS;
const outDir = path.resolve(import.meta.dirname, '../bench-results/lighthouse');

const server = await startServer('sample');
const port = await findFreePort();
const launch = playwrightConfig.use?.launchOptions ?? {};
const browser = await chromium.launch({ ...launch, args: [...(launch.args ?? []), `--remote-debugging-port=${port}`] });
let failed = false;
try {
  const [article] = (await (await fetch(`${server.url}/api/news?limit=1`)).json()) as Array<{ id: string }>;
  const [episode] = (await (await fetch(`${server.url}/api/podcasts?limit=1`)).json()) as Array<{ id: string }>;
  const pages = ['/', '/news', `/news/${article.id}`, '/podcasts', `/podcasts/${episode.id}`, '/forums'];
  await mkdir(outDir, { recursive: true });
  const rows: string[] = [];
  for (const page of pages) {
    // A run whose trace Lighthouse failed to record (runtimeError, e.g. NO_NAVSTART) scores 0: that
    // measures nothing about the page, so it is run again (at most three times).
    let result: Awaited<ReturnType<typeof lighthouse>>;
    for (let attempt = 1; ; attempt++) {
      result = await lighthouse(server.url + page, { port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(TARGETS) });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      if (!result.lhr.runtimeError || attempt === 3) break;
      console.warn(`${page}: ${result.lhr.runtimeError.code}, measuring again`);
    }
    const scores = Object.fromEntries(
      (Object.keys(TARGETS) as Category[]).map((c) => [c, Math.round((result.lhr.categories[c]?.score ?? 0) * 100)]),
    ) as Record<Category, number>;
    const misses = (Object.keys(TARGETS) as Category[]).filter((c) => scores[c] < TARGETS[c]);
    if (misses.length > 0) failed = true;
    rows.push(
      `| ${page.replace(article.id, '{id}').replace(episode.id, '{id}')} | ${scores.performance} | ${scores.accessibility} | ${scores['best-practices']} | ${scores.seo} | ${misses.join(', ') || 'none'} |`,
    );
    const name = page === '/' ? 'home' : page.slice(1).replaceAll('/', '-').replace(article.id, 'article').replace(episode.id, 'episode');
    await writeFile(path.join(outDir, `${name}.json`), result.report as string);
  }
  console.info('| page | performance | accessibility | best practices | SEO | below target |');
  console.info('|---|---:|---:|---:|---:|---|');
  for (const row of rows) console.info(row);
  console.info(`\nFull reports: ${path.relative(process.cwd(), outDir)}/`);
} finally {
  await browser.close();
  await server.close();
}
process.exit(failed ? 1 : 0);

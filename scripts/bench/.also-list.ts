import { chromium } from '@playwright/test';
import config from '/work/wt-also/playwright.config';
import { startServer } from '/work/wt-also/pwa/e2e/server';
const server = await startServer('sample', { PWA_DIR: process.argv[2] });
const browser = await chromium.launch(config.use?.launchOptions);
for (const p of ['/', '/news']) {
const context = await browser.newContext({ baseURL: server.url, viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625, serviceWorkers: 'allow' });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Network.enable');
const urls = new Map<string, string>(); const enc = new Map<string,string>();
cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.type + ' ' + e.request.url.replace(server.url, '')));
cdp.on('Network.responseReceived', (e) => enc.set(e.requestId, e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? '-'));
const rows: string[] = [];
cdp.on('Network.loadingFinished', (e) => rows.push(`${(e.encodedDataLength/1024).toFixed(1).padStart(7)} ${enc.get(e.requestId)} ${urls.get(e.requestId)}`));
await page.goto(p, { waitUntil: 'load' });
await page.evaluate(() => new Promise<void>((r) => requestIdleCallback(() => r())));
await new Promise((r) => setTimeout(r, 3000));
console.log(p); console.log(rows.join('\n'));
await context.close();
}
await browser.close(); await server.close();

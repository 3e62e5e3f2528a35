import type { Locator, Page } from '@playwright/test';

/** Milliseconds from the press to the audio's 'playing' event, and to its time first advancing. */
export interface PressToSound {
  playing: number;
  advancing: number;
}

/**
 * Presses `control` and measures, in the page's own clock, how long the new episode took to sound:
 * from the press (its pointerdown, or keydown) to the <audio>'s 'playing' event for `audioPath`,
 * and to the first 'timeupdate' after it whose time has moved on. Events, not sleeps: listeners on
 * the document's capture phase (media events do not bubble), so they hold for an element made by
 * the press itself.
 */
export async function pressToSound(page: Page, control: Locator, audioPath: string): Promise<PressToSound> {
  await page.evaluate((path) => {
    const w = window as unknown as { __pressToSound: Promise<PressToSound> };
    w.__pressToSound = new Promise((resolve) => {
      let pressed = 0;
      let playing = 0;
      let startedAt = 0;
      const press = () => (pressed ||= performance.now());
      const ours = (event: Event) => {
        const el = event.target;
        return el instanceof HTMLMediaElement && new URL(el.currentSrc || el.src, location.href).pathname === path;
      };
      const onPlaying = (event: Event) => {
        if (!pressed || playing || !ours(event)) return;
        playing = performance.now();
        startedAt = (event.target as HTMLMediaElement).currentTime;
      };
      const onTime = (event: Event) => {
        if (!playing || !ours(event) || (event.target as HTMLMediaElement).currentTime <= startedAt) return;
        for (const [type, listener] of listeners) document.removeEventListener(type, listener, true);
        resolve({ playing: Math.round(playing - pressed), advancing: Math.round(performance.now() - pressed) });
      };
      const listeners: [string, (event: Event) => void][] = [
        ['pointerdown', press],
        ['keydown', press],
        ['playing', onPlaying],
        ['timeupdate', onTime],
      ];
      for (const [type, listener] of listeners) document.addEventListener(type, listener, true);
    });
  }, audioPath);
  await control.click();
  return page.evaluate(() => (window as unknown as { __pressToSound: Promise<PressToSound> }).__pressToSound);
}

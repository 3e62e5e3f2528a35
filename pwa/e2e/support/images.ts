import { expect, type Locator } from '@playwright/test';

/**
 * The picture has loaded and can be shown: complete, and decode() resolves (it rejects for a broken
 * image). Not `naturalWidth > 0`: with a srcset `w` descriptor that is the width corrected for the
 * picked size's density, so a tiny upload (the tests' 1×1 PNG, picked as 480w for a 384px slot)
 * reads 0 while it is shown. `timeout` for covers drawn on first request on a busy machine.
 */
export async function expectImageLoaded(image: Locator, { message, timeout }: { message?: string; timeout?: number } = {}): Promise<void> {
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.decode().then(() => true, () => false)), { message, timeout })
    .toBe(true);
}

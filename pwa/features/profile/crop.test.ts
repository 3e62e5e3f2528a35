import { describe, expect, it } from 'vitest';
import { clampCrop, cropRect, initialCrop, MAX_ZOOM, moveCrop, viewPlacement, zoomCrop } from './crop';

const landscape = { width: 1200, height: 800 };
const portrait = { width: 600, height: 900 };

describe('square crop', () => {
  it('starts with the largest centred square', () => {
    expect(cropRect(landscape, initialCrop(landscape))).toEqual({ x: 200, y: 0, side: 800 });
    expect(cropRect(portrait, initialCrop(portrait))).toEqual({ x: 0, y: 150, side: 600 });
  });

  it('never leaves the image, however far it is moved', () => {
    const left = moveCrop(landscape, initialCrop(landscape), -5000, 0);
    expect(cropRect(landscape, left)).toEqual({ x: 0, y: 0, side: 800 });
    const right = moveCrop(landscape, initialCrop(landscape), 5000, 5000);
    expect(cropRect(landscape, right)).toEqual({ x: 400, y: 0, side: 800 });
  });

  it('zooms about its centre, within 1–4×, and a zoom out pulls it back inside', () => {
    const zoomed = zoomCrop(landscape, initialCrop(landscape), 2);
    expect(cropRect(landscape, zoomed)).toEqual({ x: 400, y: 200, side: 400 });
    const corner = moveCrop(landscape, zoomed, -1000, -1000);
    expect(cropRect(landscape, corner)).toEqual({ x: 0, y: 0, side: 400 });
    expect(cropRect(landscape, zoomCrop(landscape, corner, 1))).toEqual({ x: 0, y: 0, side: 800 });
    expect(clampCrop(landscape, { zoom: 99, cx: 600, cy: 400 }).zoom).toBe(MAX_ZOOM);
    expect(clampCrop(landscape, { zoom: 0.1, cx: 600, cy: 400 }).zoom).toBe(1);
  });

  it('places the image so the crop fills the area on screen', () => {
    const crop = zoomCrop(landscape, initialCrop(landscape), 2);
    // A 400 px square of the image in a 200 px area: half size, the square's corner at the area's.
    expect(viewPlacement(landscape, crop, 200)).toEqual({ scale: 0.5, left: -200, top: -100 });
  });
});

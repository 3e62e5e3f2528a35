/**
 * The square crop of a profile photo, in the photo's own pixels, so it does not depend on how large
 * the crop area is drawn: `zoom` 1 shows the largest square that fits (the shorter side), higher
 * zooms a smaller one; `cx`/`cy` is the square's centre. The area on screen, the keyboard and the
 * canvas that renders the upload all read the same numbers.
 */
export interface ImageSize {
  width: number;
  height: number;
}

export interface Crop {
  zoom: number;
  cx: number;
  cy: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

/** The side of the cropped square, in image pixels. */
export function cropSide(image: ImageSize, zoom: number): number {
  return Math.min(image.width, image.height) / zoom;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The crop moved back inside the image (and the zoom inside its range). */
export function clampCrop(image: ImageSize, crop: Crop): Crop {
  const zoom = clamp(crop.zoom, MIN_ZOOM, MAX_ZOOM);
  const half = cropSide(image, zoom) / 2;
  return { zoom, cx: clamp(crop.cx, half, image.width - half), cy: clamp(crop.cy, half, image.height - half) };
}

/** The largest centred square: where every crop starts. */
export function initialCrop(image: ImageSize): Crop {
  return clampCrop(image, { zoom: 1, cx: image.width / 2, cy: image.height / 2 });
}

/** Moves the square by (dx, dy) image pixels. */
export function moveCrop(image: ImageSize, crop: Crop, dx: number, dy: number): Crop {
  return clampCrop(image, { ...crop, cx: crop.cx + dx, cy: crop.cy + dy });
}

/** Zooms about the square's centre. */
export function zoomCrop(image: ImageSize, crop: Crop, zoom: number): Crop {
  return clampCrop(image, { ...crop, zoom });
}

/** The source rectangle to draw: top-left corner and side, in image pixels. */
export function cropRect(image: ImageSize, crop: Crop): { x: number; y: number; side: number } {
  const side = cropSide(image, crop.zoom);
  return { x: crop.cx - side / 2, y: crop.cy - side / 2, side };
}

/**
 * How to draw the image in a square area `view` CSS pixels wide so that the crop fills it: the
 * image's scale and its top-left corner's offset within the area.
 */
export function viewPlacement(image: ImageSize, crop: Crop, view: number): { scale: number; left: number; top: number } {
  const scale = view / cropSide(image, crop.zoom);
  return { scale, left: view / 2 - crop.cx * scale, top: view / 2 - crop.cy * scale };
}

/**
 * Renders the crop to a `size`×`size` image for upload: WebP where the browser can encode it, else
 * JPEG (on a white ground, as JPEG has no transparency).
 */
export async function renderCrop(source: CanvasImageSource, image: ImageSize, crop: Crop, size: number): Promise<Blob> {
  const { x, y, side } = cropRect(image, crop);
  const draw = (background?: string) => {
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot crop images');
    if (background) {
      context.fillStyle = background;
      context.fillRect(0, 0, size, size);
    }
    context.imageSmoothingQuality = 'high';
    context.drawImage(source, x, y, side, side, 0, 0, size, size);
    return canvas;
  };
  const webp = await toBlob(draw(), 'image/webp');
  // A browser that cannot encode WebP hands back a PNG instead.
  if (webp?.type === 'image/webp') return webp;
  const jpeg = await toBlob(draw('#ffffff'), 'image/jpeg');
  if (!jpeg) throw new Error('The photo could not be prepared');
  return jpeg;
}

function toBlob(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, 0.9));
}

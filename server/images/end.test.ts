import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageEnd } from './end';

const TAIL = Buffer.from('PK\x03\x04<html><script>alert(1)</script>\xff\xd9IEND', 'latin1');
const base = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#0ea5e9' } });

describe('imageEnd', () => {
  it('finds the end of PNG, JPEG (baseline, progressive, with an EXIF thumbnail), WebP and GIF images, whatever follows', async () => {
    const images: Array<[string, string, Buffer]> = [
      ['png', 'image/png', await base().png().toBuffer()],
      ['jpeg', 'image/jpeg', await base().jpeg().toBuffer()],
      ['progressive jpeg', 'image/jpeg', await base().jpeg({ progressive: true }).toBuffer()],
      ['jpeg with exif', 'image/jpeg', await base().jpeg().withExif({ IFD0: { Copyright: 'x\xff\xd9y' } }).toBuffer()],
      ['webp', 'image/webp', await base().webp().toBuffer()],
      ['lossless webp', 'image/webp', await base().webp({ lossless: true }).toBuffer()],
      ['gif', 'image/gif', await base().gif().toBuffer()],
    ];
    for (const [name, type, image] of images) {
      expect(imageEnd(image, type), name).toBe(image.length);
      expect(imageEnd(Buffer.concat([image, TAIL]), type), name).toBe(image.length);
    }
  });

  it('gives up (undefined) on a structure it cannot walk to its end', async () => {
    const png = await base().png().toBuffer();
    expect(imageEnd(png.subarray(0, png.length - 6), 'image/png')).toBeUndefined();
    expect(imageEnd(Buffer.from('not a jpeg'), 'image/jpeg')).toBeUndefined();
    expect(imageEnd(Buffer.from('GIF89a'), 'image/gif')).toBeUndefined();
  });
});

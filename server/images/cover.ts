import sharp, { type Sharp } from 'sharp';
import { hash53, type CoverFormat, type CoverSpec } from '../../contracts/covers';
import { coverPalette } from './colour';
import { mulberry32 } from '../seeded-random';
import { drawPattern, patternFor } from './patterns';
import { clip, xmlText } from './text';

/*
 * Draws a generated cover (docs/decisions/2026-11-25-generated-covers.md): the
 * background, pattern, label and brand as SVG, which librsvg rasterises; the title set by Pango
 * (sharp's text input), which measures real glyphs as it wraps, so a line never runs past the
 * edge whatever the script (Arabic, CJK, emoji), and is made smaller until it fits its box.
 * Everything is a function of the spec, the size and the site name: the same input gives the
 * same bytes (the encoders are deterministic and no metadata or time is written).
 */

/** The site's type (pwa/styles/tokens.css) followed by what a Linux server has. */
const SERIF = "Iowan Old Style,Palatino Linotype,Palatino,Georgia,Cambria,Liberation Serif,Times New Roman,DejaVu Serif,serif";
const SANS = "'Segoe UI',Roboto,'Helvetica Neue',Arial,'Liberation Sans','DejaVu Sans',sans-serif";

/** A cover title longer than this is cut at a word (the full title is always printed beside it). */
const TITLE_CHARS = 140;

export interface CoverRequest {
  spec: CoverSpec;
  width: number;
  height: number;
  format: CoverFormat;
  /** The brand line at the foot (SITE_NAME). */
  siteName: string;
}

export async function renderCover({ spec, width: W, height: H, format, siteName }: CoverRequest): Promise<Buffer> {
  const s = Math.min(W, H);
  const square = W === H;
  // A show's pattern follows its name (as its colour follows its slug), so a show looks the same on
  // every database, where its id differs; items vary by id.
  const seed = spec.kind === 'show' ? hash53(spec.title) : hash53(`${spec.kind}:${spec.id}`);
  const palette = coverPalette(spec.color);
  const pad = Math.round(s * 0.085);
  const labelSize = Math.max(12, Math.round(s * (square ? 0.036 : 0.05)));
  const rule = { width: Math.round(labelSize * 3), height: Math.max(2, Math.round(s * 0.012)) };
  const labelY = pad + rule.height + Math.round(labelSize * 1.9);
  const brandY = H - pad;
  const textWidth = Math.round(Math.min(W - 2 * pad, W * (square ? 0.84 : 0.8)));
  // The foot carries the site's name (an episode's show is in its label; 'Ledger Commons Podcast' at
  // the foot read as a show of that name under another show's label). The series is the site's name.
  const brand = spec.kind === 'series' ? '' : siteName;
  // An estimate for a one-line label in bold capitals with spacing (about 0.75 em a character). A
  // long label ('Ledger Commons Podcast · Episode 12' on a square) is set up to a quarter smaller
  // before it is cut.
  const label = spec.label.toLocaleUpperCase('en');
  const labelFont = Math.max(12, Math.round(Math.max(labelSize * 0.75, Math.min(labelSize, textWidth / (label.length * 0.75)))));
  const labelChars = Math.max(8, Math.floor(textWidth / (labelFont * 0.75)));

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.background}"/><stop offset="1" stop-color="${palette.deep}"/></linearGradient>
<linearGradient id="veil" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${palette.background}" stop-opacity="0.85"/><stop offset="0.75" stop-color="${palette.background}" stop-opacity="0"/></linearGradient>
</defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
${drawPattern(patternFor(spec.kind, seed), { width: W, height: H, color: palette.pattern, accent: palette.accent, random: mulberry32(seed) })}
<rect width="${W}" height="${H}" fill="url(#veil)"/>
<rect x="${pad}" y="${pad}" width="${rule.width}" height="${rule.height}" fill="${palette.accent}"/>
<text x="${pad}" y="${labelY}" font-family="${SANS}" font-size="${labelFont}" font-weight="700" letter-spacing="${(labelFont * 0.08).toFixed(1)}" fill="${palette.muted}">${xmlText(clip(label, labelChars))}</text>
${brand ? `<text x="${pad}" y="${brandY}" font-family="${SANS}" font-size="${Math.round(labelSize * 0.95)}" font-weight="600" fill="${palette.muted}">${xmlText(clip(brand, labelChars))}</text>` : ''}
</svg>`;

  const box = {
    top: labelY + Math.round(labelSize * 1.4),
    bottom: brand ? brandY - Math.round(labelSize * 2.2) : H - pad,
  };
  const title = await renderTitle(spec.title, textWidth, box.bottom - box.top, s, square);
  const image = sharp(Buffer.from(svg)).composite(
    title ? [{ input: title.pixels, raw: title.raw, left: pad, top: Math.max(box.top, box.bottom - title.height) }] : [],
  );
  return encode(image, format);
}

/** One set of encoder settings per format (part of COVER_RENDER_VERSION). */
function encode(image: Sharp, format: CoverFormat): Promise<Buffer> {
  return format === 'webp'
    ? // Effort 2: half the time of the default 4 for about 5% more bytes; covers are drawn on request.
      image.webp({ quality: 82, effort: 2 }).toBuffer()
    : image.flatten({ background: '#000000' }).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
}

/**
 * The title as a transparent PNG at most `width` wide and `maxHeight` tall: the largest size of a
 * fixed step list at which Pango's wrapped text fits. The first size tried is the largest one a
 * rough estimate (an average glyph of about half an em) lets fit, so a long title does not cost a
 * render per step; should no size fit, Pango is asked to fit the box itself. A title Pango refuses
 * (it should not, after `xmlText`) is drawn without its unusual characters, and failing that the
 * cover has no title rather than failing the request.
 */
async function renderTitle(title: string, width: number, maxHeight: number, s: number, square: boolean) {
  const text = clip(title, TITLE_CHARS);
  const attempts = [text, text.replace(/[^\p{L}\p{N}\p{P}\p{Zs}]/gu, '')];
  const smallest = s * 0.05;
  const estimatedHeight = (size: number) => Math.ceil((text.length * 0.5 * size * 1.15) / width) * size * 1.3;
  let first = s * (square ? 0.095 : 0.125);
  while (first * 0.88 >= smallest && estimatedHeight(first) > maxHeight * 1.2) first *= 0.88;
  for (const candidate of attempts) {
    if (!xmlText(candidate)) return undefined;
    const markup = `<span foreground="#ffffff">${xmlText(candidate)}</span>`;
    try {
      for (let size = first; size >= smallest; size *= 0.88) {
        const out = await titleImage(markup, width, Math.round(size));
        if (out.height <= maxHeight) return out;
      }
      return await pixelsOf(sharp({ text: { text: markup, font: `${SERIF} Bold`, width, height: maxHeight, rgba: true, wrap: 'word-char' } }));
    } catch {
      // Next attempt: without the characters Pango could not take.
    }
  }
  return undefined;
}

function titleImage(markup: string, width: number, size: number) {
  return pixelsOf(
    sharp({ text: { text: markup, font: `${SERIF} Bold ${size}`, width, rgba: true, wrap: 'word-char', spacing: Math.round(size * 0.12), dpi: 72 } }),
  );
}

/** Raw RGBA pixels, composited as they are (no PNG encoded only to be decoded again). */
async function pixelsOf(text: Sharp) {
  const { data, info } = await text.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { pixels: data, raw: { width: info.width, height: info.height, channels: 4 as const }, height: info.height };
}

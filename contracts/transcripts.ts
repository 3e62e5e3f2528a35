import { z } from './zod';

/*
 * An episode's chapters and transcript (Podcasting 2.0's podcast:chapters and podcast:transcript):
 * what the editor sends, the episode page and the player show, the feed and the search carry.
 */

/** A chapter: where it starts, in whole seconds from the episode's start, and its title. */
export const Chapter = z.object({ start: z.number().int().min(0), title: z.string() });
export type Chapter = z.infer<typeof Chapter>;

/**
 * One cue of a transcript: its words and, when the transcript was timed (WebVTT or SRT), where it
 * starts and ends in seconds. Pasted plain text has one cue per paragraph, with no times.
 */
export const TranscriptCue = z.object({ start: z.number().min(0).nullable(), end: z.number().min(0).nullable(), text: z.string() });
export type TranscriptCue = z.infer<typeof TranscriptCue>;

// ---------------------------------------------------------------- reading what the editor sends

/** The longest transcript the editor accepts, in characters of the file or pasted text. */
export const TRANSCRIPT_MAX_CHARS = 300_000;
/** The most chapters an episode may have. */
export const CHAPTERS_MAX = 100;
export const CHAPTER_TITLE_MAX = 200;

/** A timed transcript (WebVTT or SRT) that cannot be read: its message names the line. */
export class TranscriptFormatError extends Error {}

/** `[hh:]mm:ss.ttt` (WebVTT) or `hh:mm:ss,ttt` (SRT); hours may have more than two digits. */
const TIMESTAMP = /^(?:(\d{1,3}):)?([0-5]?\d):([0-5]\d)[.,](\d{1,3})$/;
const TIMING_LINE = /^(\S+)\s+-->\s+(\S+)(?:\s+.*)?$/;

function seconds(stamp: string): number | undefined {
  const m = TIMESTAMP.exec(stamp);
  if (!m) return undefined;
  const [, h, min, s, frac] = m;
  // SRT writes milliseconds with three digits; some tools write fewer ("00:01,5"): read as a fraction.
  return Number(h ?? 0) * 3600 + Number(min) * 60 + Number(s) + Number(`0.${frac}`);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: '\u00a0', quot: '"', apos: "'", lrm: '\u200e', rlm: '\u200f' };

/**
 * A cue's payload as plain words: tags dropped (`<v Ann>`, `<i>`, `<c.loud>`, timestamps, SRT's
 * `<font>`, `{\an8}`), a voice kept as "Ann: " so a reader knows who speaks, entities decoded.
 */
function cueText(lines: string[]): string {
  return lines
    .map((line) =>
      line
        .replace(/<v(?:\.[^\s>]*)?\s+([^>]+)>/g, '$1: ')
        .replace(/<[^>]*>/g, '')
        .replace(/\{\\[^}]*\}/g, '')
        .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (all, name: string) => {
          if (name[0] === '#') {
            const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
            return code > 0 && code < 0x110000 && !(code >= 0xd800 && code < 0xe000) ? String.fromCodePoint(code) : all;
          }
          return ENTITIES[name.toLowerCase()] ?? all;
        })
        .trim(),
    )
    .filter(Boolean)
    .join(' ');
}

/** Blocks of non-blank lines, each with the 1-based number of its first line. */
function blocks(text: string): Array<{ line: number; lines: string[] }> {
  const out: Array<{ line: number; lines: string[] }> = [];
  let current: { line: number; lines: string[] } | undefined;
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    if (raw.trim() === '') {
      current = undefined;
      return;
    }
    if (!current) out.push((current = { line: i + 1, lines: [] }));
    current.lines.push(raw);
  });
  return out;
}

const TIMING_HINT = 'expected a line like 00:01:02.500 --> 00:01:05.000';

function timedCues(text: string, vtt: boolean): TranscriptCue[] {
  const cues: TranscriptCue[] = [];
  const all = blocks(text);
  // WebVTT's first block is its header ("WEBVTT" and any header lines).
  for (const block of vtt ? all.slice(1) : all) {
    const first = block.lines[0].trim();
    if (vtt && /^(NOTE|STYLE|REGION)(\s|$)/.test(first)) continue;
    // A cue may have an identifier line (WebVTT's optional id, SRT's sequence number) before its timing.
    const at = block.lines.findIndex((l) => l.includes('-->'));
    if (at < 0 || at > 1) {
      throw new TranscriptFormatError(`Line ${block.line}: a cue must start with its timing (${TIMING_HINT})`);
    }
    const line = block.line + at;
    const timing = TIMING_LINE.exec(block.lines[at].trim());
    const start = timing && seconds(timing[1]);
    const end = timing && seconds(timing[2]);
    if (start === undefined || start === null || end === undefined || end === null) {
      throw new TranscriptFormatError(`Line ${line}: "${block.lines[at].trim().slice(0, 60)}" is not a cue timing (${TIMING_HINT})`);
    }
    if (end < start) throw new TranscriptFormatError(`Line ${line}: the cue ends before it starts`);
    const words = cueText(block.lines.slice(at + 1));
    if (words) cues.push({ start: round(start), end: round(end), text: words });
  }
  if (!cues.length) throw new TranscriptFormatError(`This ${vtt ? 'WebVTT' : 'SRT'} file has no cues with text`);
  return cues;
}

const round = (s: number) => Math.round(s * 1000) / 1000;

/**
 * A transcript as cues, from what an editor uploads or pastes:
 *  - WebVTT (starts with "WEBVTT"): the header, NOTE, STYLE and REGION blocks are skipped, cue
 *    identifiers and cue settings ignored, tags dropped (a voice `<v Ann>` kept as "Ann: ");
 *  - SRT (blocks of a number, `00:00:01,000 --> 00:00:04,000` and text), or any text whose
 *    blocks carry `-->` timings;
 *  - anything else is plain text: one cue per paragraph (blank-line separated), with no times.
 * Blank text gives no cues. A timed file that cannot be read throws a TranscriptFormatError
 * whose message names the line.
 */
export function parseTranscript(text: string): TranscriptCue[] {
  const body = text.replace(/^\uFEFF/, '');
  if (!body.trim()) return [];
  if (/^WEBVTT(?:[ \t].*)?(?:\r\n|\r|\n|$)/.test(body)) return timedCues(body, true);
  const paragraphs = blocks(body);
  // SRT: the first block has its timing on its first or second line (after the sequence number),
  // or is a number followed by something like a time, which then must read as a timing.
  const [first, second = ''] = paragraphs[0].lines.map((l) => l.trim());
  if (first.includes('-->') || second.includes('-->') || (/^\d+$/.test(first) && /\d:\d\d/.test(second))) return timedCues(body, false);
  return paragraphs.map((b) => ({ start: null, end: null, text: b.lines.map((l) => l.trim()).join('\n') }));
}

/** Whether the cues carry times (a WebVTT or SRT transcript) rather than paragraphs of text. */
export const isTimed = (cues: readonly TranscriptCue[]): boolean => cues.length > 0 && cues.every((c) => c.start !== null);

/** The transcript as WebVTT (timed cues only): what GET /api/podcasts/{id}/transcript.vtt serves. */
export function toWebVtt(cues: readonly TranscriptCue[]): string {
  const stamp = (s: number) => {
    const ms = Math.round(s * 1000);
    const h = Math.floor(ms / 3_600_000);
    const m = Math.floor(ms / 60_000) % 60;
    const sec = Math.floor(ms / 1000) % 60;
    const pad = (n: number, w = 2) => String(n).padStart(w, '0');
    return `${pad(h)}:${pad(m)}:${pad(sec)}.${pad(ms % 1000, 3)}`;
  };
  // "-->" may not appear in a cue's text, and "<" and "&" start tags and entities.
  const escape = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n{2,}/g, '\n');
  const body = cues.map((c) => `${stamp(c.start ?? 0)} --> ${stamp(c.end ?? c.start ?? 0)}\n${escape(c.text)}`).join('\n\n');
  return `WEBVTT\n\n${body}\n`;
}

/** The transcript as plain text, a paragraph per cue: what search indexes and /transcript.txt serves. */
export const transcriptText = (cues: readonly TranscriptCue[]): string => cues.map((c) => c.text).join('\n\n');

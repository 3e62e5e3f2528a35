/**
 * Makes the sample episodes' audio and transcripts from their scripts:
 *   server/db/seed/episode-scripts/<show>-<number>.md  (the words, committed source text)
 *   → server/db/seed/audio/<show>-<number>.opus        (speech, mono Opus in Ogg at 16 kbit/s)
 *   → server/db/seed/transcripts/<show>-<number>.json  ({chapters, cues} timed from the audio itself)
 *
 * A script is `## Chapter title` headings over paragraphs; a paragraph that starts with `**Name:**`
 * hands the microphone to that person (the host or the guest the seed data names), who keeps it
 * until someone else speaks. Each sentence is spoken by espeak-ng on its own (a voice per person),
 * measured from its WAV, and joined to the others with short silences written as PCM here, so every
 * cue's start and end are exact rather than estimated. A chapter starts at its first cue's whole second.
 *
 * Run when a script or an episode's title changes: `npx tsx scripts/sample-audio.ts [main-1 …]`
 * (no argument: every episode). Needs Debian's espeak-ng and ffmpeg (with libopus) on the machine
 * that makes the files, and nowhere else: the outputs are committed, so seeding, CI and the tests
 * read them without either tool. Opus because it is the smallest speech codec every target plays
 * (Chromium, Firefox, Android, Safari 17+); uploads still accept MP3 and AAC.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseFile } from 'music-metadata';
import { EPISODES_BY_SHOW, PODCAST_SHOWS, type PodcastSeed } from '../server/db/seed/data';
import {
  SAMPLE_AUDIO_DIR,
  SAMPLE_SCRIPTS_DIR,
  SAMPLE_TRANSCRIPTS_DIR,
  sampleAudioPath,
  sampleScriptPath,
  sampleTranscriptPath,
  type SampleTranscriptFile,
} from '../server/db/seed/audio';

const WORDS_PER_MINUTE = '165';
const BITRATE = '16k';
/** Silence after a sentence, after a paragraph (or a change of speaker), and before a new chapter. */
const PAUSE = { sentence: 0.3, paragraph: 0.6, chapter: 1.1 } as const;
const MIN_SECONDS = 120;
const MAX_SECONDS = 360;

/** espeak-ng's en-us voice variant for each person who speaks (hosts keep theirs across episodes). */
const VOICES: Record<string, string> = {
  'Dana Whitfield': 'f3',
  'Marcus Bell': 'm3',
  'Priya Raman': 'f2',
  'Rachel Okafor': 'f4',
  'Tom Brandt': 'm1',
  'Simone Adeyemi': 'f5',
  'James Whitaker': 'm2',
  'Aisha Karim': 'f4',
  'Henrik Lund': 'm7',
  'Mei-Ling Zhou': 'f5',
  'Margaret Chen': 'f2',
  'Nadia Petrov': 'f4',
  'Omar Siddiqui': 'm4',
  'Lena Fischer': 'f4',
  'Ravi Menon': 'm2',
  "Grace O'Connell": 'f5',
  'Samuel Ortiz': 'm1',
  'Colin Mayer': 'm4',
};

interface Sentence {
  speaker: string;
  text: string;
  /** The silence that comes before it. */
  gap: number;
  /** Starts a new speaker's turn: the transcript names the speaker. */
  turn: boolean;
}

interface Section {
  title: string;
  sentences: Sentence[];
}

// Sentence ends that are not: the splitter would cut after them. Scripts spell these out instead.
const ABBREVIATION = /\b(e\.g|i\.e|etc|vs|Mr|Mrs|Ms|Dr|No|St|U\.S|approx)\.$/;

/** Splits a paragraph after . ! or ? followed by a space. */
function sentences(paragraph: string): string[] {
  const parts = paragraph.split(/(?<=[.!?]["”’)]?)\s+/).map((s) => s.trim()).filter(Boolean);
  for (const part of parts) {
    if (ABBREVIATION.test(part)) throw new Error(`a sentence ends in an abbreviation: "${part}"`);
    if (!/[.!?]["”’)]?$/.test(part)) throw new Error(`a sentence without an end: "${part}"`);
  }
  return parts;
}

/** The speakers an episode may have, by the first name a script labels them with. */
function speakers(episode: PodcastSeed): Map<string, string> {
  const people = [episode.hostName, ...(episode.guestName ? [episode.guestName] : [])];
  return new Map(people.map((name) => [name.split(' ')[0]!, name]));
}

function parseScript(file: string, episode: PodcastSeed): { title: string; sections: Section[]; words: number } {
  const text = readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
  const title = /^# (.+)$/m.exec(text)?.[1]?.trim();
  if (title !== episode.title) throw new Error(`${file}: its title "${title}" is not the episode's "${episode.title}"`);
  const people = speakers(episode);
  const sections: Section[] = [];
  let speaker = episode.hostName;
  let words = 0;
  for (const block of text.split(/\n{2,}/).map((b) => b.trim()).filter(Boolean)) {
    if (block.startsWith('# ')) continue;
    const heading = /^## (.+)$/.exec(block);
    if (heading) {
      sections.push({ title: heading[1]!.trim(), sentences: [] });
      continue;
    }
    const section = sections.at(-1);
    if (!section) throw new Error(`${file}: text before the first chapter`);
    let paragraph = block.replace(/\s*\n\s*/g, ' ');
    const label = /^\*\*([^*:]+):\*\*\s*/.exec(paragraph);
    let turn = false;
    if (label) {
      const who = people.get(label[1]!.trim());
      if (!who) throw new Error(`${file}: "${label[1]}" is neither the host nor the guest`);
      turn = who !== speaker || (sections.length === 1 && section.sentences.length === 0);
      speaker = who;
      paragraph = paragraph.slice(label[0].length);
    }
    if (/[*_#`[\]]/.test(paragraph)) throw new Error(`${file}: markup the voice would read out: "${paragraph.slice(0, 60)}…"`);
    sentences(paragraph).forEach((s, i) => {
      const first = i === 0;
      const gap = !first ? PAUSE.sentence : section.sentences.length === 0 ? (sections.length === 1 ? 0 : PAUSE.chapter) : PAUSE.paragraph;
      section.sentences.push({ speaker, text: s, gap, turn: first && turn });
      words += s.split(/\s+/).length;
    });
  }
  if (sections.length < 3 || sections.length > 6) throw new Error(`${file}: ${sections.length} chapters, not 3–6`);
  for (const s of sections) if (!s.sentences.length) throw new Error(`${file}: chapter "${s.title}" is empty`);
  return { title, sections, words };
}

/** The PCM samples of a WAV espeak-ng wrote (16-bit mono) and their rate. */
function readWav(file: string): { rate: number; pcm: Buffer } {
  const wav = readFileSync(file);
  if (wav.toString('latin1', 0, 4) !== 'RIFF' || wav.toString('latin1', 8, 12) !== 'WAVE') throw new Error(`${file}: not a WAV`);
  let offset = 12;
  let rate = 0;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('latin1', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      const channels = wav.readUInt16LE(offset + 10);
      const bits = wav.readUInt16LE(offset + 22);
      if (channels !== 1 || bits !== 16) throw new Error(`${file}: ${channels} channels of ${bits} bits, expected mono 16-bit`);
      rate = wav.readUInt32LE(offset + 12);
    } else if (id === 'data') {
      // espeak-ng may leave the size at its streaming placeholder: the data runs to the file's end.
      const end = Math.min(wav.length, offset + 8 + size);
      return { rate, pcm: wav.subarray(offset + 8, end - ((end - offset - 8) % 2)) };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error(`${file}: no data chunk`);
}

function wavFile(rate: number, pcm: Buffer): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

async function make(showKey: string, number: number, episode: PodcastSeed, work: string): Promise<void> {
  const show = PODCAST_SHOWS.find((s) => s.key === showKey)!;
  const { sections, words } = parseScript(sampleScriptPath(showKey, number), episode);
  const chunks: Buffer[] = [];
  let rate = 0;
  let samples = 0;
  const transcript: SampleTranscriptFile = { chapters: [], cues: [] };
  const raw = path.join(work, 'sentence.wav');
  for (const section of sections) {
    section.sentences.forEach((sentence, i) => {
      const voice = VOICES[sentence.speaker];
      if (!voice) throw new Error(`no voice for ${sentence.speaker}`);
      execFileSync('espeak-ng', ['-v', `en-us+${voice}`, '-s', WORDS_PER_MINUTE, '-w', raw, '--stdin'], { input: sentence.text });
      const wav = readWav(raw);
      if (rate && wav.rate !== rate) throw new Error(`espeak-ng changed its sample rate (${rate} → ${wav.rate})`);
      rate = wav.rate;
      const gap = Math.round(sentence.gap * rate);
      chunks.push(Buffer.alloc(gap * 2));
      samples += gap;
      const start = samples / rate;
      chunks.push(wav.pcm);
      samples += wav.pcm.length / 2;
      if (i === 0) transcript.chapters.push({ start: Math.floor(start), title: section.title });
      const name = sentence.speaker.split(' ')[0];
      transcript.cues.push({ start: round2(start), end: round2(samples / rate), text: sentence.turn ? `${name}: ${sentence.text}` : sentence.text });
    });
  }
  // A breath of silence after the last word, so no player cuts it off.
  chunks.push(Buffer.alloc(Math.round(0.4 * rate) * 2));
  samples += Math.round(0.4 * rate);
  const seconds = samples / rate;
  if (seconds < MIN_SECONDS || seconds > MAX_SECONDS) {
    throw new Error(`${showKey}-${number}: ${seconds.toFixed(1)} s of speech (${words} words), not ${MIN_SECONDS}–${MAX_SECONDS} s`);
  }

  const joined = path.join(work, 'episode.wav');
  writeFileSync(joined, wavFile(rate, Buffer.concat(chunks)));
  const out = sampleAudioPath(showKey, number);
  // bitexact: the same words make the same bytes whichever ffmpeg version encodes them.
  execFileSync('ffmpeg', [
    '-loglevel', 'error', '-y', '-i', joined,
    '-ac', '1', '-ar', '24000', '-c:a', 'libopus', '-b:a', BITRATE, '-application', 'voip',
    '-fflags', '+bitexact', '-flags:a', '+bitexact', '-map_metadata', '-1',
    '-metadata', `title=${episode.title}`, '-metadata', `artist=${episode.hostName}`,
    '-metadata', `album=${show.name}`, '-metadata', `track=${number}`,
    out,
  ]);
  const { format } = await parseFile(out, { duration: true });
  if (!format.duration || Math.abs(format.duration - seconds) > 0.1) {
    throw new Error(`${out}: the encoded file lasts ${format.duration} s, the speech ${seconds} s`);
  }
  // One chapter or cue a line: readable, and a changed sentence is a one-line diff.
  const lines = (items: object[]) => items.map((item) => `  ${JSON.stringify(item)}`).join(',\n');
  writeFileSync(
    sampleTranscriptPath(showKey, number),
    `{"chapters": [\n${lines(transcript.chapters)}\n], "cues": [\n${lines(transcript.cues)}\n]}\n`,
  );
  const kb = Math.round(readFileSync(out).length / 1024);
  console.log(`${path.relative(process.cwd(), out)}: ${words} words, ${format.duration.toFixed(1)} s, ${sections.length} chapters, ${kb} KB`);
}

const only = new Set(process.argv.slice(2));
mkdirSync(SAMPLE_AUDIO_DIR, { recursive: true });
mkdirSync(SAMPLE_TRANSCRIPTS_DIR, { recursive: true });
const work = mkdtempSync(path.join(os.tmpdir(), 'lc-sample-audio-'));
try {
  for (const [show, episodes] of Object.entries(EPISODES_BY_SHOW)) {
    for (const [i, episode] of episodes.entries()) {
      if (only.size && !only.has(`${show}-${i + 1}`)) continue;
      await make(show, i + 1, episode, work);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
const scripts = readdirSync(SAMPLE_SCRIPTS_DIR).length;
const episodes = Object.values(EPISODES_BY_SHOW).reduce((n, list) => n + list.length, 0);
if (scripts !== episodes) console.warn(`${scripts} scripts for ${episodes} episodes`);

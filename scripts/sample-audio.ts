/**
 * Makes the sample episodes' audio (server/db/seed/audio/<show>-<number>.mp3): each episode's title
 * and description read by espeak-ng, encoded as 32 kbit/s mono MP3 (what every podcast app plays).
 * Run once when the sample episodes change; the files are committed, so neither tool is needed to
 * seed. Needs Debian's espeak-ng and ffmpeg: `npx tsx scripts/sample-audio.ts`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { EPISODES_BY_SHOW } from '../server/db/seed/data';
import { sampleAudioPath, SAMPLE_AUDIO_DIR } from '../server/db/seed/audio';

mkdirSync(SAMPLE_AUDIO_DIR, { recursive: true });
for (const [show, episodes] of Object.entries(EPISODES_BY_SHOW)) {
  episodes.forEach((episode, i) => {
    const out = sampleAudioPath(show, i + 1);
    const wav = `${out}.wav`;
    const words = `${episode.title}. ${episode.description}`;
    execFileSync('espeak-ng', ['-v', 'en-us', '-s', '165', '-w', wav, words]);
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', wav, '-ac', '1', '-ar', '22050', '-b:a', '32k', '-metadata', `title=${episode.title}`, out]);
    rmSync(wav);
    console.log(path.relative(process.cwd(), out));
  });
}

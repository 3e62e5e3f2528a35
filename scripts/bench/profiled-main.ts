/**
 * server/main.ts (or, with PROFILE_REFERENCE=1, the bench's reference) under V8's sampling profiler,
 * for scripts/bench/profile.ts: the first SIGUSR2 starts
 * recording, the second writes the profile to PROFILE_OUT (a .cpuprofile, readable by Chrome DevTools).
 * Only the measured requests are recorded, not the start-up or the warm-up.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

const out = process.env.PROFILE_OUT;
if (!out) throw new Error('PROFILE_OUT is not set');
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });
await import(process.env.PROFILE_REFERENCE ? './reference' : '../../server/main');

let recording = false;
process.on('SIGUSR2', () => {
  recording = !recording;
  void (async () => {
    if (recording) return void (await session.post('Profiler.start'));
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(out, JSON.stringify(profile));
  })();
});

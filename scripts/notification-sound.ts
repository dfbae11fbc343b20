// Writes public/sounds/notification.mp3: a short two-note chime, synthesised here (no third-party audio).
// Run after changing it: npx tsx scripts/notification-sound.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Mp3Encoder } from '@breezystack/lamejs';

const rate = 44_100;
const seconds = 0.6;
const samples = new Int16Array(Math.round(rate * seconds));
// Two bell-like notes (E6 then A6), each a sine with a soft attack and an exponential decay.
const notes = [
  { start: 0, frequency: 1318.5 },
  { start: 0.12, frequency: 1760 },
];
for (let i = 0; i < samples.length; i += 1) {
  const t = i / rate;
  let value = 0;
  for (const { start, frequency } of notes) {
    const local = t - start;
    if (local < 0) continue;
    const envelope = Math.min(1, local / 0.005) * Math.exp(-local * 7);
    value += envelope * (Math.sin(2 * Math.PI * frequency * local) + 0.25 * Math.sin(4 * Math.PI * frequency * local));
  }
  samples[i] = Math.round(Math.max(-1, Math.min(1, value * 0.35)) * 32_767);
}

const encoder = new Mp3Encoder(1, rate, 96);
const chunks: Uint8Array[] = [];
for (let i = 0; i < samples.length; i += 1152) chunks.push(encoder.encodeBuffer(samples.subarray(i, i + 1152)));
chunks.push(encoder.flush());
const dir = join(import.meta.dirname, '..', 'public', 'sounds');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'notification.mp3'), Buffer.concat(chunks.map((c) => Buffer.from(c))));
console.log(`wrote ${join(dir, 'notification.mp3')}`);

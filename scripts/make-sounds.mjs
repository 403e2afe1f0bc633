#!/usr/bin/env node
// The class board's two sounds (issue 32), made here from sums of decaying sine waves, so the
// files are our own: an award chime and the timer's bell.
//
//   node scripts/make-sounds.mjs
//
// Writes 16-bit mono PCM WAV files into apps/web/public/sounds/ (served from our origin). Each
// stays under 20 KB: a low sample rate is enough for tones whose partials stay below 5 kHz.
// The output depends only on this file: running it again writes the same bytes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const OUT = fileURLToPath(new URL('../apps/web/public/sounds/', import.meta.url));
const RATE = 16_000;

/**
 * A struck tone: partials of `frequency` (ratio, loudness, decay time in seconds), starting at
 * `at` seconds, with a 4 ms attack so it does not click.
 */
function strike(samples, { at, frequency, partials, gain }) {
  const start = Math.round(at * RATE);
  const attack = 0.004 * RATE;
  for (let i = 0; start + i < samples.length; i += 1) {
    const t = i / RATE;
    let value = 0;
    for (const [ratio, loudness, decay] of partials) value += loudness * Math.exp(-t / decay) * Math.sin(2 * Math.PI * frequency * ratio * t);
    samples[start + i] += gain * value * Math.min(1, i / attack);
  }
}

/** Fades the last `seconds` to silence, scales the peak to `peak` and writes a WAV file. */
function writeWav(name, samples, { fadeOut = 0.08, peak = 0.8 } = {}) {
  const fade = Math.round(fadeOut * RATE);
  for (let i = 0; i < fade; i += 1) samples[samples.length - 1 - i] *= i / fade;
  const max = samples.reduce((m, v) => Math.max(m, Math.abs(v)), 0) || 1;
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((v, i) => data.writeInt16LE(Math.round((v / max) * peak * 32767), i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // PCM format chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28); // bytes a second
  header.writeUInt16LE(2, 32); // bytes a sample frame
  header.writeUInt16LE(16, 34); // bits a sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  const file = Buffer.concat([header, data]);
  writeFileSync(`${OUT}${name}`, file);
  process.stdout.write(`${name}: ${file.length} bytes, ${(samples.length / RATE).toFixed(2)} s\n`);
}

mkdirSync(OUT, { recursive: true });

// The award: two bright notes a major sixth apart (E6, then C#7), like a glockenspiel.
const glockenspiel = [
  [1, 1, 0.18],
  [2.76, 0.3, 0.06],
  [5.4, 0.12, 0.03],
];
const chime = new Float64Array(Math.round(0.56 * RATE));
strike(chime, { at: 0, frequency: 1318.5, partials: glockenspiel, gain: 0.8 });
strike(chime, { at: 0.11, frequency: 2217.5, partials: glockenspiel.slice(0, 2), gain: 1 });
writeWav('award.wav', chime, { fadeOut: 0.1 });

// The timer's end: a small bell struck twice (A5 with a bell's inharmonic partials: hum, minor
// third, fifth, octave), the second strike a little softer.
const bell = [
  [0.5, 0.35, 0.4],
  [1, 1, 0.28],
  [1.19, 0.45, 0.2],
  [1.5, 0.3, 0.16],
  [2, 0.25, 0.1],
  [2.74, 0.12, 0.06],
];
const ring = new Float64Array(Math.round(0.62 * RATE));
strike(ring, { at: 0, frequency: 880, partials: bell, gain: 1 });
strike(ring, { at: 0.26, frequency: 880, partials: bell, gain: 0.75 });
writeWav('timer-end.wav', ring, { fadeOut: 0.12 });

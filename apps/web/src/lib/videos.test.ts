// @vitest-environment node
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@kolikko/core/limits';
import { describe, expect, it } from 'vitest';
import { VIDEO_TOPICS, videoFiles } from './videos.ts';

/**
 * The budgets of issues 17 and 37: the videos are in the repository and on every visitor's
 * connection. A visitor only ever loads one language's, so the total is per language.
 */
const MB = 1024 * 1024;
const VIDEO_MAX_BYTES = 2 * MB;
const LANGUAGE_VIDEOS_MAX_BYTES = 15 * MB;
const POSTER_MAX_BYTES = 60 * 1024;

const publicDir = fileURLToPath(new URL('../../public', import.meta.url));
const file = (url: string) => `${publicDir}${url}`;

/** The Duration of a WebM's Segment Info (EBML), in seconds; null when it is not found in the file's head. */
export function webmDuration(bytes: Buffer): number | null {
  const head = bytes.subarray(0, 8192);
  let scale = 1_000_000; // TimecodeScale's default: 1 ms
  const scaleAt = head.indexOf(Buffer.from([0x2a, 0xd7, 0xb1]));
  if (scaleAt >= 0) {
    const size = (head[scaleAt + 3] ?? 0) & 0x7f;
    if (size >= 1 && size <= 6) scale = head.readUIntBE(scaleAt + 4, size);
  }
  for (let at = head.indexOf(Buffer.from([0x44, 0x89])); at >= 0; at = head.indexOf(Buffer.from([0x44, 0x89]), at + 1)) {
    const size = head[at + 2];
    if (size === 0x84) return (head.readFloatBE(at + 3) * scale) / 1e9;
    if (size === 0x88) return (head.readDoubleBE(at + 3) * scale) / 1e9;
  }
  return null;
}

interface Cue {
  start: number;
  end: number;
  text: string;
}

const seconds = (time: string) => {
  const [h, m, s] = time.split(':');
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
};

/** The cues of a WebVTT file; throws when it is not one. */
export function parseWebVtt(text: string): Cue[] {
  const blocks = text.replace(/\r\n?/g, '\n').split(/\n{2,}/);
  const header = blocks.shift() ?? '';
  if (!/^WEBVTT(?:[ \t].*)?$/.test(header.split('\n')[0] ?? '')) throw new Error('the file does not start with WEBVTT');
  return blocks
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      const timing = lines.findIndex((line) => line.includes('-->'));
      const match = lines[timing]?.match(/^(\d{2,}:\d{2}:\d{2}\.\d{3}) --> (\d{2,}:\d{2}:\d{2}\.\d{3})(?:\s.*)?$/);
      if (!match?.[1] || !match[2]) throw new Error(`not a cue: ${block}`);
      return { start: seconds(match[1]), end: seconds(match[2]), text: lines.slice(timing + 1).join('\n').trim() };
    });
}

describe('the videos in apps/web/public/videos (npm run videos)', () => {
  const recordings = LANGUAGES.flatMap((language) => VIDEO_TOPICS.map((topic) => [topic, language] as const));

  it.each(recordings)('%s in %s: a WebM within its budget, a small JPEG poster and captions in its language', (topic, language) => {
    const files = videoFiles(topic, language);
    for (const url of [files.video, files.poster, files.captions]) expect(existsSync(file(url)), `${url} is missing: run npm run videos -- --lang ${language} ${topic}`).toBe(true);

    const video = readFileSync(file(files.video));
    expect(video.length).toBeLessThanOrEqual(VIDEO_MAX_BYTES);
    expect(video.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])); // EBML
    expect(video.subarray(0, 64).includes(Buffer.from('webm'))).toBe(true);
    const duration = webmDuration(video);
    expect(duration).not.toBeNull();

    const poster = readFileSync(file(files.poster));
    expect(poster.length).toBeLessThanOrEqual(POSTER_MAX_BYTES);
    expect(poster.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff])); // JPEG

    const cues = parseWebVtt(readFileSync(file(files.captions), 'utf8'));
    expect(cues.length).toBeGreaterThan(0);
    let previous = 0;
    for (const cue of cues) {
      expect(cue.text).not.toBe('');
      expect(cue.start).toBeGreaterThanOrEqual(previous);
      expect(cue.end).toBeGreaterThan(cue.start);
      expect(cue.end).toBeLessThanOrEqual((duration ?? 0) + 0.5);
      previous = cue.start;
    }
  });

  it.each(VIDEO_TOPICS)('%s: each language has captions of its own', (topic) => {
    const texts = LANGUAGES.map((language) => parseWebVtt(readFileSync(file(videoFiles(topic, language).captions), 'utf8')).map((cue) => cue.text));
    expect(new Set(texts.map((cues) => cues.join('\n'))).size).toBe(LANGUAGES.length);
  });

  it.each(LANGUAGES)('the videos in %s stay within 15 MB together', (language) => {
    const total = VIDEO_TOPICS.reduce((sum, topic) => sum + statSync(file(videoFiles(topic, language).video)).size, 0);
    expect(total).toBeLessThanOrEqual(LANGUAGE_VIDEOS_MAX_BYTES);
  });

  it('holds no file of a recording that is not one of the topics in a language', () => {
    const expected = new Set(recordings.flatMap(([topic, language]) => Object.values(videoFiles(topic, language)).map((url) => url.slice('/videos/'.length))));
    expect(readdirSync(file('/videos')).filter((name) => !expected.has(name))).toEqual([]);
  });
});

describe('the WebVTT reader of this test', () => {
  it('reads cues and refuses what is not WebVTT', () => {
    expect(parseWebVtt('WEBVTT\n\n1\n00:00:00.000 --> 00:00:02.500\nHello\n\n2\n00:00:02.500 --> 00:00:04.000\nBye\n')).toEqual([
      { start: 0, end: 2.5, text: 'Hello' },
      { start: 2.5, end: 4, text: 'Bye' },
    ]);
    expect(() => parseWebVtt('1\n00:00:00.000 --> 00:00:02.500\nHello\n')).toThrow('WEBVTT');
    expect(() => parseWebVtt('WEBVTT\n\n1\n00:00 --> soon\nHello\n')).toThrow('not a cue');
  });
});

import { buffer } from 'node:stream/consumers';
import yauzl from 'yauzl';

/**
 * A ZIP's entries by name, from a file's path or its bytes, read with yauzl (an independent
 * reader: the export is written with yazl). The browser tests read downloads with it too.
 */
export async function readZip(zip: Buffer | string): Promise<Map<string, Buffer>> {
  const file = typeof zip === 'string' ? await yauzl.openPromise(zip, { lazyEntries: true }) : await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    file.on('error', reject);
    file.on('end', () => resolve());
    file.on('entry', (entry: yauzl.Entry) => {
      file
        .openReadStreamPromise(entry)
        .then((stream) => buffer(stream))
        .then((bytes) => {
          entries.set(entry.fileName, bytes);
          file.readEntry();
        }, reject);
    });
    file.readEntry();
  });
  return entries;
}

/** An entry of a ZIP read by readZip, parsed as JSON. */
export function zipJson<T = unknown>(entries: Map<string, Buffer>, name: string): T {
  const bytes = entries.get(name);
  if (!bytes) throw new Error(`no ${name} in the ZIP (it has ${[...entries.keys()].join(', ')})`);
  return JSON.parse(bytes.toString('utf8')) as T;
}

import yauzl from 'yauzl';

/** A ZIP's entries by name, read with yauzl (an independent reader: the export is written with yazl). */
export async function readZip(zip: Buffer): Promise<Map<string, Buffer>> {
  const file = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.fromBuffer(zip, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z))));
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    file.on('error', reject);
    file.on('end', () => resolve());
    file.on('entry', (entry: yauzl.Entry) => {
      file.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', reject);
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          file.readEntry();
        });
      });
    });
    file.readEntry();
  });
  return entries;
}

/** An entry of a ZIP read by readZip, parsed as JSON. */
export function zipJson<T = unknown>(entries: Map<string, Buffer>, name: string): T {
  const bytes = entries.get(name);
  if (!bytes) throw new Error(`no ${name} in the ZIP (has ${[...entries.keys()].join(', ')})`);
  return JSON.parse(bytes.toString('utf8')) as T;
}

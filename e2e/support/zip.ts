// The server tests' ZIP reader (yauzl), for the downloaded exports.
export { readZip, zipJson } from '../../apps/server/src/test/zip.ts';

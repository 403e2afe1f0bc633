import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { buildApp } from './app.ts';
import { removeOperatorFile, writeOperatorFile } from './modules/operator/operator.ts';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  throw err;
}

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
// On the embedded database, operator commands go through this server (modules/operator/operator.ts).
const operatorSecret = database.kind === 'pglite' ? randomBytes(32).toString('base64url') : undefined;
const app = await buildApp({ config, database, operatorSecret });
app.log.info({ database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined }, 'database ready');
for (const warning of config.warnings) app.log.warn(warning);

/** A rolling deploy waits at most 10 s for a process to go (issue 35). */
const SHUTDOWN_DEADLINE_MS = 9000;

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Requests in flight finish (a transaction is never cut halfway: it commits or PostgreSQL rolls
  // it back); whatever still holds the process after this is cut, so a deploy never waits longer.
  setTimeout(() => {
    app.log.error({ signal, afterMs: SHUTDOWN_DEADLINE_MS }, 'shutdown took too long: exiting');
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS).unref();
  try {
    if (operatorSecret) removeOperatorFile(config.dataDir);
    await app.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
if (operatorSecret) writeOperatorFile(config.dataDir, (app.server.address() as AddressInfo).port, operatorSecret);

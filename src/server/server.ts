/**
 * Entry point, compiled into dist-server/server.js by `npm run build` (scripts/lib/server-bundle.ts)
 * and run with node by `npm run serve`, `npm start` and the systemd unit: reads the configuration,
 * builds the app, listens, and shuts down gracefully on SIGTERM/SIGINT: stop accepting
 * connections, let in-flight requests finish, close the database, exit 0.
 */
import { buildApp } from './app';
import { ConfigError, loadServerConfig, noChannelWarning, unknownVariables } from './core/config';
import { createLogger } from './core/logger';
import { startupSummary } from './core/summary';

const SHUTDOWN_GRACE_MS = 10_000;

function readConfig() {
  try {
    return loadServerConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const config = readConfig();
// On a terminal, a person reads a summary of the start (summary.ts) instead of its JSON lines.
const startup = { quiet: process.stdout.isTTY === true };
const app = await buildApp({ config, logger: createLogger({ level: config.logLevel, startup }) });
// What is not wrong enough to refuse, said once, one line each (and in the summary below).
const misspelled = unknownVariables(Object.keys(process.env));
for (const line of [...misspelled, noChannelWarning(process.env, config)]) if (line) app.log.warn(line);

let stopping = false;
function shutDown(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  // A request that never finishes must not keep the process (and a deployment) hanging.
  setTimeout(() => {
    app.log.error({ graceMs: SHUTDOWN_GRACE_MS }, 'shutdown took too long; exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
  app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    },
  );
}
// `on`, not `once`: a supervisor that signals the process group reaches this process twice, from
// itself and through npm, which passes signals on to its script. With `once`, the second
// SIGTERM found no listener and killed the process in the middle of its graceful shutdown.
process.on('SIGTERM', shutDown);
process.on('SIGINT', shutDown);

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.fatal({ err: error }, 'cannot listen');
  process.exit(1);
}
if (startup.quiet) {
  process.stdout.write(startupSummary(config, { storageOpen: app.storage.current() !== undefined, color: process.stdout.hasColors(), warnings: misspelled }));
  startup.quiet = false;
}

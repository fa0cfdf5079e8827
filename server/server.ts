import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { listenForMetrics } from './metrics/port.js';
import { startupReport } from './startup-report.js';

/**
 * Starts the server on the configured port and closes it gracefully on SIGTERM and SIGINT. With
 * `--check` (`npm run config:check`) it validates the environment and the campus configuration,
 * says what it would run on, and exits without opening the store or a port.
 */
async function main() {
  const checkOnly = process.argv.includes('--check');
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  // Before anything can fail on the store: the operator sees what this process was told to use.
  const report = startupReport(config);
  process.stdout.write(`${report.lines.join('\n')}\n`);
  for (const warning of report.warnings) process.stderr.write(`${warning}\n`);
  if (checkOnly) {
    process.stdout.write('Configuration is valid.\n');
    return;
  }

  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({ config, database, notify: { run: true } });
  const metricsServer = config.metrics.port
    ? await listenForMetrics(app, config.host, config.metrics.port)
    : undefined;

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await metricsServer?.close();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  const store = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
  process.stdout.write(
    `Campus Portal is serving ${address.replace('127.0.0.1', 'localhost')}/ (${store})\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Campus Portal failed to start: ${err instanceof Error ? err.stack : String(err)}\n`,
  );
  process.exit(1);
});

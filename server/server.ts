import './supported-node.js';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { listenForMetrics } from './metrics/port.js';
import { LogStream } from './log-stream.js';
import { reportFeedProblems, startupReport } from './startup-report.js';
import { configuredSeed, seedLines } from './store-seed.js';

/**
 * Starts the server on the configured port and closes it gracefully on SIGTERM and SIGINT. With
 * `--check` (`npm run config:check`) it validates the environment and the campus configuration,
 * refuses placeholder secrets, says what it would run on, and exits without opening the store or a
 * port; with `--check --connect` it also opens each component once (`preflight.ts`).
 */
/** How long after SIGTERM the port stays open, not ready, before it closes (within the grace). */
const NOT_READY_MS = 1_000;

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
    const { placeholderSecrets, preflight, preflightText } = await import('./preflight.js');
    // `--connect`: each component opened, one line each; without it nothing is opened.
    // `--as <username>`: the person the HTTP adapter's check reads (the sample student by default).
    const asAt = process.argv.indexOf('--as');
    const as = asAt >= 0 ? process.argv[asAt + 1] : undefined;
    // `--token-file <path>`: a test student's access token, PeopleSoft read as them (issue 91).
    const token = (await import('./token-file.js')).tokenFileOrExit(process.argv);
    const lines = process.argv.includes('--connect')
      ? await preflight(config, undefined, { as, token })
      : placeholderSecrets(config);
    if (lines.length > 0) process.stdout.write(`${preflightText(lines).join('\n')}\n`);
    if (lines.some((line) => !line.ok)) {
      process.stderr.write('Configuration check failed: see the lines above.\n');
      process.exit(1);
    }
    if (config.saml) {
      const { IdpMetadataError, loadIdpMetadata } = await import('./auth/saml-idp-metadata.js');
      try {
        const idp = await loadIdpMetadata(config.saml.idpMetadata);
        process.stdout.write(
          `  SAML IdP: ${idp.entityId}, sign-on ${idp.ssoUrl}, ${idp.sloUrl ? `logout ${idp.sloUrl}` : 'no single logout'}, ${idp.signingCerts.length} signing certificate(s)\n`,
        );
      } catch (err) {
        if (!(err instanceof IdpMetadataError)) throw err;
        process.stderr.write(`Invalid configuration: SAML_IDP_METADATA: ${err.message}\n`);
        process.exit(1);
      }
    }
    process.stdout.write('Configuration is valid.\n');
    return;
  }

  // `--migrate` (issue 90: a Kubernetes Job before the web pods): the migrations under the start
  // lock, which every process's start takes too, so two never migrate at once; then it exits.
  const migrateOnly = process.argv.includes('--migrate');
  // One log line per migration this start applies, and per thing its seed stored (pino's shape: the
  // app's logger starts later).
  const logLine = (line: Record<string, unknown>) =>
    process.stdout.write(
      `${JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, ...line })}\n`,
    );
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    // Issue 90: a span for each store query, only with tracing on.
    traced: Boolean(config.tracing),
    onMigration: ({ name, ms }) =>
      logLine({ msg: 'migration applied', migration: name, durationMs: ms }),
    seed: configuredSeed(config, new Date(), (report) => seedLines(report).forEach(logLine)),
  });
  if (migrateOnly) {
    await database.close();
    logLine({ msg: 'migrated: exiting' });
    return;
  }
  // A stdout whose reader is gone (EPIPE) or stuck never holds the process (log-stream.ts).
  const logStream = new LogStream();
  for (const out of [process.stdout, process.stderr]) out.on('error', () => undefined);
  const app = await buildApp({
    config,
    database,
    logger: { level: config.logLevel, stream: logStream },
    // Issue 90: a web process runs no scheduled work; a worker or an `all` process runs it, each
    // job under its lease, so any number of them runs it once.
    notify: { run: config.role !== 'web' },
    coursework: { poll: config.role !== 'web' },
  });
  // The report's line for a feed problem comes when the first read of that feed finds it.
  reportFeedProblems(app.feedProblems, (line) => process.stderr.write(`${line}\n`));
  const metricsServer = config.metrics.port
    ? await listenForMetrics(app, config.host, config.metrics.port)
    : undefined;

  // Draining: /readyz says not ready at once (for a second before the port closes), requests under
  // way finish (Fastify's close answers a
  // request that arrives meanwhile on a kept-alive connection with 503, which nginx retries on the
  // other process), and after the grace the process exits whatever is left.
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.lifecycle.draining = true;
    // The exit comes within the grace, a line that cannot be written or not.
    logStream.drain();
    setTimeout(() => process.exit(0), config.shutdownGraceMs + 1_000).unref();
    app.log.info(
      { signal, graceMs: config.shutdownGraceMs },
      'draining: not ready, finishing requests',
    );
    const grace = new Promise<'timeout'>((resolve) =>
      setTimeout(() => resolve('timeout'), config.shutdownGraceMs).unref(),
    );
    const done = (async () => {
      // The port stays open a moment, answering /readyz 503 (and requests, each closing its
      // connection), so a probe or a proxy sees "not ready" rather than a refused connection.
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(NOT_READY_MS, config.shutdownGraceMs)),
      );
      await metricsServer?.close();
      await app.close();
      return 'closed' as const;
    })();
    const outcome = await Promise.race([done, grace]);
    if (outcome === 'timeout') app.log.warn('the grace ended with requests under way: exiting');
    else app.log.info('drained: exiting');
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

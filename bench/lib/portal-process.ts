// One portal server of bench:campus's processes round, in a process of its own (forked with tsx by
// `startProcesses`, portal-processes.ts): it opens the store another process built (PostgreSQL, its
// schema named), shares Redis with the others, serves on a free port and, when asked, runs the
// notification worker, trusting the push sink's certificate. It answers `announce` (a message's
// "also notify" planned from here) and `close`.
import { Agent } from 'node:https';
import { z } from 'zod';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { openDatabase } from '../../server/db/database.js';

const init = z.object({
  env: z.record(z.string(), z.string()),
  schema: z.string(),
  shiftMs: z.number(),
  /** The push sink's certificate: the worker runs and trusts it; absent, this process only serves. */
  pushCa: z.string().optional(),
});
const command = z.union([
  z.object({ type: z.literal('announce'), messageId: z.number() }),
  z.object({ type: z.literal('close') }),
]);

const send = (message: unknown) => process.send?.(message);
const { env, schema, shiftMs, pushCa } = init.parse(
  await new Promise((resolve) => process.once('message', resolve)),
);
const config = loadConfig(env);
const database = await openDatabase({ url: config.databaseUrl, schema });
const app = await buildApp({
  config,
  database,
  logger: false,
  clock: () => new Date(Date.now() + shiftMs),
  notify: pushCa
    ? { run: true, pushAgent: new Agent({ ca: pushCa }), firstPlanMs: 3_600_000 }
    : undefined,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
send({
  type: 'ready',
  base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
});

process.on('message', (raw) => {
  const message = command.parse(raw);
  if (message.type === 'announce') {
    void app.notify
      .announce(message.messageId, { audience: 'everyone' })
      .then((planned) => send({ type: 'announced', planned }));
  } else {
    void app.close().then(() => {
      process.disconnect();
      process.exit(0);
    });
  }
});

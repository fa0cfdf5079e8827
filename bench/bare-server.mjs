// The baseline of bench/api.bench.ts: a bare Fastify app answering one small JSON body, started the
// same way as the portal server (its own process, pinned by the parent), printing its address.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/json', async () => ({ hello: 'world' }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening ${address}\n`);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => app.close().then(() => process.exit(0)));

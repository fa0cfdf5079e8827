/**
 * Runs the Ethos double on its own (`npx tsx tests/fake-ethos/serve.ts [port]`), for `npm run
 * sis:check` and the e2e server: prints its address, answers until stopped.
 */
import { ETHOS_KEY, FakeEthos } from './fake-ethos.js';

const port = Number(process.argv[2] ?? '0');
const fake = await FakeEthos.start({ port });
fake.maxPageSize = 25;
process.stdout.write(`Ethos double at ${fake.url} (ETHOS_API_KEY=${ETHOS_KEY})\n`);

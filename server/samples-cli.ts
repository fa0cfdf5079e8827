import './supported-node.js';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { removeSamples, sampleLines, sampleRows } from './content/samples.js';
import { openDatabase } from './db/database.js';
import { repositoriesOn } from './db/repositories.js';

/**
 * `npm run samples -- list` prints what the sample seed created and no one touched;
 * `npm run samples -- remove` removes exactly that and prints it (content/samples.ts says how a
 * row is known). Runs on the configured store, SQLite or PostgreSQL, beside running servers.
 */
async function main(command: string | undefined): Promise<number> {
  if (command !== 'list' && command !== 'remove') {
    process.stderr.write('Usage: npm run samples -- list   |   npm run samples -- remove\n');
    return 1;
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const repo = repositoriesOn(database.db, database.dialect).samples;
    const rows = command === 'list' ? await sampleRows(repo) : await removeSamples(repo);
    process.stdout.write(
      `${sampleLines(rows, command === 'list' ? 'sample' : 'removed').join('\n')}\n`,
    );
    if (command === 'remove' && rows.length > 0 && config.seedSamples) {
      process.stdout.write(
        'SEED_SAMPLES is on for this configuration: set SEED_SAMPLES=0, or an empty store is seeded again.\n',
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

// Run as a command (`node dist/server/samples-cli.js remove`), not when a test imports it.
if (
  process.argv[1] &&
  import.meta.url === new URL(`file://${path.resolve(process.argv[1])}`).href
) {
  main(process.argv[2]).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(
        `${err instanceof ConfigError ? err.message : err instanceof Error ? err.stack : String(err)}\n`,
      );
      process.exit(1);
    },
  );
}

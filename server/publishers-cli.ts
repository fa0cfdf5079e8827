import './supported-node.js';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { createPublisher, issueKey, PublisherChangeError } from './inbound/manage.js';
import { publisherInputSchema, toPublisher } from './inbound/publisher.js';
import { repositoriesOn } from './db/repositories.js';
import type { Repositories } from './db/repositories.js';

const USAGE = `Usage:
  npm run publishers -- add <name> --scopes <list> [--label <text>] [--roles <list>] [--groups <list>] [--max-recipients N]
  npm run publishers -- key <name>        prints a new key, once
  npm run publishers -- revoke <key id>
  npm run publishers -- list`;

/** A command refused, in words for the person at the terminal. */
export class CommandError extends Error {}

const listOf = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/**
 * The publishers of the inbound API from the command line (issue 60), for automation: the same
 * rules as the admin page. Resolves to what to print.
 */
export async function publishersCommand(
  args: readonly string[],
  repos: Pick<Repositories, 'inboundPublishers'>,
  now: Date,
): Promise<string> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      scopes: { type: 'string' },
      label: { type: 'string' },
      roles: { type: 'string' },
      groups: { type: 'string' },
      'max-recipients': { type: 'string' },
    },
  });
  const [command, subject] = positionals;
  const store = repos.inboundPublishers;
  if (command === 'list') {
    const lines = [];
    for (const row of await store.list()) {
      const p = toPublisher(row);
      const keys = (await store.keys(p.id)).map(
        (k) => `${k.id}${k.revoked_at ? ' (revoked)' : ''} last used ${k.last_used_at ?? 'never'}`,
      );
      lines.push(
        `${p.name} "${p.label}" scopes ${p.scopes.join(',')} roles ${p.roles.join(',') || '-'} groups ${p.groups.join(',') || '-'} max ${p.maxRecipients}`,
        ...keys.map((k) => `  ${k}`),
      );
    }
    return lines.length === 0 ? 'No publishers.' : lines.join('\n');
  }
  if (!subject) throw new CommandError(USAGE);
  if (command === 'add') {
    const input = publisherInputSchema.safeParse({
      name: subject,
      label: values.label ?? subject,
      scopes: listOf(values.scopes),
      roles: listOf(values.roles),
      groups: listOf(values.groups),
      ...(values['max-recipients'] ? { maxRecipients: Number(values['max-recipients']) } : {}),
    });
    if (!input.success)
      throw new CommandError(
        input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'),
      );
    await createPublisher(repos, input.data, now);
    return `Added publisher ${input.data.name}.`;
  }
  if (command === 'key') {
    const row = await store.byName(subject);
    if (!row) throw new CommandError(`There is no publisher ${subject}.`);
    const key = await issueKey(repos, row.id, now);
    return `Key ${key.id} for ${subject} (shown this once; only its hash is kept):\n${key.key}`;
  }
  if (command === 'revoke') {
    if (!(await store.revokeKey(subject, now)))
      throw new CommandError(`There is no live key ${subject}.`);
    return `Revoked key ${subject}: refused from its next call.`;
  }
  throw new CommandError(USAGE);
}

async function main(args: string[]) {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const repos = repositoriesOn(database.db, database.dialect);
    process.stdout.write(`${await publishersCommand(args, repos, new Date())}\n`);
  } finally {
    await database.close();
  }
}

// Run as a command (`node dist/server/publishers-cli.js list`), not when a test imports it.
if (
  process.argv[1] &&
  import.meta.url === new URL(`file://${path.resolve(process.argv[1])}`).href
) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    const known =
      err instanceof CommandError ||
      err instanceof PublisherChangeError ||
      err instanceof ConfigError ||
      (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'));
    process.stderr.write(
      `${known ? err.message : err instanceof Error ? err.stack : String(err)}\n`,
    );
    process.exit(1);
  });
}

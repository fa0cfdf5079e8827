import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { hashKey } from '../../server/inbound/keys.js';
import { CommandError, publishersCommand } from '../../server/publishers-cli.js';
import { createTestApp } from './helpers/app.js';

/** `npm run publishers -- …` as its built copy runs, here under tsx, on a store in `dataDir`. */
function cli(args: string[], dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/publishers-cli.ts', ...args], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (status) => resolve({ status, stdout, stderr })),
  );
}

describe('npm run publishers', () => {
  let app: FastifyInstance;
  afterEach(async () => app.close());

  it('add, key (printed once, kept as a hash), list and revoke, on the store', async () => {
    app = await createTestApp();
    const repos = app.repositories;
    const run = (...args: string[]) => publishersCommand(args, repos, new Date());
    expect(
      await run(
        'add',
        'registrar',
        '--scopes',
        'tasks:write,tasks:complete',
        '--roles',
        'student',
        '--max-recipients',
        '20000',
      ),
    ).toBe('Added publisher registrar.');
    const printed = await run('key', 'registrar');
    const key = /^(cpk_registrar_[A-Za-z0-9_-]{43})$/m.exec(printed)?.[1] ?? '';
    const keyId = /Key (k_[0-9a-f]{12})/.exec(printed)?.[1] ?? '';
    expect((await repos.inboundPublishers.key(keyId))?.hash).toBe(hashKey(key));
    const listed = await run('list');
    expect(listed).toContain(
      'registrar "registrar" scopes tasks:write,tasks:complete roles student groups - max 20000',
    );
    expect(listed).not.toContain(key);
    expect(await run('revoke', keyId)).toContain(`Revoked key ${keyId}`);
    expect(await run('list')).toContain(`${keyId} (revoked)`);
  });

  it('refuses an unknown scope, a bad name and an unknown publisher, in words', async () => {
    app = await createTestApp();
    const run = (...args: string[]) => publishersCommand(args, app.repositories, new Date());
    await expect(run('add', 'x1', '--scopes', 'everything')).rejects.toThrow(CommandError);
    await expect(run('add', 'Bad Name', '--scopes', 'tasks:write')).rejects.toThrow(/lower-case/);
    await expect(run('key', 'nobody')).rejects.toThrow('There is no publisher nobody.');
  });

  it('runs as a command against the configured store', async () => {
    app = await createTestApp();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-publishers-'));
    const added = await cli(['add', 'library', '--scopes', 'messages:write'], dataDir);
    expect(added).toMatchObject({ status: 0, stdout: 'Added publisher library.\n' });
    const key = await cli(['key', 'library'], dataDir);
    expect(key.stdout).toMatch(/^cpk_library_[A-Za-z0-9_-]{43}$/m);
    const bad = await cli(['revoke', 'k_000000000000'], dataDir);
    expect(bad).toMatchObject({ status: 1, stderr: 'There is no live key k_000000000000.\n' });
  }, 60_000);
});

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** One real server process (`server/server.ts` under tsx), listening on a free port. */
export interface PortalProcess {
  base: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/** The server from source (tsx). */
const fromSource = ['--import', 'tsx', 'server/server.ts'];

/**
 * The build `npm test` makes before Vitest when there is one, else the source: a built server starts
 * in a fraction of tsx's time on a busy machine (the three-process suite starts three).
 */
export const builtOrSource = () =>
  existsSync('dist/server/server.js') ? ['dist/server/server.js'] : fromSource;

export function startProcess(
  env: Record<string, string>,
  entry: string[] = fromSource,
): Promise<PortalProcess> {
  const child = spawn(process.execPath, entry, {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      PORT: '0',
      LOG_LEVEL: 'warn',
      DEMO_SIGN_IN: '1',
      CLIENT_DIR: '/nonexistent-client-dir',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-process-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /serving (\S+?)\/? /.exec(out);
      if (found?.[1]) resolve({ base: found[1].replace('localhost', '127.0.0.1'), child, stop });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${errors}`)));
  });
}

const cookiePairs = (response: Response) =>
  response.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');

/** A browser's cookie jar, enough for the session and sign-in cookies. */
export class Jar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const pair of cookiePairs(response)) {
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value === '') this.cookies.delete(pair.slice(0, at));
      else this.cookies.set(pair.slice(0, at), value);
    }
  }
  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

// Starting built portal servers for the benchmarks: each on a free port, SQLite in a temp folder.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface Started {
  child: ChildProcess;
  base: string;
}

/** Starts `dist/server/server.js` of `cwd`; resolves with its address once it says it is serving. */
export function startPortal(cwd: string, env: Record<string, string> = {}): Promise<Started> {
  const child = spawn('node', ['dist/server/server.js'], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DEMO_SIGN_IN: '1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_API_PER_MINUTE: '100000000',
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '100000',
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-bench-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /serving (\S+?)\/? /.exec(out);
      if (found?.[1]) resolve({ child, base: found[1].replace('localhost', '127.0.0.1') });
    });
    child.on('exit', (code) => reject(new Error(`portal in ${cwd} exited with ${code}`)));
  });
}

const cookiesOf = (response: Response) =>
  response.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');

/** Signs in through the demo form as `persona`; answers the session cookies as name/value pairs. */
export async function signInCookies(base: string, persona = 'student') {
  const page = await fetch(`${base}/auth/login?next=%2F`);
  const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1];
  if (!csrf) throw new Error('the sign-in page gave no CSRF token');
  const signedIn = await fetch(`${base}/auth/demo-sign-in`, {
    method: 'POST',
    body: new URLSearchParams({ persona, next: '/', csrf }),
    redirect: 'manual',
    headers: { cookie: cookiesOf(page).join('; '), origin: base },
  });
  return cookiesOf(signedIn).map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
}

/** Signs in as `persona` and answers the API's `Authorization: Token …` header for that person. */
export async function tokenHeaders(
  base: string,
  persona = 'student',
): Promise<{ authorization: string }> {
  const cookie = (await signInCookies(base, persona)).map((c) => `${c.name}=${c.value}`).join('; ');
  const user: unknown = await (
    await fetch(`${base}/api/users/user`, { headers: { cookie } })
  ).json();
  const token =
    typeof user === 'object' && user && 'auth_token' in user ? String(user.auth_token) : '';
  if (!token) throw new Error(`signing in as ${persona} gave no token`);
  return { authorization: `Token ${token}` };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

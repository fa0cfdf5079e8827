import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

export const UNIT = 'deploy/systemd/campus-portal@.service';
export const ENV_TEMPLATE = 'deploy/campus-portal.env.example';

/** One `KEY=value` line of the unit's [Service] section (the last, as systemd takes it). */
function unitSetting(unit: string, key: string): string {
  const values = [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => m[1] ?? '');
  const value = values.at(-1);
  if (value === undefined) throw new Error(`${UNIT} has no ${key}=`);
  return value.trim();
}

/**
 * The unit's command for instance `port`, as systemd runs it: `%i` is the instance, the install
 * folder is this checkout and `/usr/bin/node` is the Node that runs the test.
 */
export function commandFor(port: number): string[] {
  const unit = readFileSync(UNIT, 'utf8');
  return unitSetting(unit, 'ExecStart')
    .split(/\s+/)
    .map((word) =>
      word === '/usr/bin/node' ? process.execPath : word.replace('%i', String(port)),
    );
}

/** The environment file template as the unit reads it, with the test's own stores and secrets. */
export function environment(overrides: Record<string, string>): Record<string, string> {
  const unit = readFileSync(UNIT, 'utf8');
  if (unitSetting(unit, 'EnvironmentFile') !== '/etc/campus-portal/campus-portal.env') {
    throw new Error(`${UNIT} reads another environment file than the template's place`);
  }
  return {
    PATH: process.env.PATH ?? '',
    ...parseEnv(readFileSync(ENV_TEMPLATE, 'utf8')),
    ...overrides,
  };
}

export interface UnitProcess {
  base: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/** Starts one instance of the unit on `port`; resolves once it serves. */
export function startInstance(port: number, env: Record<string, string>): Promise<UnitProcess> {
  const [command = '', ...args] = commandFor(port);
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/is serving /.test(out)) resolve({ base: `http://127.0.0.1:${port}`, child, stop });
    });
    child.once('exit', (code) =>
      reject(new Error(`instance ${port} exited with ${code}: ${errors}`)),
    );
  });
}

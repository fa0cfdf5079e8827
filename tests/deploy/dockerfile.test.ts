import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Issue 90: the image (Dockerfile) is built as deploy/README.md's install builds, and runs what the
 * systemd unit runs. Docker is not on the machines that test it, so the file is read, not built.
 */
const dockerfile = readFileSync('Dockerfile', 'utf8').replace(/\\\n\s*/g, ' ');
const unit = readFileSync('deploy/systemd/campus-portal@.service', 'utf8');
const install = readFileSync('deploy/README.md', 'utf8');

const stages = dockerfile.split(/^FROM /m).slice(1);
const instructions = (stage: string, name: string) =>
  [...stage.matchAll(new RegExp(`^${name} (.+)$`, 'gm'))].map((m) => m[1]!.trim());
/** `Environment=NAME=value` lines of the unit. */
const unitEnvironment = Object.fromEntries(
  [...unit.matchAll(/^Environment=([A-Z_]+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]),
);

describe('the Dockerfile', () => {
  it('has a build stage and an image stage, both on a Node.js line package.json supports', () => {
    expect(stages).toHaveLength(2);
    const engines = (
      JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }
    ).engines.node;
    for (const stage of stages) {
      const major = /^node:(\d+)-/.exec(stage)?.[1];
      expect(engines).toContain(`^${major}.`);
    }
  });

  it('builds with the install’s own commands: npm ci, npm run build, npm prune --omit=dev', () => {
    expect(install).toContain('npm ci && npm run build && npm prune --omit=dev');
    const run = instructions(stages[0]!, 'RUN').join(' && ');
    expect(run).toBe('npm ci && npm run build && npm prune --omit=dev');
  });

  it('runs the server the systemd unit runs, as a user without root, with the unit’s allocator and V8 flags', () => {
    const execStart = /^ExecStart=.* \$\{NODE\} (.+)$/m.exec(unit)?.[1];
    const image = stages[1]!;
    expect(instructions(image, 'ENTRYPOINT')).toEqual(['["node"]']);
    expect(instructions(image, 'CMD')).toEqual([JSON.stringify(execStart?.split(' '))]);
    expect(instructions(image, 'USER')[0]).toMatch(/^[1-9]\d*:[1-9]\d*$/);
    const env = instructions(image, 'ENV').join(' ');
    for (const name of ['LD_PRELOAD', 'MALLOC_ARENA_MAX', 'NODE_OPTIONS']) {
      expect(env).toContain(`${name}=${unitEnvironment[name]}`);
    }
  });

  it('carries no secret: no ENV or ARG names one', () => {
    const named = [
      ...instructions(stages[0]!, 'ENV'),
      ...instructions(stages[1]!, 'ENV'),
      ...instructions(stages[0]!, 'ARG'),
      ...instructions(stages[1]!, 'ARG'),
    ].join(' ');
    expect(named).not.toMatch(/SECRET|TOKEN|PASSWORD|DATABASE_URL/);
  });
});

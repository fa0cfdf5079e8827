import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const RULES = 'deploy/prometheus/alerts.yml';
const PROMTOOL = ['/usr/bin/promtool', '/usr/local/bin/promtool'].find((p) => existsSync(p));
if (process.env.CI === 'true' && !PROMTOOL) {
  throw new Error('CI=true: the alerting rules need promtool (apt-get install prometheus).');
}

const promtool = (...args: string[]) =>
  spawnSync(PROMTOOL ?? 'promtool', args, { cwd: 'deploy/prometheus', encoding: 'utf8' });

describe('the alerting rules (deploy/prometheus/alerts.yml)', () => {
  it('name only metrics the server exports (portal_*), and cover every objective of docs/service-levels.md', () => {
    const rules = readFileSync(RULES, 'utf8');
    const exported = readFileSync('server/metrics/registry.ts', 'utf8');
    const named = new Set(
      [...rules.matchAll(/\b(portal_[a-z_]+?)(?:_bucket|_count|_sum)?\b[{)\s]/g)].map((m) => m[1]),
    );
    expect(named.size).toBeGreaterThan(5);
    for (const metric of named) expect(exported, metric).toContain(`'${metric}'`);
    const alerts = [...rules.matchAll(/- alert: (\w+)/g)].map((m) => m[1] ?? '');
    const levels = readFileSync('docs/service-levels.md', 'utf8');
    for (const alert of alerts) expect(levels, alert).toContain(alert);
  });

  it.skipIf(!PROMTOOL)('pass promtool check rules', () => {
    const result = promtool('check', 'rules', 'alerts.yml');
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/SUCCESS: \d+ rules found/);
    expect(result.status).toBe(0);
  });

  it.skipIf(!PROMTOOL)('fire as their unit tests say (promtool test rules alerts.test.yml)', () => {
    const result = promtool('test', 'rules', 'alerts.test.yml');
    expect(result.stdout + result.stderr).toContain('SUCCESS');
    expect(result.status).toBe(0);
  });
});

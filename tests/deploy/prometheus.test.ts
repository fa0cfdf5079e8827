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

  it('every rule has a promtool test case in which it fires (alerts.test.yml)', () => {
    const rules = readFileSync(RULES, 'utf8');
    const cases = readFileSync('deploy/prometheus/alerts.test.yml', 'utf8');
    const alerts = [...rules.matchAll(/- alert: (\w+)/g)].map((m) => m[1] ?? '');
    expect(alerts.length).toBeGreaterThan(10);
    // A case that fires: its alertname followed by a non-empty exp_alerts list.
    const firing = new Set(
      [...cases.matchAll(/alertname: (\w+)\n\s+exp_alerts:\n\s+- exp_labels/g)].map((m) => m[1]),
    );
    expect(alerts.filter((alert) => !firing.has(alert))).toEqual([]);
  });

  it('the emergency-alert feed failing pages within 10 minutes (issue 62)', () => {
    const rules = readFileSync(RULES, 'utf8');
    const rule = /- alert: CampusPortalEmergencyFeedFailing\n([\s\S]*?)\n\n/.exec(rules)?.[1] ?? '';
    expect(rule).toContain('feed="rave-messages"');
    expect(rule).toContain('severity: page');
    const [, minutes] = /for: (\d+)m/.exec(rule) ?? [];
    // Seen within the 5-minute window of the first failed read, then held `for`: at most 10 minutes.
    expect(Number(minutes) + 5).toBeLessThanOrEqual(10);
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

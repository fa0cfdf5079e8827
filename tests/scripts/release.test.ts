import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SCRIPT = path.resolve('scripts/release.mjs');

/** A repository of its own with a package.json at `version`, the given changelog, one commit. */
function repository(version: string, changelog: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-release-'));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.edu', ...args], {
      cwd: dir,
      encoding: 'utf8',
    }).trim();
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ version }));
  writeFileSync(path.join(dir, 'CHANGELOG.md'), changelog);
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'release');
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [SCRIPT, ...args], { cwd: dir, encoding: 'utf8' });
  return { dir, git, run };
}

describe('npm run release (scripts/release.mjs)', () => {
  it('tags the commit v<version> when the changelog has the version’s entry, and refuses the same version twice', () => {
    const repo = repository('1.1.0', '# Changelog\n\n## 1.1.0 - 2026-11-25\n\n- Things.\n');
    const check = repo.run('--check');
    expect(check.status).toBe(0);
    expect(check.stdout).toMatch(/^Ready: v1\.1\.0 would tag [0-9a-f]+\./);
    expect(repo.git('tag', '--list')).toBe('');

    expect(repo.run().status).toBe(0);
    expect(repo.git('rev-parse', 'v1.1.0^{commit}')).toBe(repo.git('rev-parse', 'HEAD'));
    expect(repo.git('tag', '-l', '--format=%(contents:subject)', 'v1.1.0')).toBe(
      'Campus Portal 1.1.0',
    );
    const again = repo.run('--check');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('The tag v1.1.0 exists');
  });

  it('refuses a version the changelog has no entry for, and uncommitted changes', () => {
    const repo = repository('1.2.0', '# Changelog\n\n## Unreleased\n\n## 1.1.0 - 2026-11-25\n');
    writeFileSync(path.join(repo.dir, 'CHANGELOG.md'), '# Changelog\n\n## Unreleased\n');
    const result = repo.run('--check');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('CHANGELOG.md has no entry "## 1.2.0 - YYYY-MM-DD"');
    expect(result.stderr).toContain('There are uncommitted changes');
  });

  it('finds this repository’s own version in its changelog', () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(readFileSync('CHANGELOG.md', 'utf8')).toMatch(
      new RegExp(`^## ${version.replace(/\./g, '\\.')} - \\d{4}-\\d{2}-\\d{2}$`, 'm'),
    );
  });
});

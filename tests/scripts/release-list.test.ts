import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cutRelease, listProblems, migrationLines } from '../../scripts/release-list.mjs';

const CHANGELOG = `# Changelog

## Unreleased

### Added

- Search.

### Upgrading

The upgrade rolls.

- 013 full-text search.

## 1.1.0 - 2026-11-26

### Upgrading

The upgrade needs a brief stop.

- 012 reminders.

## 1.0.0 - 2026-11-23

- 001 people.
`;
const RELEASES = [
  { version: '1.0.0', migrations: ['001-initial'] },
  { version: '1.1.0', migrations: ['012-notify'] },
];
const MIGRATIONS = ['001-initial', '012-notify', '013-search'];

describe('the releases list: every migration in exactly one release or "Unreleased" (scripts/release-list.mjs)', () => {
  it('holds when each migration is listed once and each changelog section lists its own', () => {
    expect(migrationLines(CHANGELOG)).toEqual(['013', '012', '001']);
    expect(
      listProblems({ releases: RELEASES, migrations: MIGRATIONS, changelog: CHANGELOG }),
    ).toEqual([]);
  });

  it('fails on a shipped migration left out of its release (in no release, older than a released one)', () => {
    const releases = [RELEASES[0]!, { version: '1.1.0', migrations: ['013-search'] }];
    const changelog = CHANGELOG.replace('- 012 reminders.', '- 013 search.').replace(
      '- 013 full-text search.\n',
      '- 012 reminders.\n',
    );
    expect(listProblems({ releases, migrations: MIGRATIONS, changelog })).toEqual([
      'Migration 012-notify is in no release of scripts/releases.json, yet 013-search (1.1.0) came after it: add it to the release that shipped it.',
    ]);
  });

  it('fails on a migration listed twice, by two releases or by one', () => {
    const twice = [RELEASES[0]!, { version: '1.1.0', migrations: ['001-initial', '012-notify'] }];
    expect(
      listProblems({ releases: twice, migrations: MIGRATIONS, changelog: CHANGELOG }),
    ).toContain(
      'scripts/releases.json lists migration 001-initial twice (in 1.0.0 and in 1.1.0): each ships in exactly one release.',
    );
    const doubled = [RELEASES[0]!, { version: '1.1.0', migrations: ['012-notify', '012-notify'] }];
    expect(
      listProblems({ releases: doubled, migrations: MIGRATIONS, changelog: CHANGELOG }),
    ).toEqual([
      'scripts/releases.json lists migration 012-notify twice (in 1.1.0): each ships in exactly one release.',
    ]);
  });

  it('fails on a listed migration no file holds', () => {
    expect(
      listProblems({
        releases: RELEASES,
        migrations: ['001-initial', '013-search'],
        changelog: CHANGELOG,
      }),
    ).toEqual([
      'scripts/releases.json lists migration 012-notify in 1.1.0, but server/db/migrations has no such file.',
    ]);
  });

  it('fails on a changelog section without the line of a migration it ships, or with another’s', () => {
    const changelog = CHANGELOG.replace('- 013 full-text search.\n', '').replace(
      '- 001 people.',
      '- 001 people.\n- 013 search.',
    );
    expect(listProblems({ releases: RELEASES, migrations: MIGRATIONS, changelog })).toEqual([
      "CHANGELOG.md's 1.0.0 section lists migration 013, which 1.0.0 does not ship (scripts/releases.json).",
      `CHANGELOG.md's Unreleased section has no line "- 013 …" for migration 013-search (scripts/releases.json).`,
    ]);
  });
});

describe('npm run release -- --cut X.Y.Z', () => {
  it('moves "Unreleased" under the version and lists the migrations no release listed', () => {
    const cut = cutRelease({
      version: '1.2.0',
      date: '2026-12-01',
      changelog: CHANGELOG,
      releases: RELEASES,
      migrations: MIGRATIONS,
    });
    expect(cut.problems).toEqual([]);
    expect(cut.releases?.at(-1)).toEqual({ version: '1.2.0', migrations: ['013-search'] });
    expect(cut.changelog).toContain(
      '## Unreleased\n\n## 1.2.0 - 2026-12-01\n\n### Added\n\n- Search.',
    );
    expect(
      listProblems({ releases: cut.releases!, migrations: MIGRATIONS, changelog: cut.changelog! }),
    ).toEqual([]);
  });

  it('refuses a version not after the last, and notes that do not say how the upgrade goes', () => {
    const cut = cutRelease({
      version: '1.1.0',
      date: '2026-12-01',
      changelog: CHANGELOG.replace('The upgrade rolls.\n', ''),
      releases: RELEASES,
      migrations: MIGRATIONS,
    });
    expect(cut.problems).toEqual([
      '1.1.0 is not newer than the last release, 1.1.0.',
      'CHANGELOG.md\'s "Unreleased" notes do not say whether the upgrade rolls or needs a brief stop.',
    ]);
  });

  it('writes the changelog, the list and the version, commits them, and the commit passes --check', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-cut-'));
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.edu', ...args], {
        cwd: dir,
        encoding: 'utf8',
      }).trim();
    const lock = { name: 'p', version: '1.1.0', packages: { '': { version: '1.1.0' } } };
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ version: '1.1.0' }));
    writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify(lock));
    writeFileSync(path.join(dir, 'CHANGELOG.md'), CHANGELOG);
    mkdirSync(path.join(dir, 'scripts'));
    writeFileSync(path.join(dir, 'scripts/releases.json'), JSON.stringify(RELEASES));
    mkdirSync(path.join(dir, 'server/db/migrations'), { recursive: true });
    for (const name of MIGRATIONS) {
      writeFileSync(path.join(dir, `server/db/migrations/${name}.ts`), 'export {};\n');
    }
    git('init', '-q');
    git('add', '.');
    git('-c', 'commit.gpgsign=false', 'commit', '-qm', 'before');
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [path.resolve('scripts/release.mjs'), ...args], {
        cwd: dir,
        encoding: 'utf8',
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: 't',
          GIT_AUTHOR_EMAIL: 't@example.edu',
          GIT_COMMITTER_NAME: 't',
          GIT_COMMITTER_EMAIL: 't@example.edu',
        },
      });

    const cut = run('--cut', '1.2.0', '--date', '2026-12-01');
    expect(cut.stderr).toBe('');
    expect(cut.stdout).toMatch(
      /^Cut 1\.2\.0 \(2026-12-01\) at [0-9a-f]+: 1 migration\(s\) 013-search\./,
    );
    expect(git('status', '--porcelain')).toBe('');
    const read = (file: string) =>
      JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as unknown;
    expect(read('package.json')).toEqual({ version: '1.2.0' });
    expect(read('package-lock.json')).toEqual({
      ...lock,
      version: '1.2.0',
      packages: { '': { version: '1.2.0' } },
    });
    expect(read('scripts/releases.json')).toEqual([
      ...RELEASES,
      { version: '1.2.0', migrations: ['013-search'] },
    ]);
    expect(run('--check').stdout).toMatch(/^Ready: v1\.2\.0 would tag [0-9a-f]+\./);
    expect(run('--cut', '1.3.0').stderr).toContain('has no "## Unreleased" notes to release');
  });
});

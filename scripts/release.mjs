// `npm run release`: checks that this commit can be the release `package.json`'s version names, then
// makes its annotated tag `v<version>`. `npm run release -- --check` only checks and says what it
// would do. The checks: the version is X.Y.Z, CHANGELOG.md has a `## X.Y.Z - YYYY-MM-DD` entry for it
// that names every migration added since the previous release and says whether the upgrade rolls or
// needs a brief stop, scripts/releases.json lists the version with the migrations it ships, the tag
// does not exist yet, and nothing is uncommitted (the tag names the commit the build is made from).
// Pushing the tag is left to the person releasing: `git push origin v<version>`.
// `npm run release -- --restore-tags` makes the tags a copy of the repository lacks (a clone or a
// mirror that carried the branch but not its tags) from the commits scripts/releases.json records.
//
// scripts/releases.json is the committed list of releases (version, the migrations each ships, and
// the commit once tagged): a clone without tags (CI's) still knows what each release holds.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

export const RELEASES_FILE = 'scripts/releases.json';
const MIGRATIONS_DIR = 'server/db/migrations';

/** The migrations of a folder listing (`012-notify.ts` → `012-notify`), in order. */
export function migrationNames(files) {
  return files
    .filter((f) => /^\d{3}-.+\.ts$/.test(f))
    .map((f) => f.replace(/\.ts$/, ''))
    .sort();
}

/** The text under `## <heading>` up to the next `## ` heading; null when there is no such heading. */
export function changelogSection(changelog, heading) {
  const lines = changelog.split('\n');
  const start = lines.findIndex(
    (line) => line === `## ${heading}` || line.startsWith(`## ${heading} `),
  );
  if (start === -1) return null;
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  return lines.slice(start + 1, end === -1 ? undefined : end).join('\n');
}

/** The migrations of `added` the section does not name (by number: "migration 021", "021-…"). */
export function unnamedMigrations(section, added) {
  return added.filter((name) => !new RegExp(`\\b${name.slice(0, 3)}\\b`).test(section));
}

/** Whether the section says how the upgrade goes: it rolls, or it needs a brief stop. */
export const saysHowItUpgrades = (section) => /\brolls\b|\bbrief stop\b/i.test(section);

/** The migrations added since the last release `releases` lists (all of them before any release). */
export function addedSince(releases, migrations, before = releases.length) {
  const shipped = new Set(before > 0 ? releases[before - 1].migrations : []);
  return migrations.filter((name) => !shipped.has(name));
}

/** The problems that stop a release of `version` with this changelog, and the tags that exist. */
export function releaseProblems({
  version,
  changelog,
  tags,
  dirty,
  releases = [],
  migrations = [],
}) {
  const problems = [];
  if (!/^\d+\.\d+\.\d+$/.test(version)) {
    problems.push(`package.json's version "${version}" is not X.Y.Z.`);
  }
  const escaped = version.replace(/\./g, '\\.');
  if (!new RegExp(`^## ${escaped} - \\d{4}-\\d{2}-\\d{2}$`, 'm').test(changelog)) {
    problems.push(
      `CHANGELOG.md has no entry "## ${version} - YYYY-MM-DD": move the Unreleased notes under it.`,
    );
  } else {
    const section = changelogSection(changelog, version) ?? '';
    const at = releases.findIndex((r) => r.version === version);
    if (at === -1) {
      problems.push(
        `${RELEASES_FILE} does not list ${version}: add {"version": "${version}", "migrations": [...]} with the migrations it ships.`,
      );
    } else if (releases[at].migrations.join(' ') !== migrations.join(' ')) {
      problems.push(
        `${RELEASES_FILE} lists other migrations for ${version} than ${MIGRATIONS_DIR} holds.`,
      );
    }
    const added = addedSince(releases, migrations, at === -1 ? releases.length : at);
    const unnamed = unnamedMigrations(section, added);
    if (unnamed.length > 0) {
      problems.push(
        `CHANGELOG.md's ${version} entry does not name migration(s) ${unnamed.join(', ')}.`,
      );
    }
    if (!saysHowItUpgrades(section)) {
      problems.push(
        `CHANGELOG.md's ${version} entry does not say whether the upgrade rolls or needs a brief stop.`,
      );
    }
  }
  if (tags.includes(`v${version}`)) {
    problems.push(`The tag v${version} exists: raise the version in package.json first.`);
  }
  if (dirty) problems.push('There are uncommitted changes: commit them first.');
  return problems;
}

/** The releases whose tag this repository lacks, with the commit each was cut from. */
export function missingTags(releases, tags) {
  return releases.filter((r) => r.commit && !tags.includes(`v${r.version}`));
}

function git(...args) {
  return execFileSync('git', args, { encoding: 'utf8' }).trim();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const checkOnly = process.argv.includes('--check');
  if (process.argv.includes('--restore-tags')) {
    const releases = JSON.parse(readFileSync(RELEASES_FILE, 'utf8'));
    const missing = missingTags(releases, git('tag', '--list').split('\n'));
    for (const { version, commit } of missing) {
      git('tag', '-a', `v${version}`, commit, '-m', `Campus Portal ${version}`);
      console.log(`Tagged v${version} at ${commit.slice(0, 7)} (from ${RELEASES_FILE}).`);
    }
    if (missing.length === 0) console.log('Every release listed has its tag.');
    process.exit(0);
  }
  const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
  let releases = [];
  let migrations = [];
  try {
    releases = JSON.parse(readFileSync(RELEASES_FILE, 'utf8'));
    migrations = migrationNames(readdirSync(MIGRATIONS_DIR));
  } catch {
    // A repository without the list or the migrations (the script's own tests): nothing to compare.
  }
  const problems = releaseProblems({
    version,
    changelog: readFileSync('CHANGELOG.md', 'utf8'),
    tags: git('tag', '--list').split('\n'),
    dirty: git('status', '--porcelain', '--untracked-files=no') !== '',
    releases,
    migrations,
  });
  if (problems.length > 0) {
    for (const problem of problems) console.error(problem);
    process.exit(1);
  }
  const commit = git('rev-parse', '--short', 'HEAD');
  if (checkOnly) {
    console.log(`Ready: v${version} would tag ${commit}.`);
  } else {
    git('tag', '-a', `v${version}`, '-m', `Campus Portal ${version}`);
    console.log(`Tagged v${version} at ${commit}. Publish it: git push origin v${version}`);
  }
}

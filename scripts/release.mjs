// `npm run release`: checks that this commit can be the release `package.json`'s version names, then
// makes its annotated tag `v<version>`. `npm run release -- --check` only checks and says what it
// would do. The checks: the version is X.Y.Z, CHANGELOG.md has a `## X.Y.Z - YYYY-MM-DD` entry for it
// that says whether the upgrade rolls or needs a brief stop, scripts/releases.json lists the version
// last, every migration of server/db/migrations belongs to exactly one release and each release's
// changelog entry has one line per migration it ships (scripts/release-list.mjs), the tag does not
// exist yet, and nothing is uncommitted (the tag names the commit the build is made from).
// Pushing the tag is left to the person releasing: `git push origin v<version>`.
// `npm run release -- --cut X.Y.Z [--date YYYY-MM-DD]` prepares that commit: the changelog's
// "Unreleased" notes go under `## X.Y.Z - <date>` (today by default), scripts/releases.json gets the
// version with every migration no release listed, package.json and package-lock.json the version,
// and the four files are committed; then `npm run release` tags it.
// `npm run release -- --restore-tags` makes the tags a copy of the repository lacks (a clone or a
// mirror that carried the branch but not its tags) from the commits scripts/releases.json records.
//
// scripts/releases.json is the committed list of releases (version, the migrations each ships first,
// and the commit once tagged): a clone without tags (CI's) still knows what each release holds.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import {
  changelogSection,
  cutRelease,
  listProblems,
  migrationNames,
  saysHowItUpgrades,
  unreleasedMigrations,
} from './release-list.mjs';

export const RELEASES_FILE = 'scripts/releases.json';
const MIGRATIONS_DIR = 'server/db/migrations';

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
      `CHANGELOG.md has no entry "## ${version} - YYYY-MM-DD": npm run release -- --cut ${version} moves the Unreleased notes under it.`,
    );
  } else {
    if (releases.at(-1)?.version !== version) {
      problems.push(
        `${RELEASES_FILE} does not list ${version} last: add {"version": "${version}", "migrations": [...]} with the migrations it ships first.`,
      );
    }
    const left = unreleasedMigrations(releases, migrations);
    if (left.length > 0) {
      problems.push(`${RELEASES_FILE} puts migration(s) ${left.join(', ')} in no release.`);
    }
    if (!saysHowItUpgrades(changelogSection(changelog, version) ?? '')) {
      problems.push(
        `CHANGELOG.md's ${version} entry does not say whether the upgrade rolls or needs a brief stop.`,
      );
    }
    problems.push(...listProblems({ releases, migrations, changelog }));
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

/** This tree's releases list and migrations; none where the tree has no such files (the tests'). */
function readList() {
  try {
    return {
      releases: JSON.parse(readFileSync(RELEASES_FILE, 'utf8')),
      migrations: migrationNames(readdirSync(MIGRATIONS_DIR)),
    };
  } catch {
    return { releases: [], migrations: [] };
  }
}

/** Sets `"version"` in package.json and (when there is one) package-lock.json's two places. */
function setVersion(version) {
  const files = ['package.json', 'package-lock.json'].filter((file) => {
    try {
      const text = readFileSync(file, 'utf8');
      const json = JSON.parse(text);
      json.version = version;
      if (json.packages?.['']) json.packages[''].version = version;
      writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
      return true;
    } catch {
      return false;
    }
  });
  return files;
}

/** `--cut X.Y.Z [--date YYYY-MM-DD]`: writes the release's changelog, list and version, commits them. */
function cut(version, date) {
  if (git('status', '--porcelain', '--untracked-files=no') !== '') {
    return ['There are uncommitted changes: commit them first, so the cut commits only itself.'];
  }
  const result = cutRelease({
    version,
    date,
    changelog: readFileSync('CHANGELOG.md', 'utf8'),
    ...readList(),
  });
  if (result.problems.length > 0) return result.problems;
  writeFileSync('CHANGELOG.md', result.changelog);
  writeFileSync(RELEASES_FILE, `${JSON.stringify(result.releases, null, 2)}\n`);
  const files = ['CHANGELOG.md', RELEASES_FILE, ...setVersion(version)];
  try {
    // Laid out as `npm run lint` wants them, where the checkout has its tools installed.
    execFileSync('node_modules/.bin/prettier', ['--write', ...files], { stdio: 'ignore' });
  } catch {
    // No tools here (the script's own tests): JSON.stringify's layout stands.
  }
  git('add', ...files);
  git(
    'commit',
    '-q',
    '-m',
    `Campus Portal ${version}: the changelog's Unreleased notes, its migrations in ${RELEASES_FILE}, the version`,
  );
  const shipped = result.releases.at(-1).migrations;
  console.log(
    `Cut ${version} (${date}) at ${git('rev-parse', '--short', 'HEAD')}: ${shipped.length} migration(s) ${shipped.join(', ') || '(none)'}. Tag it: npm run release`,
  );
  return [];
}

const arg = (name) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : (process.argv[at + 1] ?? '');
};

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
  const cutVersion = arg('--cut');
  if (cutVersion !== undefined) {
    const problems = cut(cutVersion, arg('--date') ?? new Date().toISOString().slice(0, 10));
    for (const problem of problems) console.error(problem);
    process.exit(problems.length > 0 ? 1 : 0);
  }
  const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
  const problems = releaseProblems({
    version,
    changelog: readFileSync('CHANGELOG.md', 'utf8'),
    tags: git('tag', '--list').split('\n'),
    dirty: git('status', '--porcelain', '--untracked-files=no') !== '',
    ...readList(),
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

// `npm run release`: checks that this commit can be the release `package.json`'s version names, then
// makes its annotated tag `v<version>`. `npm run release -- --check` only checks and says what it
// would do. The checks: the version is X.Y.Z, CHANGELOG.md has a `## X.Y.Z - YYYY-MM-DD` entry for it,
// the tag does not exist yet, and nothing is uncommitted (the tag names the commit the build is made
// from). Pushing the tag is left to the person releasing: `git push origin v<version>`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The problems that stop a release of `version` with this changelog, and the tags that exist. */
export function releaseProblems({ version, changelog, tags, dirty }) {
  const problems = [];
  if (!/^\d+\.\d+\.\d+$/.test(version)) {
    problems.push(`package.json's version "${version}" is not X.Y.Z.`);
  }
  const escaped = version.replace(/\./g, '\\.');
  if (!new RegExp(`^## ${escaped} - \\d{4}-\\d{2}-\\d{2}$`, 'm').test(changelog)) {
    problems.push(
      `CHANGELOG.md has no entry "## ${version} - YYYY-MM-DD": move the Unreleased notes under it.`,
    );
  }
  if (tags.includes(`v${version}`)) {
    problems.push(`The tag v${version} exists: raise the version in package.json first.`);
  }
  if (dirty) problems.push('There are uncommitted changes: commit them first.');
  return problems;
}

function git(...args) {
  return execFileSync('git', args, { encoding: 'utf8' }).trim();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const checkOnly = process.argv.includes('--check');
  const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
  const problems = releaseProblems({
    version,
    changelog: readFileSync('CHANGELOG.md', 'utf8'),
    tags: git('tag', '--list').split('\n'),
    dirty: git('status', '--porcelain', '--untracked-files=no') !== '',
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

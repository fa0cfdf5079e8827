// The one list of what each release ships: scripts/releases.json names, for every release, the
// migrations it ships first (each file of server/db/migrations belongs to exactly one release, or,
// named by none yet, to "Unreleased"). The changelog's migration lines (`- 037 …` under a release's
// "Upgrading") are checked against it, and `npm run release -- --cut X.Y.Z` writes the next entry from
// it. Used by scripts/release.mjs and its tests; no file is read here.

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

/** The migration numbers a changelog section lists, one line each (`- 037 SAML messages …`). */
export const migrationLines = (section) => [...section.matchAll(/^- (\d{3}) /gm)].map((m) => m[1]);

/** The migrations of the tree no release lists: "Unreleased". */
export function unreleasedMigrations(releases, migrations) {
  const listed = new Set(releases.flatMap((r) => r.migrations));
  return migrations.filter((name) => !listed.has(name));
}

/** Whether the section says how the upgrade goes: it rolls, or it needs a brief stop. */
export const saysHowItUpgrades = (section) => /\brolls\b|\bbrief stop\b/i.test(section);

/**
 * What is wrong with the list against the tree's migrations and the changelog: a migration listed
 * twice (by one release or by two), a listed one the tree does not hold, one no release lists though
 * a release after it was made (left out of the release that shipped it), and a changelog section
 * (each release's, and "Unreleased") whose migration lines are not exactly its migrations.
 */
export function listProblems({ releases, migrations, changelog }) {
  const problems = [];
  const owner = new Map();
  for (const { version, migrations: shipped } of releases) {
    for (const name of shipped) {
      const first = owner.get(name);
      if (first) {
        problems.push(
          `scripts/releases.json lists migration ${name} twice (${first === version ? `in ${version}` : `in ${first} and in ${version}`}): each ships in exactly one release.`,
        );
      } else owner.set(name, version);
      if (!migrations.includes(name)) {
        problems.push(
          `scripts/releases.json lists migration ${name} in ${version}, but server/db/migrations has no such file.`,
        );
      }
    }
  }
  const newest = [...owner.keys()].sort().at(-1);
  const unreleased = unreleasedMigrations(releases, migrations);
  for (const name of unreleased.filter((n) => newest && n < newest)) {
    problems.push(
      `Migration ${name} is in no release of scripts/releases.json, yet ${newest} (${owner.get(newest)}) came after it: add it to the release that shipped it.`,
    );
  }
  const sections = [
    ...releases.map((r) => ({ heading: r.version, names: r.migrations })),
    { heading: 'Unreleased', names: unreleased },
  ];
  for (const { heading, names } of sections) {
    const section = changelogSection(changelog, heading);
    if (section === null) {
      if (heading !== 'Unreleased' || names.length > 0) {
        problems.push(`CHANGELOG.md has no "## ${heading}" section for its migrations.`);
      }
      continue;
    }
    const lines = migrationLines(section);
    for (const name of names.filter((n) => !lines.includes(n.slice(0, 3)))) {
      problems.push(
        `CHANGELOG.md's ${heading} section has no line "- ${name.slice(0, 3)} …" for migration ${name} (scripts/releases.json).`,
      );
    }
    const own = new Set(names.map((n) => n.slice(0, 3)));
    for (const number of lines.filter((n) => !own.has(n))) {
      problems.push(
        `CHANGELOG.md's ${heading} section lists migration ${number}, which ${heading === 'Unreleased' ? 'a release already shipped or no file holds' : `${heading} does not ship`} (scripts/releases.json).`,
      );
    }
  }
  return problems;
}

const newer = (a, b) => {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i += 1) if (x[i] !== y[i]) return x[i] > y[i];
  return false;
};

/**
 * The cut of release `version` on `date`: the changelog's "Unreleased" notes moved under
 * `## <version> - <date>` (a new, empty "Unreleased" above them), and the releases list with the
 * version's entry, which ships every migration no release listed. Answers the problems instead when
 * the version is not the next one, "Unreleased" is empty or does not say how the upgrade goes, or the
 * list does not check out after the cut.
 */
export function cutRelease({ version, date, changelog, releases, migrations }) {
  const problems = [];
  const last = releases.at(-1)?.version;
  if (!/^\d+\.\d+\.\d+$/.test(version)) problems.push(`"${version}" is not X.Y.Z.`);
  else if (last && !newer(version, last)) {
    problems.push(`${version} is not newer than the last release, ${last}.`);
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) problems.push(`"${date}" is not YYYY-MM-DD.`);
  const notes = changelogSection(changelog, 'Unreleased');
  if (notes === null || notes.trim() === '') {
    problems.push('CHANGELOG.md has no "## Unreleased" notes to release.');
  } else if (!saysHowItUpgrades(notes)) {
    problems.push(
      'CHANGELOG.md\'s "Unreleased" notes do not say whether the upgrade rolls or needs a brief stop.',
    );
  }
  problems.push(...listProblems({ releases, migrations, changelog }));
  if (problems.length > 0) return { problems };
  const entry = { version, migrations: unreleasedMigrations(releases, migrations) };
  return {
    problems,
    changelog: changelog.replace(/^## Unreleased$/m, `## Unreleased\n\n## ${version} - ${date}`),
    releases: [...releases, entry],
  };
}

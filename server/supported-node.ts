// The first import of every server entry point (server.ts, store-backup.ts and the npm run CLIs):
// on a Node.js older than the supported lines, the SQLite driver's native module ends the process in
// a segmentation fault while it loads, so the version is checked before any other module is evaluated
// (imports are evaluated in their order, so this one runs before the driver's).

/**
 * The supported Node.js lines as `engines` in package.json writes them, the one source: a copy here
 * because this module may import nothing, held to it by tests/docs/node-version.test.ts (as are
 * bring.sh, .ci/run and the documentation, which read or quote it).
 */
export const SUPPORTED_NODE = '^22.19.0 || ^24.0.0';

const releases = [...SUPPORTED_NODE.matchAll(/\^(\d+)\.(\d+)\.(\d+)/g)].map((m) =>
  m.slice(1, 4).map(Number),
);

/** The supported lines' majors, oldest first (22 and 24). */
export const SUPPORTED_LINES = releases.map((release) => release[0]!);

/** The oldest release the portal runs on, as [major, minor] (22.19: Lingui 6's oldest). */
export const OLDEST_SUPPORTED_NODE: readonly [number, number] = [
  releases[0]![0]!,
  releases[0]![1]!,
];

/** The one-line refusal for a Node.js version string such as `v20.20.2`, or `undefined` when supported. */
export function unsupportedNodeMessage(version: string): string | undefined {
  const [major, minor] = (/^v?(\d+)\.(\d+)/.exec(version) ?? []).slice(1, 3).map(Number);
  const [oldestMajor, oldestMinor] = OLDEST_SUPPORTED_NODE;
  if (major! > oldestMajor || (major === oldestMajor && minor! >= oldestMinor)) return undefined;
  const lines = `${SUPPORTED_LINES.slice(0, -1).join(', ')} or ${SUPPORTED_LINES.at(-1)}`;
  const since = `${oldestMajor}.${oldestMinor}`;
  return `Campus Portal runs on Node.js ${lines} (${since} or later); this is Node.js ${version}. Start it with \`npm start\` (which runs on the Node.js \`npm install\` brought) or install Node.js ${lines}.`;
}

const refusal = unsupportedNodeMessage(process.version);
if (refusal) {
  process.stderr.write(`${refusal}\n`);
  process.exit(1);
}

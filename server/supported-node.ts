// The first import of every server entry point (server.ts, store-backup.ts and the npm run CLIs):
// on a Node.js older than the supported lines, the SQLite driver's native module ends the process in
// a segmentation fault while it loads, so the version is checked before any other module is evaluated
// (imports are evaluated in their order, so this one runs before the driver's).

/** The oldest Node.js major the portal runs on (`engines` in package.json says the same). */
export const OLDEST_SUPPORTED_NODE = 22;

/** The one-line refusal for a Node.js version string such as `v20.20.2`, or `undefined` when supported. */
export function unsupportedNodeMessage(version: string): string | undefined {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1] ?? Number.NaN);
  if (major >= OLDEST_SUPPORTED_NODE) return undefined;
  return `Campus Portal runs on Node.js 22 or 24; this is Node.js ${version}. Start it with \`npm start\` (which runs on the Node.js \`npm install\` brought) or install Node.js 22 or 24.`;
}

const refusal = unsupportedNodeMessage(process.version);
if (refusal) {
  process.stderr.write(`${refusal}\n`);
  process.exit(1);
}

// `npm test`: every gate in order, each with a timing line, and a summary of all of them at the end.
// Stops at the first gate that fails (the rest would only repeat its cause), and exits with its code.
import { spawnSync } from 'node:child_process';

/** The gates, in the order a failure is cheapest to find. */
const gates = [
  ['typecheck', 'npm run typecheck'],
  ['lint', 'npm run lint'],
  ['message catalogues (i18n)', 'npm run i18n:check'],
  ['dead code (knip)', 'npm run lint:dead'],
  ['OpenAPI lint', 'npm run lint:openapi'],
  ['statecharts up to date', 'npm run statecharts:check'],
  ['transition coverage', 'npm run statecharts:coverage'],
  ['unit and component tests (Vitest)', 'npm run test:unit'],
  ['build', 'npm run build'],
  ['first-route budget', 'npm run bench:bundle'],
  ['journeys in Chromium', 'npm run test:e2e'],
  ['reference deployment', 'npm run test:deploy'],
];

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const done = [];
const started = Date.now();
console.log(`npm test on Node.js ${process.version}: ${gates.length} gates`);
for (const [name, command] of gates) {
  const began = Date.now();
  console.log(`\n▶ ${name} (${command})`);
  const result = spawnSync(command, { shell: true, stdio: 'inherit' });
  const took = Date.now() - began;
  const passed = result.status === 0;
  done.push(`${passed ? 'passed' : 'FAILED'}  ${seconds(took).padStart(6)}  ${name}`);
  console.log(`${passed ? '✔' : '✘'} ${name}: ${passed ? 'passed' : 'failed'} in ${seconds(took)}`);
  if (!passed) break;
}
console.log(`\nGates (${seconds(Date.now() - started)} in all):\n  ${done.join('\n  ')}`);
const failed = done.length < gates.length || done.some((line) => line.startsWith('FAILED'));
process.exit(failed ? 1 : 0);

// `npm test`: every gate, each with its start, a line every 30 s while it runs ("… still running
// <gate> (N min)", so a long gate is never silent), a timing line, and a summary of all at the end.
// The gates run in stages; in a stage, gates that do not depend on each other run in two lanes side
// by side (two cores), each lane's gates in order (scripts/gates.mjs). Stops at the first gate that
// fails: its lane starts nothing more, the other lane finishes the gate it runs and starts no other,
// and no later stage starts (the rest would only repeat its cause); exits with a failure.
import { runStages, summaryLine } from './gates.mjs';

/**
 * The stages, in the order a failure is cheapest to find. The first runs the static checks in two
 * lanes of about the same length (the type check and lint are the longest; the build is there too,
 * as nothing before the journeys needs it and Vitest's build test then reads it). Vitest has both
 * cores to itself, and so do the journeys, which run two files at once.
 */
const stages = [
  [
    [
      ['typecheck', 'npm run typecheck'],
      ['message catalogues (i18n)', 'npm run i18n:check'],
      ['dead code (knip)', 'npm run lint:dead'],
      ['OpenAPI lint', 'npm run lint:openapi'],
      ['build', 'npm run build'],
      ['first-route budget', 'npm run bench:bundle'],
    ],
    [
      ['lint', 'npm run lint'],
      ['statecharts up to date', 'npm run statecharts:check'],
      ['transition coverage', 'npm run statecharts:coverage'],
    ],
  ],
  [[['unit and component tests (Vitest)', 'npm run test:unit']]],
  [[['journeys in Chromium', 'npm run test:e2e']]],
  [[['reference deployment', 'npm run test:deploy']]],
];

const count = stages.flat(2).length;
const started = Date.now();
console.log(`npm test on Node.js ${process.version}: ${count} gates`);
const { records, passed } = await runStages(stages);
console.log(
  `\nGates (${((Date.now() - started) / 1000).toFixed(0)} s in all):\n  ${records.map(summaryLine).join('\n  ')}`,
);
process.exit(passed && records.length === count ? 0 : 1);

// The runner of `npm test`'s gates (scripts/test.mjs): stages one after another, and in a stage up to
// two lanes side by side (the CI machine has two cores), each lane its gates one after another.
import { spawn } from 'node:child_process';

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

/** How often a running gate says it still runs: no half minute of `npm test` passes in silence. */
export const HEARTBEAT_MS = 30_000;

/** Runs `command` in a shell: its output shown as it comes (`live`) or kept and handed back whole. */
function run(command, live) {
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => resolve({ code, output: Buffer.concat(output).toString() }));
  });
}

/**
 * Runs the stages: each is a list of lanes, each lane a list of gates `[name, command]`. A stage of
 * one lane shows its gates' output as it comes; where lanes run side by side, each gate's output is
 * kept and printed whole, under its heading, once the gate is done, so that the log reads gate by
 * gate. A gate that fails stops its lane, the other lane starts no further gate (the one it runs
 * finishes), and no later stage starts. Each gate says when it starts, says every `heartbeatMs`
 * while it runs that it still does ("… still running <gate> (N min)"), and ends with a timing line.
 * Answers one record per gate that ran, in the stages' order, and whether all passed.
 */
export async function runStages(
  stages,
  print = (text) => process.stdout.write(`${text}\n`),
  { heartbeatMs = HEARTBEAT_MS } = {},
) {
  const records = [];
  let failed = false;
  for (const lanes of stages) {
    const side = lanes.length > 1;
    const stageRecords = lanes.map(() => []);
    await Promise.all(
      lanes.map(async (gates, lane) => {
        for (const [name, command] of gates) {
          if (failed) return;
          const heading = `\n▶ ${name} (${command})`;
          const began = Date.now();
          print(side ? `\n▷ ${name} started (its output comes whole when it ends)` : heading);
          const beat = setInterval(() => {
            const minutes = ((Date.now() - began) / 60_000).toFixed(1);
            print(`… still running ${name} (${minutes} min)`);
          }, heartbeatMs);
          const { code, output } = await run(command, !side).finally(() => clearInterval(beat));
          const took = Date.now() - began;
          const passed = code === 0;
          if (!passed) failed = true;
          if (side) print(`${heading}${output ? `\n${output.replace(/\n$/, '')}` : ''}`);
          print(
            `${passed ? '✔' : '✘'} ${name}: ${passed ? 'passed' : 'failed'} in ${seconds(took)}`,
          );
          stageRecords[lane].push({ name, passed, ms: took });
        }
      }),
    );
    records.push(...stageRecords.flat());
    if (failed) break;
  }
  return { records, passed: !failed };
}

/** The summary's line for a gate. */
export const summaryLine = ({ name, passed, ms }) =>
  `${passed ? 'passed' : 'FAILED'}  ${seconds(ms).padStart(6)}  ${name}`;

import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Gate, HEARTBEAT_MS, runStages } from '../../scripts/gates.mjs';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-gates-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A gate running `source` (a Node.js module) under `name`. */
function gate(name: string, source: string): Gate {
  const file = path.join(dir, `${name}.mjs`);
  writeFileSync(
    file,
    `import { existsSync, writeFileSync } from 'node:fs';\nconst dir = ${JSON.stringify(dir)};\n${source}`,
  );
  return [name, `"${process.execPath}" "${file}"`];
}

/** Waits until `file` (in the test's folder) exists, up to 10 s; exits 9 if it never does. */
const waitFor = (file: string) => `
for (let tries = 0; !existsSync(dir + '/${file}'); tries += 1) {
  if (tries > 200) process.exit(9);
  await new Promise((r) => setTimeout(r, 50));
}`;

const printed = () => {
  const lines: string[] = [];
  return { lines, print: (text: string) => lines.push(text) };
};

describe('npm test’s gates (scripts/gates.mjs)', () => {
  it('runs the lanes of a stage side by side: each lane’s gate waits for what the other’s writes', async () => {
    const { print } = printed();
    const result = await runStages(
      [
        [
          [gate('a', `writeFileSync(dir + '/from-a', '');${waitFor('from-b')}`)],
          [gate('b', `writeFileSync(dir + '/from-b', '');${waitFor('from-a')}`)],
        ],
      ],
      print,
    );
    expect(result.passed).toBe(true);
    expect(result.records.map((r) => [r.name, r.passed])).toEqual([
      ['a', true],
      ['b', true],
    ]);
  });

  it('stops at a failing gate: its lane starts nothing more, the other lane finishes its gate and starts no other, no later stage starts', async () => {
    const { lines, print } = printed();
    const result = await runStages(
      [
        [
          [
            gate('fails', `writeFileSync(dir + '/failed', ''); process.exit(3);`),
            gate('after-the-failure', `writeFileSync(dir + '/ran-after-failure', '');`),
          ],
          [
            gate('beside', `${waitFor('failed')}\nawait new Promise((r) => setTimeout(r, 1000));`),
            gate('next-beside', `writeFileSync(dir + '/ran-next-beside', '');`),
          ],
        ],
        [[gate('later', `writeFileSync(dir + '/ran-later', '');`)]],
      ],
      print,
    );
    expect(result.passed).toBe(false);
    expect(result.records.map((r) => [r.name, r.passed])).toEqual([
      ['fails', false],
      ['beside', true],
    ]);
    expect(
      ['ran-after-failure', 'ran-next-beside', 'ran-later'].filter((f) =>
        existsSync(path.join(dir, f)),
      ),
    ).toEqual([]);
    expect(lines.some((line) => /^✘ fails: failed in \d+ s$/.test(line))).toBe(true);
  });

  it('prints the output of a gate that ran beside another whole, under its heading, and a timing line after it', async () => {
    const { lines, print } = printed();
    const talk = (name: string, other: string) =>
      gate(
        name,
        `for (let i = 1; i <= 3; i += 1) {
          console.log('${name} line ' + i);
          writeFileSync(dir + '/${name}-' + i, '');
          ${waitFor(`${other}-' + i + '`)}
        }`,
      );
    const result = await runStages([[[talk('left', 'right')], [talk('right', 'left')]]], print);
    expect(result.passed).toBe(true);
    for (const name of ['left', 'right']) {
      const at = lines.findIndex((line) => line.startsWith(`\n▶ ${name} (`));
      expect(lines[at]).toContain(`${name} line 1\n${name} line 2\n${name} line 3`);
      expect(lines[at + 1]).toMatch(new RegExp(`^✔ ${name}: passed in \\d+ s$`));
    }
  });

  it('says when each gate starts and, while it runs, that it still runs at every heartbeat, in either kind of stage', async () => {
    const { lines, print } = printed();
    const slow = (name: string) => gate(name, 'await new Promise((r) => setTimeout(r, 700));');
    const result = await runStages(
      [[[slow('beside-a')], [slow('beside-b')]], [[slow('alone')]]],
      print,
      { heartbeatMs: 100 },
    );
    expect(result.passed).toBe(true);
    for (const name of ['beside-a', 'beside-b', 'alone']) {
      const started = lines.findIndex(
        (line) =>
          line === `\n▷ ${name} started (its output comes whole when it ends)` ||
          line.startsWith(`\n▶ ${name} (`),
      );
      const ended = lines.findIndex((line) => line.startsWith(`✔ ${name}: passed`));
      expect(started).toBeGreaterThanOrEqual(0);
      const beats = lines
        .slice(started, ended)
        .filter(
          (line) => /^… still running (.+) \(\d+\.\d min\)$/.test(line) && line.includes(name),
        );
      // 700 ms at a beat every 100 ms: several, whatever a busy machine's timers do.
      expect(beats.length).toBeGreaterThanOrEqual(3);
    }
    // No beat after a gate ended.
    const last = lines.findIndex((line) => line.startsWith('✔ alone: passed'));
    expect(lines.slice(last + 1).some((line) => line.startsWith('… still running'))).toBe(false);
  });

  it('beats every 30 seconds by default', () => {
    expect(HEARTBEAT_MS).toBe(30_000);
  });
});

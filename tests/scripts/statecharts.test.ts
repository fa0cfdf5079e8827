import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appMachines, diagramsOfNoRunningMachine } from '../../scripts/app-machines.js';

describe('diagrams that cannot lie', () => {
  it('flags a diagram whose machine the apps never start, or whose machine file is gone, and never the README', () => {
    const files = ['a.machine.ts', 'b.machine.ts'];
    const isRun = (file: string) => file === 'a.machine.ts';
    expect(
      diagramsOfNoRunningMachine(
        ['a.md', 'b.md', 'gone.md', 'README.md', 'shot.png'],
        files,
        isRun,
      ),
    ).toEqual(['b.md', 'gone.md']);
  });

  it('finds every committed diagram to be of a machine the apps run, contactPreferences (the notification settings) included', async () => {
    const { isRun } = await appMachines();
    expect(isRun('contact-preferences.machine.ts')).toBe(true);
    const machineFiles = readdirSync('src/machines').filter((f) => f.endsWith('.machine.ts'));
    expect(
      diagramsOfNoRunningMachine(readdirSync('docs/statecharts'), machineFiles, isRun),
    ).toEqual([]);
  });
});

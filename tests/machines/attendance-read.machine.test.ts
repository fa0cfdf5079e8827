import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AttendanceReadBody } from '../../contract/attendance.schema.js';
import {
  attendanceReadMachine,
  selectFailedCrns,
  selectReadCrns,
  selectSavingCrns,
} from '../../src/machines/attendance-read.machine.js';
import { pathTitle, shortestPaths } from './paths.js';

const cs161: AttendanceReadBody = { term: '202604', crn: '41234' };
const mth251: AttendanceReadBody = { term: '202604', crn: '41500' };

const events = [
  { type: 'attendance.markRead', ...cs161 },
  { type: 'attendance.markRead', ...mth251 },
  {
    type: 'xstate.done.actor.save',
    output: { ...cs161, read_on: '2026-11-23T18:00:00.000Z' },
  },
  { type: 'xstate.error.actor.save', error: new Error('500') },
];

describe('attendance read machine', () => {
  const paths = shortestPaths(attendanceReadMachine, events);

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'a warning marked read is saving, then gone once saved or back with a failure — never dropped, never both: %s',
    (_title, { state, steps }) => {
      const read = selectReadCrns(state);
      const saving = selectSavingCrns(state);
      const failed = selectFailedCrns(state);
      const marked = new Set(
        steps.flatMap((s) =>
          s.event.type === 'attendance.markRead' && 'crn' in s.event ? [String(s.event.crn)] : [],
        ),
      );
      for (const crn of marked) {
        const places = [read.includes(crn), saving.includes(crn), failed.includes(crn)];
        expect(places.filter(Boolean)).toHaveLength(1);
      }
      expect([...read, ...saving, ...failed].every((crn) => marked.has(crn))).toBe(true);
      // One save at a time, and one is under way whenever a mark waits.
      expect(state.hasTag('saving')).toBe(saving.length > 0);
      expect(new Set(saving).size).toBe(saving.length);
    },
  );

  it('the warning goes only once its read is saved, and the saved mark is the one asked for', async () => {
    const asked: AttendanceReadBody[] = [];
    let finish: () => void = () => {};
    const actor = createActor(
      attendanceReadMachine.provide({
        actors: {
          save: fromPromise(async ({ input }) => {
            asked.push(input);
            await new Promise<void>((resolve) => (finish = resolve));
            return { ...input, read_on: '2026-11-23T18:00:00.000Z' };
          }),
        },
      }),
    ).start();
    actor.send({ type: 'attendance.markRead', ...cs161 });
    actor.send({ type: 'attendance.markRead', ...cs161 });
    expect(selectSavingCrns(actor.getSnapshot())).toEqual(['41234']);
    expect(selectReadCrns(actor.getSnapshot())).toEqual([]);
    await waitFor(actor, () => asked.length === 1);
    finish();
    await waitFor(actor, (s) => !s.hasTag('saving'));
    expect(asked).toEqual([cs161]);
    expect(selectReadCrns(actor.getSnapshot())).toEqual(['41234']);
  });

  it('a failed save keeps the warning and says so; trying again clears the failure', async () => {
    let fail = true;
    const actor = createActor(
      attendanceReadMachine.provide({
        actors: {
          save: fromPromise(async ({ input }) => {
            if (fail) throw new Error('500');
            return { ...input, read_on: '2026-11-23T18:00:00.000Z' };
          }),
        },
      }),
    ).start();
    actor.send({ type: 'attendance.markRead', ...mth251 });
    await waitFor(actor, (s) => !s.hasTag('saving'));
    expect(selectFailedCrns(actor.getSnapshot())).toEqual(['41500']);
    expect(selectReadCrns(actor.getSnapshot())).toEqual([]);
    fail = false;
    actor.send({ type: 'attendance.markRead', ...mth251 });
    expect(selectFailedCrns(actor.getSnapshot())).toEqual([]);
    await waitFor(actor, (s) => !s.hasTag('saving'));
    expect(selectReadCrns(actor.getSnapshot())).toEqual(['41500']);
  });

  it('two warnings marked in quick succession both queue, and retrying one failure keeps the other failure shown', async () => {
    let fail = true;
    const asked: string[] = [];
    const actor = createActor(
      attendanceReadMachine.provide({
        actors: {
          save: fromPromise(async ({ input }) => {
            asked.push(input.crn);
            if (fail) throw new Error('500');
            return { ...input, read_on: '2026-11-23T18:00:00.000Z' };
          }),
        },
      }),
    ).start();
    actor.send({ type: 'attendance.markRead', ...cs161 });
    actor.send({ type: 'attendance.markRead', ...mth251 });
    expect(selectSavingCrns(actor.getSnapshot())).toEqual(['41234', '41500']);
    await waitFor(actor, (s) => !s.hasTag('saving'));
    expect(asked).toEqual(['41234', '41500']);
    expect(selectFailedCrns(actor.getSnapshot())).toEqual(['41234', '41500']);
    fail = false;
    actor.send({ type: 'attendance.markRead', ...cs161 });
    expect(selectFailedCrns(actor.getSnapshot())).toEqual(['41500']);
    await waitFor(actor, (s) => !s.hasTag('saving'));
    expect(selectReadCrns(actor.getSnapshot())).toEqual(['41234']);
    expect(selectFailedCrns(actor.getSnapshot())).toEqual(['41500']);
  });

  it('without a save provided by the container, a mark fails and the warning stays', async () => {
    const actor = createActor(attendanceReadMachine).start();
    actor.send({ type: 'attendance.markRead', ...cs161 });
    await waitFor(actor, (s) => !s.hasTag('saving'));
    expect(selectFailedCrns(actor.getSnapshot())).toEqual(['41234']);
    expect(selectReadCrns(actor.getSnapshot())).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { bannerMachine } from '../../src/machines/banner.machine.js';
import { freshCopy, sampleEvents, shortestPaths } from '../../src/inspector/paths.js';

const input = { username: 'ana', student: true };

describe('the inspector paths', () => {
  it('reads the events from the machine, with sample answers for its actors', () => {
    const types = sampleEvents(bannerMachine).map((e) => e.type);
    expect(types).toContain('banner.dismissHold');
    expect(types).toContain('xstate.error.actor.loadAlerts');
    expect(types.filter((t) => t === 'xstate.done.actor.loadHoldCount').length).toBeGreaterThan(1);
  });

  it('finds a shortest path to the dismissed hold line, and a replay on a fresh copy follows it step by step without effects', () => {
    const paths = shortestPaths(bannerMachine, input);
    const toDismissed = paths.find((p) => p.target === 'hold.dismissed; alerts.loading.pageWaits');
    expect(toDismissed?.events.map((e) => e.type)).toEqual([
      'xstate.done.actor.loadHoldCount',
      'banner.dismissHold',
    ]);
    const copy = freshCopy(bannerMachine, input);
    const valueOf = () => (copy.getSnapshot() as { value: unknown }).value;
    const seen = [valueOf()];
    for (const event of toDismissed?.events ?? []) {
      copy.send(event);
      seen.push(valueOf());
    }
    expect(seen.map((v) => (v as { hold: string }).hold)).toEqual([
      'loading',
      'shown',
      'dismissed',
    ]);
    // The copy's rememberHoldDismissed was stubbed: nothing was written for the person.
    expect(globalThis.sessionStorage).toBeUndefined();
  });
});

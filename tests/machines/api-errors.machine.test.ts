import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  API_ERROR_LIMIT,
  apiErrorsMachine,
  selectErrorList,
  selectErrorsShowBanner,
} from '../../src/machines/api-errors.machine.js';
import { pathTitle, shortestPaths } from './paths.js';

const events = [
  { type: 'app.apiFailed', component: 'holds', message: 'Error retreiving data' },
  { type: 'app.bannerError', message: 'Holds unavailable' },
];

/** The list grows without bound; states differ by at most 4 API errors for the banner rule. */
const serializeState = (s: ReturnType<typeof apiErrorsMachine.getInitialSnapshot>) =>
  JSON.stringify({
    value: s.value,
    api: Math.min(s.context.errors.filter((e) => e.type === 'api').length, API_ERROR_LIMIT + 1),
    banner: s.context.errors.some((e) => e.type === 'banner'),
  });

describe('API error list (portal.md §8: the integration banner shows past 3 API errors or for a banner error)', () => {
  const paths = shortestPaths(apiErrorsMachine, events, undefined, { serializeState });

  it('reaches both the list within the limit and the list over it', () => {
    expect(new Set(paths.map((p) => String(p.state.value)))).toEqual(new Set(['within', 'over']));
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'the banner shows exactly when more than 3 API errors or any banner error are listed, and the last event is the last listed: %s',
    (_title, { state, steps }) => {
      const errors = selectErrorList(state);
      expect(selectErrorsShowBanner(state)).toBe(
        errors.filter((e) => e.type === 'api').length > API_ERROR_LIMIT ||
          errors.some((e) => e.type === 'banner'),
      );
      const last = steps.at(-1)?.event;
      if (last && 'message' in last) expect(errors.at(-1)?.message).toBe(last.message);
      for (const error of errors) expect(error.message).not.toBe('');
    },
  );

  it('an API failure is listed with its component, and without one when it names none', () => {
    const list = createActor(apiErrorsMachine).start();
    list.send({ type: 'app.apiFailed', component: 'holds', message: 'Error retreiving data' });
    list.send({ type: 'app.apiFailed', message: 'Error retreiving data' });
    expect(selectErrorList(list.getSnapshot())).toEqual([
      { type: 'api', component: 'holds', message: 'Error retreiving data' },
      { type: 'api', message: 'Error retreiving data' },
    ]);
  });

  it('the banner stays once shown, however many errors follow', () => {
    const list = createActor(apiErrorsMachine).start();
    list.send({ type: 'app.bannerError', message: 'Holds unavailable' });
    list.send({ type: 'app.apiFailed', message: 'Error retreiving data' });
    expect(selectErrorsShowBanner(list.getSnapshot())).toBe(true);
  });
});

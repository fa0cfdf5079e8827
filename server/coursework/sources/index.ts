import type { CourseworkKind } from '../../../contract/coursework.schema.js';
import { calendar } from './calendar/module.js';
import { canvas } from './canvas/module.js';
import type { LmsSourceModule, SourceDeps } from './source-module.js';

/**
 * What opens each LMS source, by the contract's `CourseworkKind`: a kind there without its module
 * here does not compile (the settings are `settings.ts`'s list, by the same kinds).
 */
export const LMS_SOURCES = { calendar, canvas } satisfies Record<CourseworkKind, LmsSourceModule>;

/** Each kind's source as opened: its own class, or null when the campus has not set it up. */
export type OpenedSources = {
  [Kind in CourseworkKind]: ReturnType<(typeof LMS_SOURCES)[Kind]['open']>;
};

/** Every source, opened once for the coursework service. */
export function openSources(deps: SourceDeps): OpenedSources {
  const opened = Object.entries(LMS_SOURCES).map(([kind, source]) => [kind, source.open(deps)]);
  return Object.fromEntries(opened) as OpenedSources;
}

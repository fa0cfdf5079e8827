import type { CourseworkKind } from '../../../contract/coursework.schema.js';
import { envOfAll } from '../../config/variant.js';
import { calendarSettings } from './calendar/settings.js';
import { canvasSettings } from './canvas/settings.js';

/**
 * Every LMS source's settings, by the contract's `CourseworkKind` (a kind added there fails to
 * compile until its source is listed here): the environment schema, the configuration's part, the
 * start-up report's LMS line and docs/configuration.md come from here; `index.ts` holds what opens
 * each, in a `Record` over the same kinds.
 */
export const LMS_SOURCE_SETTINGS = {
  calendar: calendarSettings,
  canvas: canvasSettings,
} satisfies Record<CourseworkKind, unknown>;

/** Every LMS source's own variables, merged into config/env.ts's schema. */
export const lmsSourceEnv = envOfAll(LMS_SOURCE_SETTINGS);

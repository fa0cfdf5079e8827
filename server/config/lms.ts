import { LMS_SOURCE_SETTINGS } from '../coursework/sources/settings.js';
import type { Env } from './env.js';

type Settings = typeof LMS_SOURCE_SETTINGS;
type Kind = keyof Settings;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (
  i: infer I,
) => void
  ? I
  : never;
/** Every LMS source's part of the configuration, together (`canvas` for Canvas). */
type Parts = UnionToIntersection<ReturnType<Settings[Kind]['read']>>;

const KINDS = Object.keys(LMS_SOURCE_SETTINGS) as Kind[];

/**
 * Each LMS source's part of the configuration (`server/coursework/sources/`), each with its own
 * checks: the campus's Canvas when it is set up; the calendar feed needs nothing.
 */
export function lmsConfig(e: Env, publicOrigin: string): Parts {
  const parts = KINDS.map((kind) => {
    const settings: Settings[Kind] = LMS_SOURCE_SETTINGS[kind];
    return settings.read(e, { publicOrigin });
  });
  return Object.assign({}, ...parts) as Parts;
}

/** The start-up report's LMS line: what each source says of itself. */
export const lmsReportLine = (config: Parts) =>
  KINDS.map((kind) => LMS_SOURCE_SETTINGS[kind].report(config))
    .filter(Boolean)
    .join('; ');

/** Every LMS source's secrets by variable (the pre-flight's placeholder check). */
export const lmsSecrets = (config: Parts) =>
  KINDS.flatMap((kind) => {
    const settings: Settings[Kind] = LMS_SOURCE_SETTINGS[kind];
    return settings.secrets?.(config) ?? [];
  });

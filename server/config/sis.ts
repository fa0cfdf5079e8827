import { SIS_ADAPTER_NAMES, SIS_ADAPTER_SETTINGS } from '../sis/adapters/settings.js';
import type { SisAdapterName } from '../sis/adapters/settings.js';
import { refuse } from './env-values.js';
import type { Env } from './env.js';

export { Secret } from './secret.js';

type Settings = typeof SIS_ADAPTER_SETTINGS;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (
  i: infer I,
) => void
  ? I
  : never;
/** Every adapter's part of `config.sis`, together (a part not in use holds its empty values). */
type Parts = UnionToIntersection<ReturnType<Settings[SisAdapterName]['read']>>;

/**
 * Which adapter fills the SIS port, and its settings (each adapter's own: `server/sis/adapters/`).
 * Unset SIS_ADAPTER keeps the old rule (an adapter its own variables imply, `http` for SIS_BASE_URL,
 * else `sample`); a half configuration (an adapter without its settings, or one adapter's settings
 * beside another adapter) is refused, so a process never quietly reads sample records while the
 * operator believes it reads Banner.
 */
export function sisAdapterConfig(e: Env) {
  const implied = SIS_ADAPTER_NAMES.find((name) => SIS_ADAPTER_SETTINGS[name].implied?.(e));
  const adapter: SisAdapterName = e.SIS_ADAPTER ?? implied ?? 'sample';
  const parts = SIS_ADAPTER_NAMES.map((name) => {
    const settings: Settings[SisAdapterName] = SIS_ADAPTER_SETTINGS[name];
    const part = settings.read(e, name === adapter);
    if (name !== adapter && settings.stray?.given(e)) {
      throw refuse(`${settings.stray.words}, but SIS_ADAPTER=${adapter}`);
    }
    return part;
  });
  return { adapter, ...(Object.assign({}, ...parts) as Parts) };
}

/** The chosen adapter's start-up report line. */
export const sisReportLine = (sis: ReturnType<typeof sisAdapterConfig>) =>
  SIS_ADAPTER_SETTINGS[sis.adapter].report(sis);

/** Every adapter's secrets by variable (the pre-flight's placeholder check). */
export const sisSecrets = (sis: ReturnType<typeof sisAdapterConfig>) =>
  SIS_ADAPTER_NAMES.flatMap((name) => SIS_ADAPTER_SETTINGS[name].secrets?.(sis) ?? []);

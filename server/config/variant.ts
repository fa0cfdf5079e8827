import type { z } from 'zod';

/**
 * The settings half of a variant (an SIS adapter, an LMS source): the part the configuration layer
 * may read. Its environment variables are merged into config/env.ts's one schema; `read` turns them
 * into its part of the configuration, refusing (ConfigError) a half configuration; the start-up
 * report, the placeholder check and docs/configuration.md take their words from here. The half that
 * opens connections lives beside it (`module.ts`), in a `Record` over the same names.
 */
/** A variant's variables as parsed (a variant without variables reads none). */
export type VariantEnv<Shape extends z.ZodRawShape> = [keyof Shape] extends [never]
  ? object
  : z.output<z.ZodObject<Shape>>;

export interface VariantSettings<
  Shape extends z.ZodRawShape,
  Part extends object,
  Context = boolean,
> {
  /** Its own environment variables, each with its default (docs/configuration.md lists them). */
  env: Shape;
  /**
   * Its part of the configuration. An SIS adapter's context is whether it is the one chosen (false:
   * the part of an adapter not in use); an LMS source's, the portal's public origin.
   */
  read(e: VariantEnv<Shape>, context: Context): Part;
  /** Whether its own variables are set, refused beside another variant, and the refusal's words. */
  stray?: { given(e: VariantEnv<Shape>): boolean; words: string };
  /** Chosen without its name being set (the old rule: SIS_BASE_URL alone means `http`). */
  implied?(e: VariantEnv<Shape>): boolean;
  /** Its start-up report line, when it is the one in use. */
  report(part: Part): string;
  /** Its secrets by variable, for the pre-flight's placeholder check. */
  secrets?(part: Part): Array<[string, string | undefined]>;
  /**
   * Its part of docs/configuration.md: a sentence, then each variable's default and meaning
   * (`npm run docs:variants` writes them there; every variable of `env` must have its row).
   */
  docs: { intro: string; rows: { [Name in keyof Shape]: [string, string] } };
}

/** Declares a variant's settings, its types inferred from its schema. */
export const defineVariantSettings = <
  Shape extends z.ZodRawShape,
  Part extends object,
  Context = boolean,
>(
  settings: VariantSettings<Shape, Part, Context>,
) => settings;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (
  i: infer I,
) => void
  ? I
  : never;

/** Every variable of every variant of a list, as one schema shape. */
export type EnvOfAll<L extends Record<string, { env: z.ZodRawShape }>> = UnionToIntersection<
  L[keyof L]['env']
>;

/** The variables of every variant in a list, merged (each name belongs to one variant). */
export function envOfAll<L extends Record<string, { env: z.ZodRawShape }>>(list: L): EnvOfAll<L> {
  const merged: z.ZodRawShape = {};
  for (const variant of Object.values(list)) Object.assign(merged, variant.env);
  return merged as EnvOfAll<L>;
}

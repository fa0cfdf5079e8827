import { expect } from 'vitest';

// Vitest's asymmetric matchers are typed `any`; these say what they are, so a test's object
// literals stay free of `any` (typescript-eslint's no-unsafe-assignment).

/** A string matching `pattern`. */
export const matching = (pattern: RegExp | string): unknown => expect.stringMatching(pattern);

/** Any value made by `constructor` (String, Number, Object…). */
export const anyOf = (constructor: unknown): unknown => expect.any(constructor);

/** An object holding at least these properties. */
export const containing = (properties: object): unknown => expect.objectContaining(properties);

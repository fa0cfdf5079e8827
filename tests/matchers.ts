import { expect } from 'vitest';

// Vitest's asymmetric matchers are typed `any`; these say what they are, so a test's object
// literals stay free of `any` (typescript-eslint's no-unsafe-assignment).

/** A string matching `pattern`. */
export const matching = (pattern: RegExp | string): unknown => expect.stringMatching(pattern);

/** Any value made by `constructor` (String, Number, Object…). */
export const anyOf = (constructor: unknown): unknown => expect.any(constructor);

/** An object holding at least these properties. */
export const containing = (properties: object): unknown => expect.objectContaining(properties);

/**
 * A Testing Library text matcher for a sentence that holds marked-up parts (a record's English value
 * inside `lang="en"`, issue 76): the innermost element whose whole text is `text`, or matches it.
 */
export const wholeText =
  (text: string | RegExp) =>
  (_content: string, element: Element | null): boolean => {
    const fits = (e: Element) =>
      typeof text === 'string' ? e.textContent === text : text.test(e.textContent);
    return element !== null && fits(element) && ![...element.children].some(fits);
  };

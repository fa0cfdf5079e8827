import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

/** zod's JSON Schema generator: every classic schema links its processor, so none of it tree-shakes. */
export const JSON_SCHEMA_MODULES =
  /[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors|json-schema-generator)\.js$/;

export const REFUSAL = 'zod builds JSON Schema on the server only';

/** zod's English error messages, which it registers as the default on the first schema it builds. */
export const ZOD_ENGLISH = /[\\/]zod[\\/]v4[\\/]locales[\\/]en\.js$/;

/**
 * The browser shows no zod message to anyone (nothing in src/ reads a parse's issues): an answer
 * that fails its schema is a failed call, shown as the page's error state. So its build keeps one
 * message for every issue instead of zod's English sentences: about 1 kB gzip off the first route.
 * bench/bundle.bench.ts fails the build if they come back.
 */
export const BROWSER_ZOD_MESSAGES =
  "export default function () { return { localeError: () => 'Invalid input' }; }";

/**
 * A module with the same exports as zod's module `file` in which nothing runs: schemas build their
 * Standard Schema JSON methods when asked for `~standard`, so the `create…Method` factories still
 * return a function (one that refuses when called); every other export refuses at once.
 */
export async function refusingModule(file: string): Promise<string> {
  const names = Object.keys((await import(pathToFileURL(file).href)) as object);
  return [
    `const refuse = () => { throw new Error(${JSON.stringify(REFUSAL)}); };`,
    ...names.map((name) =>
      /^create\w*Method$/.test(name)
        ? `export const ${name} = () => refuse;`
        : /^[A-Z]/.test(name)
          ? `export class ${name} { constructor() { refuse(); } }`
          : `export const ${name} = refuse;`,
    ),
  ].join('\n');
}

/**
 * The browser never makes JSON Schema (the server makes the OpenAPI document), so the browser build
 * replaces zod's generator by modules with the same exports that refuse to run: about 5 kB gzip off
 * every page. bench/bundle.bench.ts fails the build if the generator comes back.
 */
export const zodWithoutJsonSchema = (): Plugin => ({
  name: 'zod-without-json-schema',
  apply: 'build',
  load: (id) =>
    JSON_SCHEMA_MODULES.test(id)
      ? refusingModule(id)
      : ZOD_ENGLISH.test(id)
        ? BROWSER_ZOD_MESSAGES
        : null,
});

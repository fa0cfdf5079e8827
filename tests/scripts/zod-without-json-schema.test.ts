import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  JSON_SCHEMA_MODULES,
  REFUSAL,
  refusingModule,
} from '../../scripts/zod-without-json-schema.js';

const core = path.join(
  path.dirname(createRequire(import.meta.url).resolve('zod/package.json')),
  'v4/core',
);
const generatorFiles = [
  'to-json-schema.js',
  'json-schema-processors.js',
  'json-schema-generator.js',
];

function callable(value: unknown): (...args: unknown[]) => unknown {
  if (typeof value !== 'function') throw new Error('not a function');
  return (...args): unknown => Reflect.apply(value, undefined, args) as unknown;
}

async function load(file: string): Promise<Record<string, unknown>> {
  const stub = path.join(mkdtempSync(path.join(tmpdir(), 'zod-stub-')), path.basename(file));
  writeFileSync(stub, await refusingModule(file));
  return (await import(pathToFileURL(stub).href)) as Record<string, unknown>;
}

describe('the browser build without zod’s JSON Schema generator', () => {
  it('replaces the modules zod’s classic schemas import the generator from', () => {
    const classic = readFileSync(path.join(core, '../classic/schemas.js'), 'utf8');
    const imported = [...classic.matchAll(/from "\.\.\/core\/([\w-]+\.js)"/g)].map((m) => m[1]);
    const generator = imported.filter((file) => JSON_SCHEMA_MODULES.test(`/zod/v4/core/${file}`));
    expect(generator.sort()).toEqual(['json-schema-processors.js', 'to-json-schema.js']);
    expect(JSON_SCHEMA_MODULES.test(path.join(core, 'schemas.js'))).toBe(false);
  });

  it.each(generatorFiles)('keeps every export of %s, so the build still links', async (file) => {
    const real = (await import(pathToFileURL(path.join(core, file)).href)) as object;
    expect(Object.keys(await load(path.join(core, file))).sort()).toEqual(Object.keys(real).sort());
  });

  it('lets a schema build its Standard Schema methods but refuses to run them', async () => {
    const stub = await load(path.join(core, 'to-json-schema.js'));
    const method = callable(stub.createStandardJSONSchemaMethod)({}, 'input');
    expect(method).toBeTypeOf('function');
    expect(callable(method)).toThrow(REFUSAL);
  });

  it('refuses to make JSON Schema', async () => {
    const stub = await load(path.join(core, 'json-schema-processors.js'));
    expect(callable(stub.toJSONSchema)).toThrow(REFUSAL);
  });
});

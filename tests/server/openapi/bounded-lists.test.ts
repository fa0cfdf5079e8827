import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '../helpers/app.js';

/**
 * Issue 87: every list an answer of the API holds is bounded, and the API document says how far:
 * an array with `maxItems` (a page's most, or the ceiling of a list bounded by nature). Built from
 * the document itself, so a route added with an unbounded list fails here. A paged operation also
 * declares the most a page may be asked for (its `limit`'s `maximum`).
 */
const schemaSchema: z.ZodType<Schema> = z.lazy(() =>
  z.looseObject({
    $ref: z.string().optional(),
    type: z.union([z.string(), z.array(z.string())]).optional(),
    maxItems: z.number().optional(),
    items: schemaSchema.optional(),
    properties: z.record(z.string(), schemaSchema).optional(),
    additionalProperties: z.union([z.boolean(), schemaSchema]).optional(),
    anyOf: z.array(schemaSchema).optional(),
    oneOf: z.array(schemaSchema).optional(),
    allOf: z.array(schemaSchema).optional(),
  }),
);
interface Schema {
  $ref?: string | undefined;
  type?: string | string[] | undefined;
  maxItems?: number | undefined;
  items?: Schema | undefined;
  properties?: Record<string, Schema> | undefined;
  additionalProperties?: boolean | Schema | undefined;
  anyOf?: Schema[] | undefined;
  oneOf?: Schema[] | undefined;
  allOf?: Schema[] | undefined;
}
const parameterSchema = z.looseObject({
  name: z.string(),
  in: z.string(),
  schema: z.looseObject({ maximum: z.number().optional() }).optional(),
});
const operationSchema = z.looseObject({
  parameters: z.array(parameterSchema).optional(),
  responses: z.record(
    z.string(),
    z.looseObject({
      content: z.record(z.string(), z.looseObject({ schema: schemaSchema })).optional(),
    }),
  ),
});
const documentSchema = z.looseObject({
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.looseObject({ schemas: z.record(z.string(), schemaSchema).optional() }).optional(),
});
type Document = z.infer<typeof documentSchema>;

interface List {
  /** `GET /api/x .field[].inner`: the operation and where the array stands in its answer. */
  key: string;
  maxItems: number | undefined;
}

/** Every array of an answer's schema, however deep, through references and unions. */
function listsOf(doc: Document, schema: Schema, at: string, seen: Set<string> = new Set()): List[] {
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop() ?? '';
    const target = doc.components?.schemas?.[name];
    if (!target || seen.has(name)) return [];
    return listsOf(doc, target, at, new Set([...seen, name]));
  }
  const found: List[] = [];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('array')) {
    found.push({ key: at, maxItems: schema.maxItems });
    if (schema.items) found.push(...listsOf(doc, schema.items, `${at}[]`, seen));
  }
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    found.push(...listsOf(doc, property, `${at}.${name}`, seen));
  }
  if (typeof schema.additionalProperties === 'object') {
    found.push(...listsOf(doc, schema.additionalProperties, `${at}.*`, seen));
  }
  for (const branch of [
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
  ]) {
    found.push(...listsOf(doc, branch, at, seen));
  }
  return found;
}

describe('issue 87: every list in the API document is bounded', () => {
  let doc: Document;
  const lists: List[] = [];
  const paged: Array<{ operation: string; maximum: number | undefined }> = [];

  beforeAll(async () => {
    const app = await createTestApp();
    doc = documentSchema.parse((await app.inject({ url: '/api/openapi.json' })).json());
    await app.close();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, raw] of Object.entries(item)) {
        const parsed = operationSchema.safeParse(raw);
        if (!parsed.success) continue;
        const operation = `${method.toUpperCase()} ${path}`;
        const limit = parsed.data.parameters?.find((p) => p.in === 'query' && p.name === 'limit');
        if (limit) paged.push({ operation, maximum: limit.schema?.maximum });
        for (const [status, response] of Object.entries(parsed.data.responses)) {
          if (!status.startsWith('2')) continue;
          for (const { schema } of Object.values(response.content ?? {})) {
            lists.push(...listsOf(doc, schema, `${operation} `));
          }
        }
      }
    }
  }, 120_000);

  it('finds the lists (the walk is not empty): the messages page among them', () => {
    expect(lists.length).toBeGreaterThan(40);
    expect(lists.map((l) => l.key)).toContain('GET /api/notifications/user .messages');
  });

  it('every list has maxItems', () => {
    const unbounded = [...new Set(lists.filter((l) => l.maxItems === undefined).map((l) => l.key))];
    expect(unbounded.sort().join('\n')).toBe('');
  });

  it('every paged operation declares the most a page may be asked for', () => {
    expect(paged.length).toBeGreaterThan(0);
    expect(paged.filter((p) => p.maximum === undefined)).toEqual([]);
  });
});

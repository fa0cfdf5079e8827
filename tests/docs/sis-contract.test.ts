import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sisSchemas } from '../../server/sis/endpoints.js';
import { CONTRACT_FILE, contractText } from '../../scripts/sis-contract.js';

describe('the published SIS contract (docs/sis-contract.openapi.json)', () => {
  it('is the one the zod schemas generate (npx tsx scripts/sis-contract.ts rewrites it)', async () => {
    expect(readFileSync(CONTRACT_FILE, 'utf8')).toBe(await contractText());
  });

  it('names each of the twenty-one reads, with an example answer its own schema accepts', async () => {
    const document = JSON.parse(await contractText()) as {
      paths: Record<
        string,
        { get: { responses: { 200: { content: { 'application/json': { example: unknown } } } } } }
      >;
    };
    const reads = Object.keys(sisSchemas) as (keyof typeof sisSchemas)[];
    expect(reads).toHaveLength(21);
    for (const read of reads) {
      const example =
        document.paths[`/students/{username}/${read}`]?.get.responses[200].content[
          'application/json'
        ].example;
      expect(sisSchemas[read].safeParse(example).success, read).toBe(true);
    }
  });
});

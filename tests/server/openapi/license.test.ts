import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createTestApp } from '../helpers/app.js';

let app: FastifyInstance;
afterEach(async () => app.close());

const infoSchema = z.object({
  info: z.object({ license: z.object({ name: z.string(), url: z.string() }) }),
});
const packageSchema = z.object({ license: z.string() });

describe('the licence the API document states', () => {
  it('is the licence of the repository: the LICENSE file and package.json agree with info.license', async () => {
    app = await createTestApp();
    const { info } = infoSchema.parse((await app.inject({ url: '/api/openapi.json' })).json());
    const pkg = packageSchema.parse(JSON.parse(readFileSync('package.json', 'utf8')));
    const licenseFile = readFileSync('LICENSE', 'utf8');

    expect(info.license.name).toBe('Apache-2.0');
    expect(pkg.license).toBe(info.license.name);
    expect(licenseFile).toContain('Apache License');
    expect(licenseFile).toContain('Version 2.0, January 2004');
    expect(info.license.url).toBe('https://www.apache.org/licenses/LICENSE-2.0');
  });
});

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultCampus, siteSchema } from '../../../../contract/campus.schema.js';
import { createTestApp } from '../../helpers/app.js';
import { SAMPLE_HOLIDAYS } from '../../../../contract/sample-holidays.js';

describe('GET /api/campus', () => {
  let app: FastifyInstance;
  afterEach(async () => app.close());

  it('answers the campus configuration and the build hash without sign-in', async () => {
    app = await createTestApp({ env: { BUILD_HASH: '1a2b3c4' } });
    const response = await app.inject({ url: '/api/campus' });
    expect(response.statusCode).toBe(200);
    const safety = { ...defaultCampus.safety, phoneLabel: '(503) 555-0123' };
    expect(siteSchema.parse(response.json())).toEqual({
      // Without CAMPUS_CONFIG, the sample campus's holidays (server/config/campus.ts).
      campus: { ...defaultCampus, safety, holidays: SAMPLE_HOLIDAYS },
      build: '1a2b3c4',
    });
  });

  it('serves what CAMPUS_CONFIG configures', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'campus-')), 'campus.json');
    writeFileSync(file, JSON.stringify({ ssoName: 'Owl' }));
    app = await createTestApp({ env: { CAMPUS_CONFIG: file } });
    const site = siteSchema.parse((await app.inject({ url: '/api/campus' })).json());
    expect(site.campus.ssoName).toBe('Owl');
  });
});

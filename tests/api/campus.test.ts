import { describe, expect, it } from 'vitest';
import { defaultCampus } from '../../contract/campus.schema.js';
import { loadSite } from '../../src/api/campus.js';
import { createHttp } from '../../src/api/client.js';

describe('loadSite', () => {
  it('parses the campus configuration the server answers', async () => {
    const campus = { ...defaultCampus, ssoName: 'Owl' };
    const http = createHttp({
      baseUrl: 'http://portal.test/api',
      fetch: async () => Response.json({ campus, build: 'abc1234' }),
    });
    expect(await loadSite(http)).toEqual({ campus, build: 'abc1234' });
  });

  it('falls back to the built-in defaults when the call fails, so the screens still show', async () => {
    const http = createHttp({
      baseUrl: 'http://portal.test/api',
      fetch: async () => Response.json({ detail: 'maintenance' }, { status: 503 }),
    });
    expect(await loadSite(http)).toEqual({ campus: defaultCampus, build: 'unknown' });
  });
});

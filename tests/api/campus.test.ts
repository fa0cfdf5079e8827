// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { defaultCampus } from '../../contract/campus.schema.js';
import { loadSite, pageSite } from '../../src/api/campus.js';
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

describe('loadSite with the configuration embedded in the page', () => {
  const embed = (text: string) => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'campus-config';
    block.textContent = text;
    document.head.append(block);
    return () => block.remove();
  };
  const failingHttp = (calls: string[]) =>
    createHttp({
      baseUrl: 'http://portal.test/api',
      fetch: async (input) => {
        calls.push(String(input));
        return Response.json({ detail: 'down' }, { status: 500 });
      },
    });

  it('reads the embedded configuration without calling the server', async () => {
    const campus = { ...defaultCampus, productName: 'Owl Portal' };
    const remove = embed(JSON.stringify({ campus, build: 'def5678' }));
    const calls: string[] = [];
    try {
      expect(await loadSite(failingHttp(calls))).toEqual({ campus, build: 'def5678' });
      expect(calls).toEqual([]);
    } finally {
      remove();
    }
  });

  it('pageSite answers the embedded configuration at once, or the defaults without one', () => {
    expect(pageSite()).toEqual({ campus: defaultCampus, build: 'unknown' });
    const remove = embed(JSON.stringify({ campus: defaultCampus, build: 'b1' }));
    try {
      expect(pageSite().build).toBe('b1');
    } finally {
      remove();
    }
  });

  it('asks the server when the embedded block does not match the schema', async () => {
    const remove = embed('{"campus": 1}');
    const calls: string[] = [];
    try {
      expect(await loadSite(failingHttp(calls))).toEqual({
        campus: defaultCampus,
        build: 'unknown',
      });
      expect(calls).toHaveLength(1);
    } finally {
      remove();
    }
  });
});

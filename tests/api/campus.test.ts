// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { defaultCampus } from '../../contract/campus.schema.js';
import { fetchSiteIn, followSiteLanguage, loadSite, pageSite } from '../../src/api/campus.js';
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

describe('the campus configuration in the page’s language (issue 59)', () => {
  const named = (productName: string) => ({
    campus: { ...defaultCampus, productName },
    build: 'b',
  });
  const answering = (calls: string[]) =>
    createHttp({
      baseUrl: 'http://portal.test/api',
      fetch: async (input) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        calls.push(url.search);
        const language = url.searchParams.get('language');
        return Response.json(named(language === 'es' ? 'Portal del Campus' : 'Campus Portal'));
      },
    });

  it('asks for the Spanish texts when the page turns Spanish, and the English again on the way back', async () => {
    const calls: string[] = [];
    const shown: string[] = [];
    const follow = followSiteLanguage(
      answering(calls),
      (site) => {
        shown.push(site.campus.productName);
      },
      'en',
    );
    await follow('en');
    await follow('es');
    await follow('es');
    await follow('en');
    expect(calls).toEqual(['?language=es', '?language=en']);
    expect(shown).toEqual(['Portal del Campus', 'Campus Portal']);
  });

  it('a later switch wins over an answer still on its way', async () => {
    const shown: string[] = [];
    const follow = followSiteLanguage(
      answering([]),
      (site) => {
        shown.push(site.campus.productName);
      },
      'en',
    );
    const spanish = follow('es');
    const english = follow('en');
    await Promise.all([spanish, english]);
    expect(shown).toEqual(['Campus Portal']);
  });

  it('keeps the texts it has when the configuration cannot be read', async () => {
    const http = createHttp({
      baseUrl: 'http://portal.test/api',
      fetch: async () => Response.json({ detail: 'down' }, { status: 500 }),
    });
    expect(await fetchSiteIn(http, 'es')).toBeNull();
  });
});

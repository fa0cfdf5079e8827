import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { SERVER_RENDER_ID } from '../../contract/first-answers.rules.js';
import { takeServerRender } from '../../src/api/server-render.js';

/** A page carrying `text` as its server render block. */
const pageWith = (text: string) =>
  new JSDOM(
    `<!doctype html><body><script type="application/json" id="${SERVER_RENDER_ID}">${text}</script></body>`,
  ).window.document;

describe('the server render block a drawn page carries (issue 75)', () => {
  it('is read once, with the width class the page was drawn for, and removed', () => {
    const doc = pageWith(JSON.stringify({ language: 'es', width: 2, snapshots: { r1: {} } }));
    expect(takeServerRender(doc)).toEqual({ language: 'es', width: 2, snapshots: { r1: {} } });
    expect(doc?.getElementById(SERVER_RENDER_ID)).toBeNull();
    expect(takeServerRender(doc)).toBeNull();
  });

  it('is not taken when it names no width class the server writes: the browser draws the page itself', () => {
    for (const width of [3, true, '1', null]) {
      const doc = pageWith(JSON.stringify({ language: 'en', width, snapshots: {} }));
      expect(takeServerRender(doc)).toBeNull();
    }
    expect(takeServerRender(pageWith('{not json'))).toBeNull();
  });
});

import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LANGUAGES } from '../../contract/language.schema.js';
import type { Language } from '../../contract/language.schema.js';
import { viewingAsSchema } from '../../contract/view-as.schema.js';
import { ViewAsSlot, drawnViewerLanguage, readyViewAsBar } from '../../src/pages/shared/view-as.js';

const viewAs = (viewer: Language) =>
  viewingAsSchema.parse({
    name: 'Ana Valencia',
    ends_at: '2026-11-27T15:30:00.000Z',
    read_only: true,
    viewer_language: viewer,
  });

/** What the server's render writes for the slot, once the bar's code and words are at hand. */
const onServer = (viewer: Language, csrf: string | null) =>
  renderToString(<ViewAsSlot viewAs={viewAs(viewer)} csrf={csrf} />);

beforeAll(async () => {
  await readyViewAsBar(LANGUAGES);
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('the view-as bar is in the page the server draws (issue 87)', () => {
  it('holds the name, the read-only notice and End, a form posting the session’s token', () => {
    const html = onServer('en', 'token-1');
    const box = document.createElement('div');
    box.innerHTML = html;
    const bar = box.querySelector('.view-as-bar');
    expect(bar?.textContent).toContain('Viewing as Ana Valencia (read only)');
    expect(bar?.getAttribute('lang')).toBe('en');
    const form = bar?.querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe('/admin/view-as/end');
    expect(form?.querySelector('input[name="csrf"]')?.getAttribute('value')).toBe('token-1');
    expect(form?.querySelector('button[type="submit"]')?.textContent).toContain('End');
  });

  it('in the viewer’s language, which the browser reads back from the drawn bar', async () => {
    document.body.innerHTML = onServer('es', 'token-1');
    expect(document.querySelector('.view-as-bar')?.textContent).toContain('Viendo como');
    expect(drawnViewerLanguage()).toBe('es');
    document.body.innerHTML = '<main></main>';
    // A language no catalogue has is readied as none (the bar then waits for the browser's).
    await readyViewAsBar(['xx']);
    expect(drawnViewerLanguage()).toBeNull();
  });

  it('is taken over by the browser with the same markup: no hydration error, the token kept, the minutes counted from the server’s time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T15:06:00.000Z'));
    const html = onServer('en', 'token-1');
    // The browser takes it over a minute and a half later: the server's time is kept until then.
    vi.setSystemTime(new Date('2026-11-27T15:07:30.000Z'));
    const root = document.createElement('div');
    root.innerHTML = html;
    document.body.append(root);
    expect(root.textContent).toContain('24 minutes left');
    const problems: unknown[] = [];
    await act(async () => {
      hydrateRoot(root, <ViewAsSlot viewAs={viewAs('en')} csrf="token-1" />, {
        onRecoverableError: (error) => problems.push(error),
      });
    });
    expect(problems).toEqual([]);
    expect(root.querySelector('input[name="csrf"]')?.getAttribute('value')).toBe('token-1');
    // Once taken over, the browser's clock counts.
    expect(root.textContent).toContain('23 minutes left');
  });
});

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Roles } from '../../../contract/roles.schema.js';
import { THEME_STORAGE_KEY } from '../../../src/lib/theme.js';
import { appMachine, selectUser } from '../../../src/machines/app.machine.js';
import { applyTheme, followTheme } from '../../../src/pages/shared/theme.js';
import { student } from '../../machines/fixtures.js';

const html = document.documentElement;
const headScript = readFileSync(resolve(import.meta.dirname, '../../../public/theme.js'), 'utf8');

afterEach(async () => {
  // What the head script left to do after a frame (adding a drawn page's scripts) runs while this
  // file's document still stands, not after the file's environment is gone.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  html.removeAttribute('data-theme');
  localStorage.clear();
});

describe('applying a theme choice', () => {
  it('sets data-theme to light or dark, removes it for the device’s setting, and remembers the choice', () => {
    applyTheme('dark');
    expect(html.getAttribute('data-theme')).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    applyTheme('light');
    expect(html.getAttribute('data-theme')).toBe('light');
    applyTheme('system');
    expect(html.hasAttribute('data-theme')).toBe(false);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('system');
  });

  it('still shows the choice when the browser refuses to store it', () => {
    const refusing = {
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    applyTheme('dark', html, refusing);
    expect(html.getAttribute('data-theme')).toBe('dark');
  });
});

describe('the head script public/theme.js, run before the first paint', () => {
  const runHeadScript = new Function(headScript) as () => void;

  it('sets the remembered light or dark choice on <html>, under the key the app writes', () => {
    applyTheme('dark');
    html.removeAttribute('data-theme');
    runHeadScript();
    expect(html.getAttribute('data-theme')).toBe('dark');
  });

  it('leaves <html> alone for the device’s setting, nothing remembered, or a value it does not know', () => {
    for (const stored of ['system', null, 'sepia']) {
      if (stored === null) localStorage.removeItem(THEME_STORAGE_KEY);
      else localStorage.setItem(THEME_STORAGE_KEY, stored);
      runHeadScript();
      expect(html.hasAttribute('data-theme')).toBe(false);
    }
  });
});

describe('following the signed-in person’s theme', () => {
  const app = () =>
    createActor(
      appMachine.provide({
        actors: { refreshRoles: fromPromise<Roles>(() => new Promise(() => {})) },
      }),
    ).start();
  const themeOf = (snapshot: ReturnType<ReturnType<typeof app>['getSnapshot']>) =>
    selectUser(snapshot)?.preferences.theme;

  it('applies nothing before the person is known, then their choice, then each saved change once', () => {
    const actor = app();
    const apply = vi.fn();
    followTheme(actor, themeOf, apply);
    expect(apply).not.toHaveBeenCalled();
    const dark = { ...student, preferences: { ...student.preferences, theme: 'dark' as const } };
    actor.send({ type: 'app.userLoaded', user: dark });
    expect(apply).toHaveBeenLastCalledWith('dark');
    actor.send({ type: 'app.userLoaded', user: { ...dark, first_name: 'Ana María' } });
    expect(apply).toHaveBeenCalledTimes(1);
    actor.send({ type: 'app.userLoaded', user: student });
    expect(apply).toHaveBeenLastCalledWith('system');
    expect(apply).toHaveBeenCalledTimes(2);
  });
});

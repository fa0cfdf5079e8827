import { afterAll, vi } from 'vitest';

// The component files of the `dom` project share their worker's modules and its one jsdom
// (vitest.config.ts, `isolate: false`): what a file leaves in them is put back when it ends, as if
// it had had a window of its own. Testing Library unmounts every render after each test
// (tests/setup-dom.ts); Vitest restores spies. This file runs before each file: the page as the
// file found it is kept here, and given back.
const title = document.title;
const rootAttributes = [...document.documentElement.attributes].map(({ name, value }) => ({
  name,
  value,
}));
const address = window.location.href;

afterAll(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.title = title;
  document.body.replaceChildren();
  for (const { name } of [...document.documentElement.attributes]) {
    document.documentElement.removeAttribute(name);
  }
  for (const { name, value } of rootAttributes) document.documentElement.setAttribute(name, value);
  window.history.replaceState(null, '', address);
});

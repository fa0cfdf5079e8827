import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadAutoLinker, loadSanitizer } from '../src/lib/rich-text.js';
// The apps' message catalogue, in English, as each app activates it before its first render.
import '../src/lib/i18n.js';

// Content reaches the screen with its renderers (src/lib/rich-text.ts): components rendered directly
// with content get them too. tests/lib/rich-text.test.ts covers the time before they arrive.
beforeAll(() => Promise.all([loadSanitizer(), loadAutoLinker()]));

afterEach(() => cleanup());

// A page's first render loads its route's modules: on a busy machine (CI beside other work) that
// takes longer than Testing Library's default second, so findBy/waitFor wait up to five.
configure({ asyncUtilTimeout: 5_000 });

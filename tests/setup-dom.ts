import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadAutoLinker, loadSanitizer } from '../src/lib/rich-text.js';

// Content reaches the screen with its renderers (src/lib/rich-text.ts): components rendered directly
// with content get them too. tests/lib/rich-text.test.ts covers the time before they arrive.
beforeAll(() => Promise.all([loadSanitizer(), loadAutoLinker()]));

afterEach(() => cleanup());

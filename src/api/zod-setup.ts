import { z } from 'zod';

/**
 * zod compiles object parsers with `new Function` when it can; in the browser the Content Security
 * Policy forbids that, so every page logged an `eval` violation from zod's probe. Jitless parsing is
 * the same parsing without generated code. Imported first by both app entries, before any schema runs.
 */
z.config({ jitless: true });

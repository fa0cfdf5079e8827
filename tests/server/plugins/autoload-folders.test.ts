import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../server/plugins');

/**
 * server/app.ts loads every file of these folders as a plugin (@fastify/autoload): a module there
 * that is not one (a types-only module, say) failed a built release's start ("Plugin must be a
 * function or a promise") while the source tree's went on.
 */
describe('the autoloaded plugin folders hold plugins only', () => {
  for (const folder of ['external', 'app']) {
    const files = readdirSync(path.join(root, folder)).filter((f) => /\.tsx?$/.test(f));
    it.each(files)(`plugins/${folder}/%s has a plugin as its default export`, async (file) => {
      const module: unknown = await import(path.join(root, folder, file));
      expect(module).toHaveProperty('default', expect.any(Function));
    });
  }
});

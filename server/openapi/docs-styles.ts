import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The scripts the reference page (`/api/docs`) loads from @fastify/swagger-ui's static folder. */
const SCRIPTS = ['swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js'];

/** A React `<style>` element with literal text, as the minified bundles write it. */
const STYLE_ELEMENT = /createElement\("style",null,("(?:[^"\\]|\\.)*")\)/g;

/** The text of every `<style>` element a script creates (the top bar's logo SVG carries one). */
export function inlineStylesOf(script: string): string[] {
  return [...script.matchAll(STYLE_ELEMENT)].flatMap(([, literal]) => {
    try {
      const text: unknown = JSON.parse(literal ?? '');
      return typeof text === 'string' ? [text] : [];
    } catch {
      return [];
    }
  });
}

/** A CSP source allowing exactly one inline style text. */
export const styleHash = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The `style-src` hashes the reference page needs: Swagger UI's own stylesheets are files (allowed by
 * `'self'`), but its top bar renders an SVG logo with an inline `<style>`, refused under the page
 * policy (a console error on every load). Read from the installed scripts at start, so an upgrade
 * of swagger-ui keeps the page's policy exact, with no `'unsafe-inline'`.
 */
export function docsStyleHashes(): string[] {
  const require = createRequire(import.meta.url);
  const folder = path.join(
    path.dirname(require.resolve('@fastify/swagger-ui/package.json')),
    'static',
  );
  const texts = SCRIPTS.flatMap((name) => {
    try {
      return inlineStylesOf(readFileSync(path.join(folder, name), 'utf8'));
    } catch {
      return [];
    }
  });
  return [...new Set(texts)].map(styleHash);
}

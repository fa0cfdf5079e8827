import { readFileSync } from 'node:fs';
import { formatter } from '@lingui/format-po';
import { describe, expect, it } from 'vitest';
import { catalogueIds, shortCatalogueIds, shortIds } from '../../scripts/lingui-english-inline.js';

const po = (locale: string) => readFileSync(`locales/${locale}/messages.po`, 'utf8');

/** A compiled catalogue through the build's renaming, as Vite's transform hook calls it. */
function renamed(ids: ReadonlyMap<string, string>, code: string, file = 'locales/es/messages.po') {
  const { transform } = shortCatalogueIds(ids);
  if (typeof transform !== 'function') throw new Error('no transform');
  const out = Reflect.apply(transform, {}, [code, file]) as { code: string; map: unknown } | null;
  // Each change comes with its source map: the build's maps stay whole (no SOURCEMAP_BROKEN).
  if (out) expect(typeof (out.map as { mappings?: unknown }).mappings).toBe('string');
  return out?.code ?? null;
}

describe('shorter message ids in the browser (issue 63)', () => {
  it.each(['en', 'es', 'en-XA'])(
    'the %s catalogue’s ids are the ones Lingui generates for its messages',
    async (locale) => {
      const parsed = await formatter({ lineNumbers: false }).parse(po(locale), {
        locale,
        sourceLocale: 'en',
        filename: `${locale}/messages.po`,
      } as never);
      expect(catalogueIds(po(locale)).sort()).toEqual(Object.keys(parsed).sort());
    },
  );

  it('each message gets its own short id, none as long as a hash (a message not extracted keeps its hash)', () => {
    const ids = shortIds(po('en'));
    const short = [...ids.values()];
    expect(ids.size).toBe(new Set(catalogueIds(po('en'))).size);
    expect(new Set(short).size).toBe(short.length);
    expect(short.every((id) => id.length > 0 && id.length < 6)).toBe(true);
    // Past one character the ids take two, still distinct.
    const many = shortIds(
      Array.from({ length: 200 }, (_, n) => `msgid "m${n}"\nmsgstr ""`).join('\n\n'),
    );
    expect(new Set(many.values()).size).toBe(200);
  });

  it('a compiled catalogue takes the same short ids as the code, its translations unchanged', () => {
    const ids = new Map([['OVaF9k', 'a']]);
    const code = `export const messages=JSON.parse(${JSON.stringify(
      JSON.stringify({ OVaF9k: ['Hola ', ['name']], zzzzzz: ['Cerrar "x"'] }),
    )});`;
    const out = renamed(ids, code) ?? '';
    const literal = /JSON\.parse\((".*")\)/.exec(out)?.[1] ?? '""';
    const text: unknown = JSON.parse(literal);
    expect(JSON.parse(String(text))).toEqual({ a: ['Hola ', ['name']], zzzzzz: ['Cerrar "x"'] });
    expect(renamed(ids, code, 'src/main.tsx')).toBeNull();
  });
});

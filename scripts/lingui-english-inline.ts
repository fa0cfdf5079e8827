import { readFileSync } from 'node:fs';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import type { RolldownBabelPreset } from '@rolldown/plugin-babel';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** The few Babel shapes this plugin reads (the project has no Babel type package). */
interface Node {
  type: string;
}
interface Property extends Node {
  key: Node & { name?: string };
  value: Node & { value?: unknown };
}
interface ObjectPath {
  node: { properties: Property[] };
}
interface ProgramPath {
  traverse(visitor: { ObjectExpression(path: ObjectPath): void }): void;
}

/**
 * English travels with the code that shows it (issue 59). The Lingui macros keep each message's
 * English beside its id, and this plugin compiles that English at build time into the form a compiled
 * catalogue holds (`["Hello ", ["name"]]`), so `i18n._` reads it when the active catalogue has no
 * entry for the id. English therefore needs no catalogue in the browser: each chunk carries only its
 * own messages (the first route only the frame's and the dashboard's), no message compiler reaches
 * the browser, and another language's catalogue (its own chunk) is loaded only by those who chose it,
 * its missing entries falling back to the English in the code.
 */
export const linguiEnglishInline = (ids: ReadonlyMap<string, string>) =>
  function linguiEnglishInline({ types: t }: { types: { valueToNode(value: unknown): Node } }) {
    const key = (p: Property) =>
      p.type === 'ObjectProperty' && p.key.type === 'Identifier' ? p.key.name : null;
    return {
      name: 'lingui-english-inline',
      visitor: {
        Program: {
          // After the macros have written their descriptors (they do it on the Program's entry).
          exit(program: ProgramPath, state: { filename?: string | null }) {
            // The apps' own messages (the source catalogue's, src/), not the server's.
            const own = state.filename?.replaceAll('\\', '/').includes('/src/') === true;
            program.traverse({
              ObjectExpression(path) {
                const props = path.node.properties;
                if (!props.some((p) => key(p) === 'id')) return;
                for (const p of props) {
                  const short = own && typeof p.value.value === 'string' && ids.get(p.value.value);
                  if (key(p) === 'id' && p.value.type === 'StringLiteral' && short) {
                    p.value = t.valueToNode(short);
                  }
                  if (key(p) !== 'message' || typeof p.value.value !== 'string') continue;
                  if (p.value.type !== 'StringLiteral') continue;
                  p.value = t.valueToNode(compileMessage(p.value.value));
                }
              },
            });
          },
        },
      },
    };
  };

/** The ids of a PO catalogue's messages, as Lingui generates them from each message and context. */
export function catalogueIds(po: string): string[] {
  const ids: string[] = [];
  for (const entry of po.split(/\r?\n\r?\n/)) {
    // A field's text: its quoted parts, on one line or several, unescaped (PO escapes are JSON's).
    const field = (name: string) => {
      const lines = new RegExp(
        `^${name} ("(?:[^"\\\\]|\\\\.)*")((?:\\n"(?:[^"\\\\]|\\\\.)*")*)`,
        'm',
      ).exec(entry);
      if (!lines) return undefined;
      const parts = [lines[1] ?? '""', ...(lines[2] ?? '').split('\n').filter(Boolean)];
      return parts.map((part): unknown => JSON.parse(part)).join('');
    };
    const message = field('msgid');
    // (The subpath's types do not resolve here: its answer, a string, is taken as one.)
    if (message) ids.push(String(generateMessageId(message, field('msgctxt'))));
  }
  return ids;
}

const DIGITS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * Shorter message ids in the browser (issue 63: the first route's bytes): each message of the
 * source catalogue gets one or two characters instead of its six-character hash, in the code and in
 * every language's compiled catalogue alike (`shortCatalogueIds`). A message not yet extracted keeps
 * its hash, which no short id can equal.
 */
export function shortIds(po: string): Map<string, string> {
  const short = (n: number): string =>
    n < DIGITS.length
      ? (DIGITS[n] ?? '')
      : short(Math.floor(n / DIGITS.length) - 1) + short(n % DIGITS.length);
  return new Map([...new Set(catalogueIds(po))].sort().map((id, n) => [id, short(n)]));
}

/** The ids of the source catalogue (locales/en/messages.po), shortened. */
export const sourceShortIds = () =>
  shortIds(readFileSync(new URL('../locales/en/messages.po', import.meta.url), 'utf8'));

/** A compiled PO catalogue (`JSON.parse("…")`, @lingui/vite-plugin) with the same short ids. */
export function shortCatalogueIds(ids: ReadonlyMap<string, string>): Plugin {
  return {
    name: 'lingui-short-ids',
    enforce: 'post',
    transform(code, id) {
      if (!id.endsWith('.po')) return null;
      const found = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(code);
      if (!found) return null;
      const text: unknown = JSON.parse(found[1] ?? '""');
      const messages: unknown = JSON.parse(String(text));
      const renamed = Object.fromEntries(
        Object.entries(typeof messages === 'object' && messages ? messages : {}).map(
          ([key, value]) => [ids.get(key) ?? key, value],
        ),
      );
      // With its source map, so the build's maps stay whole (no SOURCEMAP_BROKEN warning).
      const out = new MagicString(code);
      out.overwrite(
        found.index,
        found.index + found[0].length,
        `JSON.parse(${JSON.stringify(JSON.stringify(renamed))})`,
      );
      return { code: out.toString(), map: out.generateMap({ hires: true }) };
    },
  };
}

/** The Babel preset of @lingui/vite-plugin, its descriptors keeping the English, compiled. */
export function linguiPreset(ids: ReadonlyMap<string, string> = new Map()): RolldownBabelPreset {
  // Its filter: only the files that import a macro go through Babel.
  const { rolldown } = linguiTransformerBabelPreset() as Pick<RolldownBabelPreset, 'rolldown'>;
  return {
    preset: {
      plugins: [
        ['@lingui/babel-plugin-lingui-macro', { descriptorFields: 'message' }],
        linguiEnglishInline(ids),
      ],
    },
    rolldown,
  };
}

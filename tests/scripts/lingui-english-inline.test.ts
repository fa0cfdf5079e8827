import { createRequire } from 'node:module';
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { linguiPreset } from '../../scripts/lingui-english-inline.js';

interface AstNode {
  type: string;
  [key: string]: unknown;
}
const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';

/** A literal's value: the strings, arrays and objects a compiled message is made of. */
function valueOf(node: AstNode): unknown {
  if (node.type === 'StringLiteral') return node.value;
  if (node.type === 'ArrayExpression') return (node.elements as AstNode[]).map(valueOf);
  if (node.type === 'ObjectExpression')
    return Object.fromEntries(
      (node.properties as { key: AstNode; value: AstNode }[]).map((p) => [
        p.key.type === 'Identifier' ? p.key.name : p.key.value,
        valueOf(p.value),
      ]),
    );
  if (node.type === 'Identifier' && node.name === 'undefined') return undefined;
  if (node.type === 'UnaryExpression') return undefined; // `void 0`
  return `<${node.type}>`;
}

/** Babel's one call these tests make (the project has no Babel type package). */
const { transformSync } = createRequire(import.meta.url)('@babel/core') as {
  transformSync(
    code: string,
    options: Record<string, unknown>,
  ): { code?: string | null; ast?: unknown } | null;
};

/** A source file through the apps' Lingui preset, as the production build runs it. */
function built(code: string): { code: string; ast: AstNode } {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const result = transformSync(code, {
      ast: true,
      filename: 'page.tsx',
      configFile: false,
      babelrc: false,
      parserOpts: { plugins: ['jsx', 'typescript'] },
      presets: [linguiPreset().preset],
    });
    return { code: result?.code ?? '', ast: result?.ast as unknown as AstNode };
  } finally {
    process.env.NODE_ENV = previous;
  }
}

/** The message descriptors a built file carries (objects with an id and a message), as data. */
function descriptors({ ast }: { ast: AstNode }): { id: unknown; message: unknown }[] {
  const found: { id: unknown; message: unknown }[] = [];
  const visit = (node: AstNode) => {
    if (node.type === 'ObjectExpression') {
      const value = valueOf(node) as Record<string, unknown>;
      if ('id' in value && 'message' in value) found.push({ id: value.id, message: value.message });
    }
    for (const child of Object.values(node)) {
      if (Array.isArray(child)) child.filter(isNode).forEach(visit);
      else if (isNode(child)) visit(child);
    }
  };
  visit(ast);
  return found;
}

describe('English travels with the code that shows it (issue 59, the first-route budget)', () => {
  it('keeps each message’s English beside its id in a production build, compiled as a catalogue holds it', () => {
    const code = built(
      "import { t } from '@lingui/core/macro';\nexport const a = (name: string) => t`Hello ${name}`;\n",
    );
    const found = descriptors(code);
    expect(found).toHaveLength(1);
    expect(typeof found[0]?.id).toBe('string');
    expect(found[0]?.message).toEqual(['Hello ', ['name']]);
  });

  it('reads the English of a message no catalogue holds, its values and plurals, with no message compiler', () => {
    const i18n = setupI18n();
    // No compiler: what a production browser has.
    i18n.setMessagesCompiler(undefined as never);
    i18n.load('en', {});
    i18n.activate('en');
    const plural = descriptors(
      built(
        "import { plural } from '@lingui/core/macro';\nexport const a = (n: number) => plural(n, { one: '# task', other: '# tasks' });\n",
      ),
    );
    expect(plural).toHaveLength(1);
    const [{ id, message }] = plural as [{ id: string; message: string }];
    expect(i18n._(id, { n: 1 }, { message })).toBe('1 task');
    expect(i18n._(id, { n: 3 }, { message })).toBe('3 tasks');
  });

  it('leaves an object that is not a message descriptor as it was', () => {
    const { code } = built("export const a = { message: 'plain' };\n");
    expect(code).toContain("message: 'plain'");
  });
});

import { compileMessage } from '@lingui/message-utils/compileMessage';
import { linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import type { RolldownBabelPreset } from '@rolldown/plugin-babel';

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
export function linguiEnglishInline({
  types: t,
}: {
  types: { valueToNode(value: unknown): Node };
}) {
  const key = (p: Property) =>
    p.type === 'ObjectProperty' && p.key.type === 'Identifier' ? p.key.name : null;
  return {
    name: 'lingui-english-inline',
    visitor: {
      Program: {
        // After the macros have written their descriptors (they do it on the Program's entry).
        exit(program: ProgramPath) {
          program.traverse({
            ObjectExpression(path) {
              const props = path.node.properties;
              if (!props.some((p) => key(p) === 'id')) return;
              for (const p of props) {
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
}

/** The Babel preset of @lingui/vite-plugin, its descriptors keeping the English, compiled. */
export function linguiPreset(): RolldownBabelPreset {
  // Its filter: only the files that import a macro go through Babel.
  const { rolldown } = linguiTransformerBabelPreset() as Pick<RolldownBabelPreset, 'rolldown'>;
  return {
    preset: {
      plugins: [
        ['@lingui/babel-plugin-lingui-macro', { descriptorFields: 'message' }],
        linguiEnglishInline,
      ],
    },
    rolldown,
  };
}

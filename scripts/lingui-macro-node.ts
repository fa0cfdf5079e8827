// The machines name their messages with Lingui's `msg` macro (issue 59), which the apps' build and
// Vitest compile (scripts/lingui-english-inline.ts). The scripts that load the machines under plain
// Node (the statechart diagrams, the list of machines the apps run) need only the machines, never
// a translation: imported first, this hook gives them a `msg` that makes a descriptor of the English
// at run time (`{0}`, `{1}`… for its values), and a `t` (src/lib/task-rules.ts) that gives the English.
import { register } from 'node:module';

const runtimeMsg = `
export const msg = (strings, ...values) => {
  const message = strings.reduce((text, part, i) => text + '{' + (i - 1) + '}' + part);
  return { id: message, message, values: Object.assign({}, values) };
};
export const t = (strings, ...values) =>
  strings.reduce((text, part, i) => text + String(values[i - 1]) + part);`;
const shim = `data:text/javascript,${encodeURIComponent(runtimeMsg)}`;
const hook = `
export async function resolve(specifier, context, next) {
  return specifier === '@lingui/core/macro'
    ? { url: ${JSON.stringify(shim)}, shortCircuit: true }
    : next(specifier, context);
}`;

register(`data:text/javascript,${encodeURIComponent(hook)}`);

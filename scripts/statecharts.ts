// `npm run statecharts` writes one Mermaid diagram per machine to docs/statecharts/, generated from the
// machine definitions themselves; `--check` fails when a committed diagram no longer matches its machine,
// or describes a machine the apps do not run (app-machines.ts, the list the coverage gate uses).
// docs/statecharts/README.md is the reviewers' guide, never a diagram.
import './lingui-macro-node.js';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { appMachines, diagramsOfNoRunningMachine } from './app-machines.js';
import { stateLabel, transitionLabel, transitionsOf } from '../src/inspector/chart-labels.js';

const machinesDir = 'src/machines';
const outDir = 'docs/statecharts';
const check = process.argv.includes('--check');

const idOf = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9_]/g, '_');

function transitionLines(from: string, node: AnyStateNode, indent: string, lines: string[]) {
  for (const t of transitionsOf(node)) {
    const targets: AnyStateNode[] = t.target ? [...t.target] : [];
    const label = transitionLabel(t);
    for (const target of targets) lines.push(`${indent}${from} --> ${idOf(target)} : ${label}`);
    if (targets.length === 0) lines.push(`${indent}${from} --> ${from} : ${label}`);
  }
}

function render(node: AnyStateNode, indent: string, lines: string[]) {
  const children = Object.values(node.states) as AnyStateNode[];
  if (children.length === 0) return;
  const initial = node.initial?.target?.[0];
  if (initial && node.type !== 'parallel') lines.push(`${indent}[*] --> ${idOf(initial)}`);
  for (const child of children) {
    const label = stateLabel(child);
    if (Object.keys(child.states).length > 0) {
      lines.push(`${indent}state "${label}" as ${idOf(child)} {`);
      render(child, `${indent}  `, lines);
      lines.push(`${indent}}`);
    } else {
      lines.push(`${indent}state "${label}" as ${idOf(child)}`);
    }
    if (child.type === 'final') lines.push(`${indent}${idOf(child)} --> [*]`);
  }
  for (const child of children) transitionLines(idOf(child), child, indent, lines);
}

/** The actors the machine's root invokes, with their systemIds: the parts of a composed system. */
function invokesOf(machine: AnyStateMachine): string {
  const invokes = machine.root.invoke;
  if (invokes.length === 0) return '';
  const rows = invokes.map(
    (i) =>
      `- \`${i.id}\`${i.systemId ? ` (systemId \`${i.systemId}\`)` : ''}: ${typeof i.src === 'string' ? i.src : 'inline actor'}`,
  );
  return `Invokes, for as long as it runs:\n\n${rows.join('\n')}\n\n`;
}

/** Every state node of the machine, the root included. */
const nodesOf = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...Object.values(node.states).flatMap((child) => nodesOf(child as AnyStateNode)),
];

/**
 * The child machines below the root: each one invoked in a state (named), or spawned by an action
 * (one actor each time, such as one task actor per task). Root invokes are listed above.
 */
function childMachinesOf(machine: AnyStateMachine): string {
  const invokedIn = new Map<string, string[]>();
  for (const node of nodesOf(machine.root)) {
    if (node === machine.root) continue;
    for (const i of node.invoke) {
      if (typeof i.src === 'string')
        invokedIn.set(i.src, [...(invokedIn.get(i.src) ?? []), node.path.join('.')]);
    }
  }
  const atRoot = new Set(machine.root.invoke.map((i) => i.src));
  const rows = Object.entries(machine.implementations.actors).flatMap(([name, logic]) => {
    if (atRoot.has(name) || typeof logic !== 'object' || logic === null || !('root' in logic)) {
      return [];
    }
    const states = invokedIn.get(name);
    const how = states
      ? `invoked in ${states.map((s) => `\`${s}\``).join(', ')}`
      : 'spawned, one actor each time an action spawns it';
    const id = 'id' in logic && typeof logic.id === 'string' ? logic.id : name;
    return [`- \`${name}\` (the ${id} machine): ${how}`];
  });
  return rows.length ? `Child machines:\n\n${rows.join('\n')}\n\n` : '';
}

export function toMermaid(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2'];
  render(machine.root, '  ', lines);
  // Transitions of the machine itself apply in every state: drawn from an "any state" marker.
  if (machine.root.transitions.size > 0) {
    const any = `${idOf(machine.root)}__any`;
    lines.push(`  state "(any state)" as ${any}`);
    transitionLines(any, machine.root, '  ', lines);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The server's machines (issue 89: the payment's states, `server/payments/payment.machine.ts`):
 * pure charts the server moves its records through, diagrammed in docs/statecharts/server/.
 */
const serverMachineDirs = ['server/payments'];

async function diagram(dir: string, out: string, stale: string[]): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.machine.ts'))
    .sort();
  mkdirSync(out, { recursive: true });
  for (const file of files) {
    const module = (await import(pathToFileURL(path.resolve(dir, file)).href)) as Record<
      string,
      unknown
    >;
    const name = file.replace(/\.machine\.ts$/, '');
    // Factories such as createSectionMachine end in "Machine" too: take the machine itself.
    const exported = Object.entries(module).find(
      ([key, value]) => key.endsWith('Machine') && typeof value === 'object' && value !== null,
    );
    if (!exported) throw new Error(`${file} exports no …Machine`);
    const machine = exported[1] as AnyStateMachine;
    const markdown = `# ${name} machine\n\nGenerated by \`npm run statecharts\` from \`${dir}/${file}\`; do not edit.\n\n${invokesOf(machine)}${childMachinesOf(machine)}\`\`\`mermaid\n${toMermaid(machine)}\`\`\`\n`;
    const target = path.join(out, `${name}.md`);
    if (check) {
      if (!existsSync(target) || readFileSync(target, 'utf8') !== markdown) stale.push(target);
    } else {
      writeFileSync(target, markdown);
    }
  }
  return files;
}

const stale: string[] = [];
const files = await diagram(machinesDir, outDir, stale);
let serverFiles = 0;
for (const dir of serverMachineDirs) {
  serverFiles += (await diagram(dir, path.join(outDir, 'server'), stale)).length;
}
if (check) {
  const { isRun } = await appMachines(machinesDir);
  const dead = diagramsOfNoRunningMachine(readdirSync(outDir), files, isRun);
  if (dead.length) {
    console.error(
      `Diagrams of machines the apps do not run (delete the machine and its diagram, or run it):\n  ${dead.map((d) => path.join(outDir, d)).join('\n  ')}`,
    );
    process.exitCode = 1;
  }
}
if (check && stale.length) {
  console.error(
    `Stale statechart diagrams (run \`npm run statecharts\` and commit):\n  ${stale.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(
  `${check ? 'Checked' : 'Wrote'} ${files.length + serverFiles} statechart diagram(s) in ${outDir}/`,
);

/**
 * A machine's statechart drawn in the browser from its definition (issue 49): the content of its
 * diagram in docs/statecharts/ (the same labels, `chart-labels.ts`) as nested boxes, each state
 * with its transitions, parallel regions side by side. The active states are marked, and their
 * labels carry aria-current="true".
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { stateLabel, transitionLabel, transitionsOf } from './chart-labels.js';

/** The ids of the state nodes a snapshot's value makes active. */
export function activeNodeIds(root: AnyStateNode, value: unknown): Set<string> {
  const active = new Set<string>([root.id]);
  const visit = (node: AnyStateNode, v: unknown) => {
    if (typeof v === 'string') {
      const child = node.states[v] as AnyStateNode | undefined;
      if (child) active.add(child.id);
      return;
    }
    if (typeof v !== 'object' || v === null) return;
    for (const [key, inner] of Object.entries(v)) {
      const child = node.states[key] as AnyStateNode | undefined;
      if (!child) continue;
      active.add(child.id);
      visit(child, inner);
    }
  };
  visit(root, value);
  return active;
}

const targetsOf = (targets: readonly AnyStateNode[] | undefined, from: AnyStateNode) =>
  targets?.length ? targets.map((t) => t.path.join('.') || t.key).join(', ') : from.key;

function StateBox({ node, active }: { node: AnyStateNode; active: Set<string> }) {
  const children = Object.values(node.states) as AnyStateNode[];
  const isActive = active.has(node.id);
  const initial = node.initial?.target?.[0]?.key;
  const transitions = transitionsOf(node);
  return (
    <li
      className={`chart__state${isActive ? ' chart__state--active' : ''}${node.type === 'parallel' ? ' chart__state--parallel' : ''}`}
    >
      <span className="chart__label" aria-current={isActive ? 'true' : undefined}>
        {stateLabel(node)}
        {node.type === 'final' && ' (final)'}
        {isActive && <span className="visually-hidden"> (active)</span>}
      </span>
      {transitions.length > 0 && (
        <ul className="chart__transitions" aria-label={`Transitions from ${node.key}`}>
          {transitions.map((t, i) => (
            <li key={i}>
              {transitionLabel(t)} → {targetsOf(t.target, node)}
            </li>
          ))}
        </ul>
      )}
      {children.length > 0 && (
        <>
          {initial && node.type !== 'parallel' && (
            <p className="chart__initial">starts in {initial}</p>
          )}
          <ul className="chart__states">
            {children.map((child) => (
              <StateBox key={child.id} node={child} active={active} />
            ))}
          </ul>
        </>
      )}
    </li>
  );
}

/** The chart of `machine`, with the states `value` makes active marked. */
export function Chart({ machine, value }: { machine: AnyStateMachine; value: unknown }) {
  const active = activeNodeIds(machine.root, value);
  const root = machine.root;
  const transitions = transitionsOf(root);
  return (
    <div className="chart">
      {transitions.length > 0 && (
        <ul className="chart__transitions" aria-label="Transitions in any state">
          {transitions.map((t, i) => (
            <li key={i}>
              (any state) {transitionLabel(t)} → {targetsOf(t.target, root)}
            </li>
          ))}
        </ul>
      )}
      <ul className={`chart__states${root.type === 'parallel' ? ' chart__states--parallel' : ''}`}>
        {(Object.values(root.states) as AnyStateNode[]).map((child) => (
          <StateBox key={child.id} node={child} active={active} />
        ))}
      </ul>
    </div>
  );
}

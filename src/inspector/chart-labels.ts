/**
 * How a statechart's transitions read: the same labels `npm run statecharts` writes into
 * docs/statecharts/ (scripts/statecharts.ts) and the inspector draws in the browser (`chart.tsx`).
 */
import type { AnyStateNode, AnyTransitionDefinition } from 'xstate';

export function guardName(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type);
  return 'guard';
}

/**
 * The named actions of a transition or entry, and `send … to <id>` for inline sends to a child:
 * how the diagrams show each cross-actor step. Inline assigns are left out.
 */
export function actionNames(actions: readonly unknown[] | undefined): string[] {
  return (actions ?? []).flatMap((action): string[] => {
    if (typeof action === 'string') return [action];
    if (typeof action === 'object' && action !== null && 'type' in action) {
      return typeof action.type === 'string' ? [action.type] : [];
    }
    if (typeof action === 'function' && 'type' in action && action.type === 'xstate.sendTo') {
      const to = 'to' in action ? action.to : undefined;
      return typeof to === 'string' ? [`send to ${to}`] : [];
    }
    return [];
  });
}

export const withActions = (label: string, actions: readonly unknown[] | undefined) => {
  const names = actionNames(actions);
  return names.length ? `${label} / ${names.join(', ')}` : label;
};

export function eventLabel(eventType: string): string {
  return eventType
    .replace(/^xstate\.done\.actor\.(.+)$/, 'done: $1')
    .replace(/^xstate\.error\.actor\.(.+)$/, 'error: $1')
    .replace(/^xstate\.after\.(\d+)\..*$/, 'after $1 ms');
}

/** A transition's label: its event (or "always"), its guard, its named actions. */
export function transitionLabel(t: AnyTransitionDefinition): string {
  const guard = guardName(t.guard);
  const event = t.eventType ? eventLabel(String(t.eventType)) : 'always';
  return withActions(`${event}${guard ? ` [${guard}]` : ''}`, t.actions);
}

/** A node's transitions: each event's alternatives, then its eventless ones. */
export const transitionsOf = (node: AnyStateNode): AnyTransitionDefinition[] => [
  ...[...node.transitions.values()].flat(),
  ...(node.always ?? []),
];

/** A state's label: its key, its tags, its entry actions. */
export function stateLabel(node: AnyStateNode): string {
  const tags = [...node.tags].sort();
  const entry = actionNames(node.entry);
  return `${node.key}${tags.length ? ` [${tags.join(', ')}]` : ''}${entry.length ? ` / entry: ${entry.join(', ')}` : ''}`;
}

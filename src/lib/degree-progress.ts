import type { DegreeBlock, DegreeState } from '../../contract/sis/degree-progress.schema.js';

/** Issue 92: still needed first, then in progress, then complete; the audit's order within each. */
const RANK: Record<DegreeState, number> = { needed: 0, 'in-progress': 1, complete: 2 };

export const stillNeededFirst = <T extends { state: DegreeState }>(list: readonly T[]): T[] =>
  list
    .map((item, at) => ({ item, at }))
    .sort((a, b) => RANK[a.item.state] - RANK[b.item.state] || a.at - b.at)
    .map(({ item }) => item);

/** The blocks in reading order: still needed first, the courses applied to no requirement last. */
export const orderBlocks = (blocks: readonly DegreeBlock[]): DegreeBlock[] => [
  ...stillNeededFirst(blocks.filter((b) => b.kind !== 'not-applied')),
  ...blocks.filter((b) => b.kind === 'not-applied'),
];

import { describe, expect, it } from 'vitest';
import type { DegreeBlock } from '../../contract/sis/degree-progress.schema.js';
import { orderBlocks, stillNeededFirst } from '../../src/lib/degree-progress.js';

const block = (kind: DegreeBlock['kind'], title: string, state: DegreeBlock['state']) => ({
  kind,
  title,
  state,
  rules: [],
  courses: [],
});

describe('issue 92: degree progress reads still needed first', () => {
  it('still needed first, then in progress, then complete, the audit’s order kept within each', () => {
    const rules = [
      { label: 'a', state: 'complete' as const },
      { label: 'b', state: 'needed' as const },
      { label: 'c', state: 'in-progress' as const },
      { label: 'd', state: 'needed' as const },
    ];
    expect(stillNeededFirst(rules).map((r) => r.label)).toEqual(['b', 'd', 'c', 'a']);
  });

  it('the courses applied to no requirement come last, whatever their state', () => {
    const blocks = [
      block('not-applied', 'Courses not applied', 'needed'),
      block('degree', 'Bachelor of Science', 'complete'),
      block('major', 'Computer Science', 'needed'),
    ];
    expect(orderBlocks(blocks).map((b) => b.title)).toEqual([
      'Computer Science',
      'Bachelor of Science',
      'Courses not applied',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { degreeProgressSchema } from '../../../../contract/sis/degree-progress.schema.js';
import type { DegreeProgress } from '../../../../contract/sis/degree-progress.schema.js';
import { degreeProgressOf } from '../../../../server/sis/degreeworks/audit.js';
import { auditSchema } from '../../../../server/sis/degreeworks/wire.js';
import { studentAudit } from '../../../fake-degreeworks/fixtures.js';
import type { Plain } from '../../../fake-degreeworks/fixtures.js';

const WHAT_IF = 'https://dw.example.edu/what-if';
const mapped = (audit: Plain = studentAudit()): DegreeProgress =>
  degreeProgressSchema.parse(degreeProgressOf(auditSchema.parse(audit), WHAT_IF));
const rule = (audit: DegreeProgress, label: string) => {
  const found = audit.blocks.flatMap((b) => b.rules).find((r) => r.label === label);
  if (!found) throw new Error(`no rule ${label}`);
  return found;
};

describe('a DegreeWorks audit as the contract has it (issue 92)', () => {
  it("takes the header's figures as they are: requirements 38 %, credits 81 of the degree block's 180", () => {
    const audit = mapped();
    expect(audit).toMatchObject({
      as_of: '2026-11-28T14:05:00Z',
      catalog_year: '2025-2026',
      percent_requirements: 38,
      credits_applied: 81,
      credits_required: 180,
      percent_credits: 45,
      what_if_url: WHAT_IF,
    });
  });

  it('gives each block its kind by requirementType (OTHER is general education) and the not-applied block last', () => {
    const audit = mapped();
    expect(audit.blocks.map((b) => [b.kind, b.title])).toEqual([
      ['degree', 'Bachelor of Science'],
      ['general-education', 'University Studies'],
      ['major', 'Computer Science'],
      ['minor', 'Mathematics'],
      ['not-applied', 'Not applied'],
    ]);
  });

  it('a still-needed rule remains its classesBegin less those applied, from its courseArray without wildcards or hidden ones', () => {
    const arts = rule(mapped(), 'Arts and letters: Two classes');
    expect(arts.state).toBe('needed');
    expect(arts.remaining).toEqual({
      unit: 'classes',
      count: 2,
      from: ['ART 101', 'ENG 104', 'MUS 105', 'PHL 201'],
    });
    // One of two applied: one remains, the applied one no longer offered.
    expect(rule(mapped(), 'Calculus').remaining).toEqual({
      unit: 'classes',
      count: 1,
      from: ['MTH 252'],
    });
  });

  it("a credits rule remains its creditsBegin, a range named as one; IfStmt's taken part only", () => {
    const audit = mapped();
    expect(rule(audit, 'Upper-division electives').remaining).toEqual({
      unit: 'credits',
      count: 12,
      from: ['CS 300-499'],
    });
    expect(audit.blocks.flatMap((b) => b.rules).some((r) => r.label === 'Capstone')).toBe(false);
  });

  it('a class graded IP is in progress with no grade, and its rule in progress though 98 %', () => {
    const writing = rule(mapped(), 'Writing');
    expect(writing.state).toBe('in-progress');
    expect(writing.courses).toEqual([
      {
        course: 'WR 121',
        title: 'College Writing',
        term: '202604',
        credits: 4,
        grade: null,
        in_progress: true,
      },
    ]);
    // The flag alone makes it in progress: a rule at 0 % with its class under way is not "needed".
    const audit = studentAudit();
    const [, general] = audit.blockArray as Plain[];
    const [, writingRule] = (general?.ruleArray ?? []) as Plain[];
    Object.assign(writingRule ?? {}, { percentComplete: '0' });
    expect(rule(mapped(audit), 'Writing').state).toBe('in-progress');
    Object.assign(writingRule ?? {}, { inProgressIncomplete: 'No', classesAppliedToRule: {} });
    expect(rule(mapped(audit), 'Writing').state).toBe('needed');
    expect(rule(mapped(), 'Science').state).toBe('complete');
    expect(rule(mapped(), 'Institutional GPA of 2.00').state).toBe('complete');
  });

  it('the not-applied block lists the classes applied to no rule and those set aside as insufficient', () => {
    const audit = studentAudit();
    const notApplied = mapped(audit).blocks.find((b) => b.kind === 'not-applied');
    expect(notApplied?.courses.map((c) => [c.course, c.grade])).toEqual([
      ['PE 101', 'A'],
      ['MTH 111', 'D'],
    ]);
  });

  it('refuses an answer that is not an audit rather than showing an empty one', () => {
    expect(auditSchema.safeParse({ blockArray: [] }).success).toBe(false);
    const long = studentAudit();
    (long.blockArray as Plain[]).push(
      ...Array.from({ length: 60 }, () => ({ requirementType: 'OTHER', title: 'x' })),
    );
    expect(auditSchema.safeParse(long).success).toBe(false);
  });
});

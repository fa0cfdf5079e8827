import { beforeAll, describe, expect, it } from 'vitest';
import {
  academicStandingLabel,
  advisorName,
  gpaLabel,
  orderAdvisors,
  orderCurricula,
  pickGpa,
  programsOf,
  residencyLabel,
} from '../../src/lib/academics.js';
import { classStandingLabel } from '../../src/lib/class-standing.js';
import { curriculum } from './academics-fixtures.js';
import { activateLocale } from '../../src/lib/i18n.js';

// The portal's own words (the Transfer label) are read in the active language: English here.
beforeAll(() => activateLocale('en'));

describe('the academic program', () => {
  it('curricula are ordered by CUR_PRIORITY, then FOS_PRIORITY', () => {
    const ordered = orderCurricula([
      curriculum({ CUR_PRIORITY: 2, FOS_PRIORITY: 1, FOS: 'B' }),
      curriculum({ CUR_PRIORITY: 1, FOS_PRIORITY: 2, FOS: 'C' }),
      curriculum({ CUR_PRIORITY: 1, FOS_PRIORITY: 1, FOS: 'A' }),
    ]);
    expect(ordered.map((c) => c.FOS)).toEqual(['A', 'C', 'B']);
  });

  it('fields of study of one curriculum form one program, majors apart from minors', () => {
    const [program] = programsOf([
      curriculum({ FOS_PRIORITY: 2, FOS_CODE: 'MINOR', FOS: 'MTH' }),
      curriculum({ FOS_PRIORITY: 1, FOS_CODE: 'MAJOR', FOS: 'CS' }),
    ]);
    expect(program?.majors.map((c) => c.FOS)).toEqual(['CS']);
    expect(program?.minors.map((c) => c.FOS)).toEqual(['MTH']);
  });

  it('without a residency status it reads "No Residency Status / Not Applicable"', () => {
    expect(residencyLabel([curriculum({ RESIDENCY_STATUS: null })])).toBe(
      'No Residency Status / Not Applicable',
    );
    expect(residencyLabel([curriculum()])).toBe('Oregon Resident');
  });
});

describe('standing (portal.md §5, §8)', () => {
  it('a class standing of "Transfer" shows as "Freshman - Awaiting Transfer Credits"', () => {
    expect(classStandingLabel('Transfer')).toBe('Freshman - Awaiting Transfer Credits');
    expect(classStandingLabel('Sophomore')).toBe('Sophomore');
  });

  it('no class standing reads "No Class Standing/Not Applicable"', () => {
    expect(classStandingLabel(null)).toBe('No Class Standing/Not Applicable');
  });

  it('no academic standing message reads "No Current Standing / Not Applicable"', () => {
    expect(academicStandingLabel(null)).toBe('No Current Standing / Not Applicable');
    expect(academicStandingLabel('  ')).toBe('No Current Standing / Not Applicable');
    expect(academicStandingLabel('Good Standing')).toBe('Good Standing');
  });
});

describe('GPA (portal.md §9)', () => {
  it('is shown with two decimals', () => {
    expect(gpaLabel({ GPATYPEINDICATOR: 'I', LEVELCODE: 'UG', GPA: 3.4567 })).toBe('3.46');
    expect(gpaLabel({ GPATYPEINDICATOR: 'I', LEVELCODE: 'UG', GPA: 4 })).toBe('4.00');
  });

  it('a graduate GPA (LEVELCODE GR) is labelled "(Graduate)"', () => {
    expect(gpaLabel({ GPATYPEINDICATOR: 'I', LEVELCODE: 'GR', GPA: 3.912 })).toBe(
      '3.91 (Graduate)',
    );
  });

  it('no GPA reads "Not available"', () => {
    expect(gpaLabel(pickGpa([]))).toBe('Not available');
  });

  it('the graduate GPA is picked over an undergraduate one, the institutional one first', () => {
    const picked = pickGpa([
      { GPATYPEINDICATOR: 'T', LEVELCODE: 'UG', GPA: 3.25 },
      { GPATYPEINDICATOR: 'T', LEVELCODE: 'GR', GPA: 3.5 },
      { GPATYPEINDICATOR: 'I', LEVELCODE: 'GR', GPA: 3.912 },
    ]);
    expect(picked).toMatchObject({ LEVELCODE: 'GR', GPATYPEINDICATOR: 'I' });
  });
});

describe('advisors', () => {
  it('the primary advisor (ADV_PRIM "Y") comes first', () => {
    const advisor = (ADV_NAME: string, ADV_PRIM: 'Y' | 'N') => ({
      ADV_NAME,
      ADV_PRIM,
      ADV_EMAIL_ADDRESS: null,
      ADV_TERM_EFF: '202604',
      ADV_CODE: 'ACAD',
      ADV_CODE_DESC: 'Academic Advisor',
      ADV_PHOTO: null,
    });
    const ordered = orderAdvisors([advisor('Kim, Jordan', 'N'), advisor('Nguyen, Linh', 'Y')]);
    expect(ordered.map((a) => a.ADV_NAME)).toEqual(['Nguyen, Linh', 'Kim, Jordan']);
  });

  it('a name written "Last, First" reads "First Last"', () => {
    expect(advisorName('Nguyen, Linh')).toBe('Linh Nguyen');
    expect(advisorName('Prince')).toBe('Prince');
  });
});

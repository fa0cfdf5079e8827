import type {
  DegreeBlock,
  DegreeCourse,
  DegreeProgress,
  DegreeRemaining,
  DegreeRule,
  DegreeState,
} from '../../../contract/sis/degree-progress.schema.js';
import { DW_RULE_DEPTH_MAX } from './wire.js';
import type { DwAppliedClass, DwAudit, DwBlock, DwClass, DwRule } from './wire.js';

/**
 * A DegreeWorks audit (wire.ts) as the contract's `DegreeProgress`: the audit DegreeWorks made,
 * shown as it is. No rule is evaluated here: each state is DegreeWorks' `percentComplete` and its
 * in-progress flags, what remains is the rule's own figure less what DegreeWorks applied to it.
 */

const KINDS: Record<string, DegreeBlock['kind']> = {
  DEGREE: 'degree',
  MAJOR: 'major',
  MINOR: 'minor',
};

/** "CS 3358", or "CS 3000-3999" for a range. */
const courseName = (c: { discipline: string; number: string; numberEnd?: string | undefined }) =>
  `${c.discipline.trim()} ${c.number.trim()}${c.numberEnd ? `-${c.numberEnd.trim()}` : ''}`;

const classKey = (c: { discipline: string; number: string }) => courseName(c).toUpperCase();

const yes = (v: string | undefined) => v !== undefined && /^(y|yes|true)$/i.test(v.trim());

/** DegreeWorks' term when it is the portal's `YYYY0Q` (a campus's own form is left unnamed). */
const termOf = (term: string | undefined) => (term && /^\d{4}0[1-4]$/.test(term) ? term : null);

/** Whether a class is in progress: flagged so, or graded "IP" (a term not yet graded). */
const inProgress = (c: DwAppliedClass) => yes(c.inProgress) || c.letterGrade?.trim() === 'IP';

/** The record's classes by id and by "CS 3358", for what an applied class leaves out. */
function recordOf(audit: DwAudit) {
  const classes = audit.classInformation?.classArray ?? [];
  const byId = new Map<string, DwClass>();
  const byName = new Map<string, DwClass>();
  for (const c of classes) {
    if (c.id) byId.set(c.id, c);
    if (!byName.has(classKey(c))) byName.set(classKey(c), c);
  }
  return {
    classes,
    find: (c: DwAppliedClass) => (c.id && byId.get(c.id)) || byName.get(classKey(c)),
  };
}
type Record_ = ReturnType<typeof recordOf>;

function course(applied: DwAppliedClass, record: Record_): DegreeCourse {
  const known = record.find(applied);
  const c = { ...known, ...applied, courseTitle: applied.courseTitle ?? known?.courseTitle };
  const taking = inProgress(c);
  const grade = c.letterGrade?.trim();
  return {
    course: courseName(c),
    title: c.courseTitle?.trim() || null,
    term: termOf(c.term ?? known?.term),
    credits: Math.max(0, c.credits ?? 0),
    grade: taking || !grade ? null : grade,
    in_progress: taking,
  };
}

/** A rule's or block's state: 100 % complete; in progress when flagged or begun; else needed. */
function stateOf(percent: number | null | undefined, flagged: boolean): DegreeState {
  if ((percent ?? 0) >= 100) return 'complete';
  if (flagged || (percent ?? 0) > 0) return 'in-progress';
  return 'needed';
}

/** What a Course rule still needs: its classes (else credits) less those applied, and its choices. */
function remainingOf(rule: DwRule, applied: DegreeCourse[]): DegreeRemaining | null {
  const need = rule.requirement;
  const taken = new Set(applied.map((c) => c.course.toUpperCase()));
  const from = (need?.courseArray ?? [])
    .filter((c) => c.discipline !== '@' && c.number !== '@' && !yes(c.hideFromAdvice))
    .map(courseName)
    .filter((name, i, all) => !taken.has(name.toUpperCase()) && all.indexOf(name) === i);
  const classes = (need?.classesBegin ?? 0) - applied.length;
  if ((need?.classesBegin ?? 0) > 0) {
    return classes > 0 ? { unit: 'classes', count: classes, from } : null;
  }
  const credits = (need?.creditsBegin ?? 0) - applied.reduce((sum, c) => sum + c.credits, 0);
  return credits > 0 ? { unit: 'credits', count: credits, from } : null;
}

/** The rules of a tree as the contract's flat list: Group, Subset and IfStmt give their members. */
function rulesOf(rules: DwRule[], record: Record_, prefix: string, depth = 0): DegreeRule[] {
  if (depth > DW_RULE_DEPTH_MAX) return [];
  return rules.flatMap((rule): DegreeRule[] => {
    const label = `${prefix}${rule.label?.trim() || rule.ruleType}`;
    if (rule.ruleType === 'IfStmt') {
      // The part DegreeWorks took: the else part when its condition was false.
      const part =
        rule.booleanEvaluation?.trim().toLowerCase() === 'false'
          ? rule.requirement?.elsePart
          : rule.requirement?.ifPart;
      return rulesOf(part?.ruleArray ?? [], record, prefix, depth + 1);
    }
    if ((rule.ruleType === 'Group' || rule.ruleType === 'Subset') && rule.ruleArray?.length) {
      return rulesOf(rule.ruleArray, record, `${label}: `, depth + 1);
    }
    const courses = (rule.classesAppliedToRule?.classArray ?? []).map((c) => course(c, record));
    const flagged = yes(rule.inProgressIncomplete) || courses.some((c) => c.in_progress);
    const state =
      rule.ruleType === 'Complete'
        ? 'complete'
        : rule.ruleType === 'Incomplete'
          ? 'needed'
          : stateOf(rule.percentComplete, flagged);
    const remaining =
      state === 'complete' || rule.ruleType !== 'Course' ? null : remainingOf(rule, courses);
    return [{ label, state, remaining, courses }];
  });
}

/** Every class DegreeWorks applied to some rule, by "CS 3358". */
function appliedKeys(rules: DwRule[], into = new Set<string>(), depth = 0): Set<string> {
  if (depth > DW_RULE_DEPTH_MAX) return into;
  for (const rule of rules) {
    for (const c of rule.classesAppliedToRule?.classArray ?? []) into.add(classKey(c));
    appliedKeys(rule.ruleArray ?? [], into, depth + 1);
    appliedKeys(rule.requirement?.ifPart?.ruleArray ?? [], into, depth + 1);
    appliedKeys(rule.requirement?.elsePart?.ruleArray ?? [], into, depth + 1);
  }
  return into;
}

function block(b: DwBlock, record: Record_): DegreeBlock {
  const rules = rulesOf(b.ruleArray, record, '');
  const flagged = rules.some((r) => r.state === 'in-progress');
  return {
    kind: KINDS[b.requirementType.trim().toUpperCase()] ?? 'general-education',
    title: b.title.trim() || b.requirementType,
    state: stateOf(b.percentComplete, flagged),
    rules,
    courses: [],
  };
}

/**
 * The record's classes counted toward no requirement: those applied to no rule, and those
 * DegreeWorks set aside (insufficient, or forced to fallthrough).
 */
function notApplied(audit: DwAudit, record: Record_): DegreeBlock | null {
  const applied = appliedKeys(audit.blockArray.flatMap((b) => b.ruleArray));
  const courses = record.classes
    .filter(
      (c) =>
        !applied.has(classKey(c)) ||
        Boolean(c.reasonInsufficient?.trim()) ||
        yes(c.forceInsufficient) ||
        yes(c.forceToFallthrough),
    )
    .map((c) => course(c, record));
  if (courses.length === 0) return null;
  return { kind: 'not-applied', title: 'Not applied', state: 'complete', rules: [], courses };
}

/** When the audit was run, from its header's date and time fields (taken as UTC). */
function asOf(h: DwAudit['auditHeader']): string {
  const two = (v: string | undefined) => (v ?? '0').trim().padStart(2, '0').slice(-2);
  return `${h.dateYear}-${two(h.dateMonth)}-${two(h.dateDay)}T${two(h.timeHour)}:${two(h.timeMinute)}:00Z`;
}

const percent = (v: number | null | undefined) => Math.min(100, Math.max(0, v ?? 0));

/** The audit as the contract's answer; `whatIfUrl` the campus's what-if tool. */
export function degreeProgressOf(audit: DwAudit, whatIfUrl: string | null): DegreeProgress {
  const record = recordOf(audit);
  const h = audit.auditHeader;
  const degree = audit.blockArray.find((b) => b.requirementType.trim().toUpperCase() === 'DEGREE');
  const applied =
    degree?.creditsApplied ??
    (h.residentApplied ?? 0) + (h.transferApplied ?? 0) + (h.examAppliedCredits ?? 0);
  // The degree block's credits qualifier (its header's "Credits 120").
  const required = degree?.header?.qualifierArray?.find((q) => (q.credits ?? 0) > 0)?.credits ?? 0;
  const catalog =
    audit.degreeInformation?.degreeDataArray?.[0]?.catalogYearLit?.trim() ||
    degree?.catalogYearLit?.trim() ||
    degree?.catalogYear?.trim() ||
    'Unknown';
  const extra = notApplied(audit, record);
  return {
    as_of: asOf(h),
    catalog_year: catalog,
    percent_requirements: percent(h.percentComplete),
    percent_credits: required > 0 ? percent(Math.round((applied / required) * 100)) : 0,
    credits_applied: Math.max(0, applied),
    credits_required: required,
    blocks: [...audit.blockArray.map((b) => block(b, record)), ...(extra ? [extra] : [])],
    what_if_url: whatIfUrl,
  };
}

/** The changes to a student's record the portal names (issue 74). */
export const CHANGE_KINDS = [
  'hold-added',
  'hold-removed',
  'class-added',
  'class-dropped',
  'class-moved',
  'grade-posted',
  'balance-changed',
  'advisor-new',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export type Criticality = 'urgent' | 'normal';

/** A hold added and a class dropped or cancelled are urgent; the rest are news. */
export const criticalityOf = (kind: ChangeKind): Criticality =>
  kind === 'hold-added' || kind === 'class-dropped' ? 'urgent' : 'normal';

/** One change: its kind, what it is about (a hold code, a section, a course) and how to name it. */
export interface Change {
  kind: ChangeKind;
  /** Stable within the kind: the hold code, `term:CRN`, `balance`, the advisor's id. */
  subject: string;
  /** What the texts name: the hold's name, "CS 161", the advisor's name; never a grade. */
  label: string;
  /** A course's term, for the link to its grades. */
  term?: string;
  criticality: Criticality;
}

/** The portal page that shows each kind (the portal's routes, `src/routes/portal/`). */
export function linkOf(change: Pick<Change, 'kind' | 'term'>): string {
  switch (change.kind) {
    case 'hold-added':
    case 'hold-removed':
      return '/account#holds';
    case 'class-added':
    case 'class-dropped':
    case 'class-moved':
      return '/academics';
    case 'grade-posted':
      return change.term ? `/academics?term=${change.term}` : '/academics';
    case 'balance-changed':
      return '/finances';
    case 'advisor-new':
      return '/academics#advisors';
  }
}

import type { ChangeKind } from '../../contract/admin/change-rules.schema.js';
import type { Channel } from '../../contract/channel.schema.js';

/** The changes to a student's record the portal names (issue 74): the contract's list. */
export { CHANGE_KINDS } from '../../contract/admin/change-rules.schema.js';
export type { ChangeKind };

export type Criticality = 'urgent' | 'normal';

/** A hold added and a class dropped or cancelled are urgent; the rest are news. */
export const criticalityOf = (kind: ChangeKind): Criticality =>
  kind === 'hold-added' || kind === 'class-dropped' ? 'urgent' : 'normal';

/**
 * The channels beside the bell a change goes out by, as its criticality decides (each person's
 * preferences, quiet hours and unsubscribe still apply): an urgent change by email, text and push;
 * news (a grade posted, a payment) by push alone, whose text never carries a grade or an amount.
 */
export const channelsOf = (criticality: Criticality): readonly Channel[] =>
  criticality === 'urgent' ? ['email', 'sms', 'push'] : ['push'];

/** One change: its kind, what it is about (a hold code, a section, a course) and how to name it. */
export interface Change {
  kind: ChangeKind;
  /** Stable within the kind: the hold code, `term:CRN`, `balance`, the advisor's id. */
  subject: string;
  /** What the texts name: the hold's name, "CS 161", the advisor's name; never a grade. */
  label: string;
  /** A course's term, for the link to its grades. */
  term?: string;
  /** A hold's office (HOLDORIGINATINGOFFICEDESCRIPTION): "Registrar removed this hold". */
  office?: string;
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
    case 'balance-due':
    case 'balance-paid':
      return '/finances';
    case 'advisor-new':
      return '/academics#advisors';
  }
}

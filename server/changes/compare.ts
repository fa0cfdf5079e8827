import type { Fingerprint } from './fingerprint.js';
import { criticalityOf } from './kinds.js';
import type { Change, ChangeKind } from './kinds.js';

const change = (
  kind: ChangeKind,
  subject: string,
  label: string,
  term?: string,
  office?: string,
): Change => ({
  kind,
  subject,
  label,
  ...(term === undefined ? {} : { term }),
  ...(office ? { office } : {}),
  criticality: criticalityOf(kind),
});

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

type Balance = NonNullable<Fingerprint['balance']>;

/**
 * Which balance change it is (issue 89), one kind per change so the student is told once: the amount
 * due (CHARGES_AMOUNT_DUE) reaching nothing is the bill paid, whatever paid it (a payment made here,
 * at the cashier, by aid); an amount due where none was is a new bill; any other move of the amount
 * due or of the payments received is a balance changed. A part payment leaves an amount due, so it
 * does not complete "Pay your term bill".
 */
function balanceKind(before: Balance, after: Balance): ChangeKind {
  if (before.due > 0 && after.due <= 0) return 'balance-paid';
  if (before.due <= 0 && after.due > 0) return 'balance-due';
  return 'balance-changed';
}

/**
 * What changed between the last fingerprint and a fresh one. No last fingerprint: the fresh one is a
 * baseline, and raises nothing. Pure; the order of the changes is stable (kind, then subject).
 */
export function compare(before: Fingerprint | undefined, after: Fingerprint): Change[] {
  if (before === undefined) return [];
  const out: Change[] = [];
  for (const [code, name] of Object.entries(after.holds))
    if (!(code in before.holds))
      out.push(change('hold-added', code, name, undefined, after.offices?.[code]));
  // The office of a removed hold is the one the last fingerprint kept (none in one stored by 1.2.0).
  for (const [code, name] of Object.entries(before.holds))
    if (!(code in after.holds))
      out.push(change('hold-removed', code, name, undefined, before.offices?.[code]));
  // A term read for the first time is a baseline; a term no longer read (it ended) drops nothing.
  const both = (term: string) => before.terms.includes(term) && after.terms.includes(term);
  for (const [key, now] of Object.entries(after.classes)) {
    if (!both(now.term)) continue;
    const was = before.classes[key];
    if (!was) out.push(change('class-added', key, now.label, now.term));
    else if (now.status !== was.status && now.status !== 'registered')
      out.push(change('class-dropped', key, now.label, now.term));
    else if (!sameList(now.meets, was.meets))
      out.push(change('class-moved', key, now.label, now.term));
  }
  for (const [key, was] of Object.entries(before.classes))
    if (both(was.term) && !(key in after.classes))
      out.push(change('class-dropped', key, was.label, was.term));
  for (const [key, now] of Object.entries(after.grades))
    if (both(now.term) && !(key in before.grades))
      out.push(change('grade-posted', key, now.label, now.term));
  const b = before.balance;
  const a = after.balance;
  if (a && b && (a.due !== b.due || a.paid !== b.paid))
    out.push(change(balanceKind(b, a), 'balance', ''));
  if (after.advisor && after.advisor.id !== before.advisor?.id)
    out.push(change('advisor-new', after.advisor.id, after.advisor.name));
  return out;
}

import { delegateCategorySchema } from '../../contract/delegates.schema.js';
import type { DelegateCategory, Delegation } from '../../contract/delegates.schema.js';
import { MAX_GRANT_DAYS } from '../../contract/delegates.schema.js';
import { termOfDate } from '../../contract/terms.rules.js';
import type {
  DelegationRow,
  DelegationWithDelegate,
} from '../db/repositories/delegations.repository.js';
import { campusDate, endOfCampusDay } from '../time.js';

/** The categories stored as `a,b`: those this version knows, in the contract's order. */
export function categoriesOf(stored: string): DelegateCategory[] {
  const named = new Set(stored.split(','));
  return delegateCategorySchema.options.filter((c) => named.has(c));
}

export const storedCategories = (categories: readonly DelegateCategory[]): string =>
  delegateCategorySchema.options.filter((c) => categories.includes(c)).join(',');

/** A grant's state now: revoked, past its end, or active. */
export function stateOf(row: DelegationRow, now: Date): Delegation['state'] {
  if (row.revoked_at !== null) return 'revoked';
  if (new Date(row.ends_at).getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/** Whether a grant lets its delegate read now: accepted, not revoked, begun and not ended. */
export const isActive = (row: DelegationRow, now: Date): boolean =>
  stateOf(row, now) === 'active' && new Date(row.starts_at).getTime() <= now.getTime();

/**
 * The end of the term `now` falls in (terms are calendar quarters, contract/terms.rules.ts): the last
 * instant of the quarter's last day on the campus clock.
 */
export function endOfTerm(now: Date, zone: string): Date {
  const term = termOfDate(new Date(`${campusDate(now, zone)}T12:00:00Z`));
  const year = Number(term.slice(0, 4));
  const lastMonth = Number(term.slice(5, 6)) * 3;
  const lastDay = new Date(Date.UTC(year, lastMonth, 0)).toISOString().slice(0, 10);
  return endOfCampusDay(lastDay, zone);
}

/**
 * When a grant asked to end on `until` (a date) ends: the end of that campus day; undefined when it
 * is not after `now` or more than a year ahead (MAX_GRANT_DAYS).
 */
export function grantEnd(until: string | undefined, now: Date, zone: string): Date | undefined {
  const end = until === undefined ? endOfTerm(now, zone) : endOfCampusDay(until, zone);
  const latest = now.getTime() + MAX_GRANT_DAYS * 24 * 60 * 60 * 1000;
  if (end.getTime() <= now.getTime() || end.getTime() > latest) return undefined;
  return end;
}

/** A grant as its student sees it. */
export function toDelegation(
  row: DelegationWithDelegate,
  views: readonly { category: string; viewed_at: string; paid_cents?: number }[],
  now: Date,
): Delegation {
  return {
    id: row.id,
    name: row.delegate_name,
    email: row.delegate_email,
    categories: categoriesOf(row.categories),
    purpose: row.purpose,
    starts_at: new Date(row.starts_at).toISOString(),
    ends_at: new Date(row.ends_at).toISOString(),
    accepted: row.accepted_at !== null,
    state: stateOf(row, now),
    views: views.flatMap((v) => {
      const category = delegateCategorySchema.safeParse(v.category);
      return category.success
        ? [
            {
              category: category.data,
              viewed_at: new Date(v.viewed_at).toISOString(),
              ...(v.paid_cents === undefined ? {} : { paid_cents: v.paid_cents }),
            },
          ]
        : [];
    }),
  };
}

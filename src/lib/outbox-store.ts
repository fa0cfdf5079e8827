/**
 * Where Next Steps keeps the changes made offline between visits (issue 44): this browser's local
 * storage, one entry naming whose changes they are. Read back through its schema, bounded in size;
 * anything else found there is forgotten. Only changes are kept: no token, no task's contents.
 * Signing out clears it (the logout answer's Clear-Site-Data, and the page as the form is sent);
 * another person's visit forgets it (the outbox machine compares the owner).
 */
import { z } from 'zod';
import { isoTimeSchema } from '../../contract/next-steps/common.schema.js';
import type { StoredOutbox } from './offline-changes.js';

export const OUTBOX_KEY = 'next-steps-outbox-v1';
/** A few hundred changes at most; a longer entry is not ours to read. */
const MAX_CHARS = 64_000;

const changeSchema = z.union([
  z.strictObject({
    id: z.number().int(),
    field: z.literal('completed_on'),
    change: z.strictObject({ completed_on: isoTimeSchema.nullable() }),
    base: z.strictObject({ completed_on: isoTimeSchema.nullable() }),
  }),
  z.strictObject({
    id: z.number().int(),
    field: z.literal('starred'),
    change: z.strictObject({ starred: z.boolean() }),
    base: z.strictObject({ starred: z.boolean() }),
  }),
]);

const storedSchema = z.strictObject({
  owner: z.string().min(1).max(150),
  changes: z.array(changeSchema).max(500),
});

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readOutbox(store: Store): StoredOutbox | null {
  const text = store.getItem(OUTBOX_KEY);
  if (text === null || text.length > MAX_CHARS) return null;
  try {
    const parsed = storedSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Keeps the changes; none left (or no owner), nothing is kept. */
export function writeOutbox(store: Store, stored: StoredOutbox): void {
  if (stored.changes.length === 0 || stored.owner === '') store.removeItem(OUTBOX_KEY);
  else store.setItem(OUTBOX_KEY, JSON.stringify(stored));
}

export function forgetOutbox(store: Store): void {
  store.removeItem(OUTBOX_KEY);
}

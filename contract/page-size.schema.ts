import { z } from 'zod';

/**
 * Issue 87: a list's `limit` query field, the same way for every paged list: a whole number from 1
 * to `max`, absent when not asked (each list says what absent means in its own `.describe`).
 */
export function pageSizeField(max: number) {
  const error = `must be a whole number from 1 to ${max}`;
  return z.coerce.number({ error }).int(error).min(1, error).max(max, error).optional();
}

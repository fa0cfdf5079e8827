/**
 * Answers the in-process cache holds are frozen all the way down when stored: a reader gets the very
 * object that was stored, so no reader may change it, and an answer that cannot change can be
 * serialised once and the text reused (plugins/serializer.ts).
 */
const frozen = new WeakSet<object>();

export function freezeAnswer<T>(value: T): T {
  if (typeof value !== 'object' || value === null || frozen.has(value)) return value;
  for (const inner of Object.values(value)) freezeAnswer(inner);
  Object.freeze(value);
  frozen.add(value);
  return value;
}

/** True for a value freezeAnswer froze (and so everything inside it). */
export const isFrozenAnswer = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && frozen.has(value);

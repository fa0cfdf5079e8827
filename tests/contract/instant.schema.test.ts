import { describe, expect, it } from 'vitest';
import {
  dayInput,
  dayInputSchema,
  instantInput,
  instantInputSchema,
} from '../../contract/instant.schema.js';

describe('instants a request body carries', () => {
  it.each([instantInputSchema, instantInput('Enter a date and time.')])(
    'only real ISO-8601 instants from 1970 to 2200 are accepted, whatever the wording (%#)',
    (schema) => {
      expect(schema.safeParse('2026-11-22T12:00:00Z').success).toBe(true);
      expect(schema.safeParse('2026-11-22T04:00:00-08:00').success).toBe(true);
      expect(schema.safeParse('0000-01-01T00:00:00Z').success).toBe(false);
      expect(schema.safeParse('2201-01-01T00:00:00Z').success).toBe(false);
      expect(schema.safeParse('+010000-01-01T00:00:00Z').success).toBe(false);
      expect(schema.safeParse('2026-02-30T00:00:00Z').success).toBe(false);
    },
  );

  it('a form keeps its own wording for both a malformed and an out-of-range instant', () => {
    const schema = instantInput('Enter a date and time.');
    for (const text of ['tomorrow', '0000-01-01T00:00:00Z']) {
      const result = schema.safeParse(text);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Enter a date and time.');
    }
  });
});

describe('calendar days a request carries: the instants’ years, one rule', () => {
  it.each([dayInputSchema, dayInput('Enter a date.')])(
    'only real days from 1970 to 2200 are accepted, whatever the wording (%#)',
    (schema) => {
      expect(schema.safeParse('2026-11-22').success).toBe(true);
      expect(schema.safeParse('1970-01-01').success).toBe(true);
      expect(schema.safeParse('2200-12-31').success).toBe(true);
      expect(schema.safeParse('9999-12-31').success).toBe(false);
      expect(schema.safeParse('2201-01-01').success).toBe(false);
      expect(schema.safeParse('1969-12-31').success).toBe(false);
      expect(schema.safeParse('2026-02-30').success).toBe(false);
    },
  );

  it('a day out of range is refused with a message naming the range', () => {
    const result = dayInputSchema.safeParse('9999-12-31');
    expect(result.error?.issues[0]?.message).toBe(
      'must be a day (YYYY-MM-DD) between 1970 and 2200',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { doneKeys } from '../../../server/coursework/items.js';

const item = (id: string) => ({
  id,
  title: 'Quiz',
  course: null,
  due: new Date('2026-11-02T17:00:00.000Z'),
  allDay: false,
  link: null,
  source: 'moodle' as const,
});

describe('the key a done mark is kept by', () => {
  it('is the item’s UID, without the start its id adds, so a moved due time keeps the mark', () => {
    const keys = doneKeys([
      item('event-assignment-99812@2026-10-30T06:59:00.000Z'),
      item('https://lms.example/a@b@2026-10-31T06:59:00.000Z'),
    ]);
    expect(keys.get('event-assignment-99812@2026-10-30T06:59:00.000Z')).toBe(
      'event-assignment-99812',
    );
    expect(keys.get('https://lms.example/a@b@2026-10-31T06:59:00.000Z')).toBe(
      'https://lms.example/a@b',
    );
  });

  it('is the whole id for the occurrences of a repeating event, which share one UID', () => {
    const keys = doneKeys([
      item('weekly-quiz@2026-11-02T17:00:00.000Z'),
      item('weekly-quiz@2026-11-09T17:00:00.000Z'),
    ]);
    expect([...keys.values()]).toEqual([
      'weekly-quiz@2026-11-02T17:00:00.000Z',
      'weekly-quiz@2026-11-09T17:00:00.000Z',
    ]);
  });
});

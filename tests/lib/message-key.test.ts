import { describe, expect, it } from 'vitest';
import { messageKey } from '../../src/lib/message-key.js';
import { TROUBLE_CONNECTING, addToast, removeToast } from '../../src/lib/toasts.js';

describe('a message of the catalogue is known by its id and values (issue 59)', () => {
  const changed = (title: string) => ({
    id: 'conflict',
    message: 'Your change to “{title}”',
    values: { title },
  });

  it('the same message with other values is another message', () => {
    expect(messageKey(changed('FAFSA'))).not.toBe(messageKey(changed('Orientation')));
    expect(messageKey(changed('FAFSA'))).toBe(messageKey(changed('FAFSA')));
  });

  it('next-steps.md §5: the list refuses a toast whose message it holds, and a dismissal takes that one only', () => {
    const once = addToast([], { message: TROUBLE_CONNECTING, level: 'error' });
    const twice = addToast(once, { message: { ...TROUBLE_CONNECTING }, level: 'error' });
    expect(twice).toHaveLength(1);
    const both = addToast(twice, { message: changed('FAFSA'), level: 'info' });
    expect(removeToast(both, changed('FAFSA'))).toEqual(once);
  });
});

import { describe, expect, it } from 'vitest';
import { messageText } from '../../../server/notify/message-sender.js';
import { reminderText } from '../../../server/notify/reminder-text.js';
import { textBody } from '../../../server/notify/text-body.js';

/** Every character a text body must not carry: controls, line separators, bidi controls. */
const FORBIDDEN = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;

const hostile = [
  'Pay\r\nyour bill',
  'Pay\nyour bill',
  'Pay\u2028your bill',
  'Pay\u2029your bill',
  'Pay\u0085your\tbill\u0000',
  'Pay \u202Ellib ruoy\u202C',
  'Pay \u2067your\u2069 bill\u200F\u061C\u200E\u202A',
];

describe('text-message bodies', () => {
  it.each(hostile)('are one line with no control or bidi character: %j', (title) => {
    const body = textBody(title);
    expect(body).not.toMatch(FORBIDDEN);
    expect(body.startsWith('Pay ')).toBe(true);
  });

  it('turn a line break into one space and keep the words', () => {
    expect(textBody('Pay\r\n\r\nyour  bill\u2028today')).toBe('Pay your bill today');
  });

  it('keep typographic characters in the GSM alphabet', () => {
    expect(textBody('“Pay” – now…')).toBe('"Pay" - now...');
  });

  it.each(hostile)('a deadline reminder with the title %j carries none of them', (taskTitle) => {
    const body = reminderText({
      productName: 'Campus Portal',
      taskTitle,
      due: 'Thu, Nov 26',
      when: 'tomorrow',
      taskUrl: 'https://portal.example.edu/next-steps/tasks/1',
    });
    expect(body).not.toMatch(FORBIDDEN);
    expect(body).toContain('https://portal.example.edu/next-steps/tasks/1');
  });

  it.each(hostile)('a message’s text with the title %j carries none of them', (title) => {
    const body = messageText('Campus Portal', title, 'https://portal.example.edu/messages');
    expect(body).not.toMatch(FORBIDDEN);
    expect(body.endsWith('Read it: https://portal.example.edu/messages')).toBe(true);
  });
});

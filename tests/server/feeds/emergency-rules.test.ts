import { describe, expect, it } from 'vitest';
import {
  alertSeverity,
  isAlertCurrent,
  withoutAlertPrefix,
} from '../../../server/feeds/emergency-rules.js';
import type { SeveritySignals } from '../../../server/feeds/emergency-rules.js';

const now = new Date('2026-11-21T12:00:00.000Z');
const ago = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

describe('emergency alert window (portal.md §5, §9)', () => {
  it('an emergency alert older than 3 days is dropped', () => {
    expect(isAlertCurrent(ago(72 + 0.01), now)).toBe(false);
    expect(isAlertCurrent(ago(24 * 5), now)).toBe(false);
  });

  it('an emergency alert of the last 3 days is kept, up to exactly 3 days', () => {
    expect(isAlertCurrent(ago(1), now)).toBe(true);
    expect(isAlertCurrent(ago(72), now)).toBe(true);
  });

  it('an emergency alert without a date is dropped', () => {
    expect(isAlertCurrent(undefined, now)).toBe(false);
    expect(isAlertCurrent('', now)).toBe(false);
    expect(isAlertCurrent('not a date', now)).toBe(false);
  });

  it('an alert dated slightly ahead of the server clock is current', () => {
    expect(isAlertCurrent(ago(-0.1), now)).toBe(true);
  });
});

describe('an alert title without the label the notification system wrote (the portal labels it itself)', () => {
  it.each([
    ['ALERT: Fire in Smith Hall', 'Fire in Smith Hall'],
    ['ALERT:Fire alarm in Smith Hall', 'Fire alarm in Smith Hall'],
    ['Emergency Alert - Shelter in place', 'Shelter in place'],
    ['  PSU Alert — Road closed on Broadway  ', 'Road closed on Broadway'],
    ['[Campus Alert] Water main break', 'Water main break'],
    ['ALERT: Emergency Alert: [Campus Alert] Gas leak', 'Gas leak'],
    ['Alerting students: the exam moved', 'Alerting students: the exam moved'],
    ['Power restored', 'Power restored'],
  ])(
    'a label at the start of the title is taken off, however many there are: %j → %j',
    (title, shown) => {
      expect(withoutAlertPrefix(title)).toBe(shown);
    },
  );

  it('a label only counts at the start of the title, after at most a few words: one later in the message stays', () => {
    expect(withoutAlertPrefix('Smith Hall closed; Campus Alert: use the east door')).toBe(
      'Smith Hall closed; Campus Alert: use the east door',
    );
    expect(withoutAlertPrefix('Closure;ALERT: use the east door')).toBe(
      'Closure;ALERT: use the east door',
    );
  });

  it('a title that is nothing but a label keeps it', () => {
    expect(withoutAlertPrefix('ALERT:')).toBe('ALERT:');
    expect(withoutAlertPrefix('[Campus Alert]')).toBe('[Campus Alert]');
  });
});

describe('how an alert is shown: an all-clear is not a threat, and a threat never looks routine', () => {
  const signals = (over: Partial<SeveritySignals>): SeveritySignals => ({
    title: 'Police activity near campus',
    capSeverity: '',
    capMsgType: '',
    capResponse: '',
    category: '',
    ...over,
  });

  it('CAP decides when the feed gives it: responseType AllClear or msgType Cancel is an all-clear', () => {
    expect(alertSeverity(signals({ capResponse: 'AllClear', capMsgType: 'Alert' }))).toBe(
      'all-clear',
    );
    expect(alertSeverity(signals({ capResponse: 'allclear' }))).toBe('all-clear');
    expect(alertSeverity(signals({ capMsgType: 'Cancel', capResponse: 'Shelter' }))).toBe(
      'all-clear',
    );
    expect(alertSeverity(signals({ capResponse: 'AllClearing' }))).toBe('emergency');
    expect(alertSeverity(signals({ capResponse: 'NotAllClear' }))).toBe('emergency');
    expect(alertSeverity(signals({ capMsgType: 'Cancelled' }))).toBe('emergency');
    expect(alertSeverity(signals({ capMsgType: 'PreCancel' }))).toBe('emergency');
  });

  it('otherwise the words of the title and category: an all-clear, a lifted order', () => {
    expect(alertSeverity(signals({ title: 'All clear: Smith Hall reopened' }))).toBe('all-clear');
    expect(alertSeverity(signals({ title: 'Lockdown has been lifted' }))).toBe('all-clear');
    expect(alertSeverity(signals({ title: 'Smith Hall', category: 'All-Clear' }))).toBe(
      'all-clear',
    );
  });

  it('a Rave-format item titled like every other says what it is in its opening words: an all-clear there is an all-clear (issue 43)', () => {
    expect(
      alertSeverity(
        signals({ title: 'Campus Alert', description: 'ALL CLEAR: the gas leak is resolved.' }),
      ),
    ).toBe('all-clear');
    expect(
      alertSeverity(signals({ title: 'Campus Alert', description: 'This is a test of Rave.' })),
    ).toBe('test');
    // Words further in never lower a threat.
    expect(
      alertSeverity(
        signals({
          title: 'Campus Alert',
          description: 'Gas leak at Smith Hall. Stay away until the all clear is given.',
        }),
      ),
    ).toBe('emergency');
  });

  it('an all-clear is recognised however the notification system spells it', () => {
    for (const title of [
      'ALLCLEAR Smith Hall',
      'All  -  clear',
      'Threat lifted',
      'Shelter order cancelled',
      'Evacuation order canceled',
      'Warning ended at 3 pm',
      'Alert has been resolved',
    ]) {
      expect(alertSeverity(signals({ title })), title).toBe('all-clear');
    }
  });

  it("an item's text counts only when it opens with the all-clear or the test, after at most a few marks", () => {
    const text = (description: string) =>
      alertSeverity(signals({ title: 'Campus Alert', description }));
    expect(text('** ALL-CLEAR ** Smith Hall reopened')).toBe('all-clear');
    expect(text('Small clear bag left at the library; police investigating.')).toBe('emergency');
    expect(text('TEST: sirens sound at noon')).toBe('test');
    expect(text('This is only a test of Rave.')).toBe('test');
    expect(text('This  is   a  test.')).toBe('test');
    // A threat that says it is no drill is a threat.
    expect(text('Shelter in place now. This is not a test.')).toBe('emergency');
    expect(text('Contest winners announced')).toBe('emergency');
  });

  it('words of information are an advisory', () => {
    expect(alertSeverity(signals({ title: 'Information: library hours' }))).toBe('advisory');
    expect(alertSeverity(signals({ title: 'Informational message' }))).toBe('advisory');
  });

  it('a test is shown as a test', () => {
    expect(alertSeverity(signals({ title: 'This is a test of the alert system' }))).toBe('test');
    expect(alertSeverity(signals({ title: 'Siren', category: 'Testing' }))).toBe('test');
  });

  it('CAP severity Extreme or Severe is an emergency even when the words sound routine', () => {
    expect(
      alertSeverity(signals({ title: 'Update: shooter reported', capSeverity: 'Severe' })),
    ).toBe('emergency');
    expect(alertSeverity(signals({ title: 'Notice', capSeverity: 'Extreme' }))).toBe('emergency');
  });

  it('CAP severity Moderate or Minor, or the words of an advisory, is an advisory', () => {
    expect(alertSeverity(signals({ capSeverity: 'Moderate' }))).toBe('advisory');
    expect(alertSeverity(signals({ capSeverity: 'minor' }))).toBe('advisory');
    expect(alertSeverity(signals({ title: 'Weather advisory for Friday' }))).toBe('advisory');
    expect(alertSeverity(signals({ title: 'Parking', category: 'Reminder' }))).toBe('advisory');
  });

  it('anything not plainly an all-clear, a test or an advisory is an emergency', () => {
    expect(alertSeverity(signals({}))).toBe('emergency');
    expect(alertSeverity(signals({ title: 'Shelter in place', capSeverity: 'Unknown' }))).toBe(
      'emergency',
    );
  });
});

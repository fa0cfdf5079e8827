import { describe, expect, it } from 'vitest';
import { checklistOf, checklistSchema } from '../../../../server/sis/peoplesoft/checklist.js';
import {
  notificationsOf,
  notificationsSchema,
} from '../../../../server/sis/peoplesoft/notifications.js';
import { psJson } from '../../../fake-peoplesoft/fixtures.js';
import type { Plain } from '../../../fake-peoplesoft/fixtures.js';
import {
  checklist,
  checklistItem,
  notification,
  notifications,
} from '../../../fake-peoplesoft/record-items.js';

const ZONE = 'America/Los_Angeles';
const items = (rows: Plain[]) =>
  checklistOf(
    checklistSchema.parse({ SCC_GET_CHKLST_RESP: [psJson({ PERSON_CHKLST_ITEM: rows })] }),
    ZONE,
  );
const told = (rows: Plain[]) =>
  notificationsOf(
    notificationsSchema.parse({ SCC_GET_NOTIF_RESP: [psJson({ SCC_NTF_ITEM: rows })] }),
  );

describe('SCC_GET_CHKLST_RESP to Next Steps tasks', () => {
  it("maps Oracle's example row: its description the title, INFORMATION the body, DUE_DT the due day", () => {
    const [item] = items(checklist('20270042'));
    expect(item).toMatchObject({
      id: '3.200.ENRL5',
      title: 'Complete Enrollment',
      dueOn: '2027-02-15',
      done: false,
    });
    expect(item?.body).toMatch(/^Confirm your study choices/);
  });

  it('an item Completed (C) or Waived (W) in PeopleSoft is done; Initiated, Received and the others are not', () => {
    const status = (s: string) => items([checklistItem('1', { ITEM_STATUS: s })])[0]?.done;
    expect(['C', 'W'].map(status)).toEqual([true, true]);
    expect(['I', 'N', 'O', 'R', 'T'].map(status)).toEqual([false, false, false, false, false]);
  });

  it('reads a due day in the PeopleSoft DateTime form (2027-01-09-18.00.00.000000) on the campus calendar', () => {
    const [item] = items([checklistItem('1', { DUE_DT: '2027-01-09-18.00.00.000000' })]);
    expect(item?.dueOn).toBe('2027-01-09');
  });

  it('leaves out an item without its checklist key or any title', () => {
    expect(items([checklistItem('1', { SEQ_3C: '' })])).toEqual([]);
    const untitled = checklistItem('1', { CHECKLIST_CD_DESCR: '', CHKLST_ITEM_CD: '' });
    expect(items([untitled])).toEqual([]);
  });
});

describe('SCC_GET_NOTIFICATIONS_R to Messages', () => {
  it('an alert (ALT) or worklist item (WKL) is a message; an email or text PeopleSoft sent itself is not', () => {
    expect(told(notifications())).toEqual([
      {
        id: '216.1.1',
        title: 'Your enrollment appointment is open',
        body: 'You may enroll for 2027 Spring from January 4.',
      },
    ]);
    expect(told([notification({ SCC_NTFREQ_TYPE: 'WKL' })])).toHaveLength(1);
    expect(told([notification({ SCC_NTFREQ_TYPE: 'SMS' })])).toEqual([]);
  });

  it('a notification without a subject is titled by its text; one with neither is left out', () => {
    expect(told([notification({ SCC_NTF_SUBJECT: '' })])[0]?.title).toBe(
      'You may enroll for 2027 Spring from January 4.',
    );
    expect(told([notification({ SCC_NTF_SUBJECT: '', SCC_NTF_MESSAGE: '' })])).toEqual([]);
  });
});

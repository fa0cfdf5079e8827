import { afterEach, describe, expect, it } from 'vitest';
import { courseworkPayloadSchema } from '../../../server/notify/coursework-sender.js';
import { at, days, hours } from './fixture.js';
import { courseworkApp } from './coursework-fixture.js';

// Wed Nov 4, 2026, 4:00 PM PST: the essay's due time.
const DUE = new Date('2026-11-05T00:00:00.000Z');

describe('coursework due-date reminders: the planner (issue 45)', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  /** One planner round; resolves to the coursework jobs it added (the sample tasks have their own). */
  async function planned(f: Awaited<ReturnType<typeof courseworkApp>>) {
    const before = (await f.jobs()).length;
    await f.app.notify.plan();
    return (await f.jobs()).length - before;
  }

  async function open(start: Date) {
    const f = await courseworkApp(start);
    close = () => f.app.close();
    return f;
  }

  it('the topic "Coursework due dates" is off until the student turns it on: no reminder for an item due in two days', async () => {
    const f = await open(at(DUE, -days(2)));
    await f.feed([f.item(DUE)]);
    const chosen = (await f.app.repositories.nextStepsProfile.preference(f.student.id))
      ?.notifications;
    expect(chosen?.length).toBeGreaterThan(0);
    expect(chosen).not.toContain(await f.topicId());
    expect(await planned(f)).toBe(0);
    expect(await f.jobs()).toEqual([]);
  });

  it('turned on, an item due in two days gets one email reminder at once, keyed by the item and its due time', async () => {
    const f = await open(at(DUE, -days(2)));
    await f.choose();
    await f.feed([f.item(DUE)]);
    await f.app.notify.plan();
    const jobs = await f.jobs();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      channel: 'email',
      topic: 'coursework',
      user_id: f.student.id,
      run_at: f.now().toISOString(),
    });
    expect(jobs[0]?.idempotency_key).toMatch(
      new RegExp(`^coursework:${f.student.id}:[\\w-]{22}:${DUE.toISOString()}:email$`),
    );
    expect(courseworkPayloadSchema.parse(JSON.parse(jobs[0]?.payload ?? '{}'))).toEqual({
      kind: 'coursework',
      itemId: 'event-assignment-101',
      due: DUE.toISOString(),
    });
  });

  it('once per item and due time: planning again adds nothing; the item moved to another time is a new reminder', async () => {
    const f = await open(at(DUE, -days(2)));
    await f.choose();
    await f.feed([f.item(DUE)]);
    expect(await planned(f)).toBe(1);
    expect(await planned(f)).toBe(0);
    f.setNow(at(f.now(), hours(1)));
    expect(await planned(f)).toBe(0);
    await f.feed([f.item(at(DUE, hours(3)))]);
    expect(await planned(f)).toBe(1);
    expect(await f.jobs()).toHaveLength(2);
  });

  it('the lead is two days, at the due time of day: an item due in three days is planned for the same time tomorrow; one due in a week, not yet', async () => {
    const f = await open(at(DUE, -days(3)));
    await f.choose();
    await f.feed([f.item(DUE), f.item(at(DUE, days(4)), { id: 'event-quiz-9', title: 'Quiz 9' })]);
    await f.app.notify.plan();
    const jobs = await f.jobs();
    expect(jobs.map((j) => j.run_at)).toEqual([at(DUE, -days(2)).toISOString()]);
  });

  it('an all-day item (due at the end of its campus day) is reminded at the campus morning hour two days before', async () => {
    // Thu Nov 5 all day: due at the end of that campus day.
    const end = new Date('2026-11-06T07:59:59.999Z');
    const f = await open(new Date('2026-11-02T20:00:00.000Z'));
    await f.choose();
    await f.feed([f.item(end, { allDay: true })]);
    await f.app.notify.plan();
    // Tue Nov 3, 7:00 AM PST.
    expect((await f.jobs()).map((j) => j.run_at)).toEqual(['2026-11-03T15:00:00.000Z']);
  });

  it('no reminder for the items of a broken feed (the LMS refused the address)', async () => {
    const f = await open(at(DUE, -days(2)));
    await f.choose();
    await f.feed([f.item(DUE)], 'broken');
    expect(await planned(f)).toBe(0);
    await f.feed([f.item(DUE)], 'stale');
    expect(await planned(f)).toBe(1);
  });

  it('no reminder for an item the student marked done in the portal (by its UID, whatever its start), while another occurrence of a repeating item, kept by its whole id, still gets one', async () => {
    const f = await open(at(DUE, -days(2)));
    await f.choose();
    const stamp = (d: Date) => `@${d.toISOString()}`;
    const essay = f.item(DUE, { id: `essay-uid${stamp(at(DUE, -days(7)))}` });
    const lab = (d: Date) => f.item(d, { id: `lab-uid${stamp(d)}`, title: 'Lab report' });
    await f.feed([essay, lab(DUE), lab(at(DUE, hours(1)))]);
    // Marks as Next Steps keeps them (server/coursework/items.ts doneKeys): a unique UID alone,
    // an occurrence of a repeating item by its whole id.
    await f.app.repositories.coursework.setDone(f.student.id, 'essay-uid', true, f.now());
    await f.app.repositories.coursework.setDone(f.student.id, lab(DUE).id, true, f.now());
    await f.app.notify.plan();
    const items = (await f.jobs()).map((j) => courseworkPayloadSchema.parse(JSON.parse(j.payload)));
    expect(items.map((p) => p.itemId)).toEqual([lab(at(DUE, hours(1))).id]);
  });

  it('reads the window a page at a time: each page starts after the last row of the one before, due times shared by several items included', async () => {
    const f = await open(at(DUE, -days(2)));
    await f.choose();
    const ids = ['a', 'b', 'c', 'd', 'e'];
    await f.feed(ids.map((id, i) => f.item(at(DUE, hours(i < 3 ? 0 : 1)), { id: `item-${id}` })));
    const window = { after: f.now(), upTo: at(DUE, days(1)) };
    const pages: string[][] = [];
    let page = await f.app.repositories.courseworkReminders.due(window, 2);
    while (page.length > 0) {
      pages.push(page.map((row) => row.itemId));
      const last = page.at(-1);
      if (!last) break;
      page = await f.app.repositories.courseworkReminders.due(window, 2, last);
    }
    expect(pages).toEqual([['item-a', 'item-b'], ['item-c', 'item-d'], ['item-e']]);
    // The planner walks every page: one reminder an item.
    expect(await planned(f)).toBe(5);
  });

  it('no reminder for an item whose due time has passed', async () => {
    const f = await open(at(DUE, days(1)));
    await f.choose();
    await f.feed([f.item(DUE)]);
    expect(await planned(f)).toBe(0);
  });

  it('the same channels as the task reminders: a text with contact_by_text and a number, a push per device; none by email when email is off', async () => {
    const f = await open(at(DUE, -days(2)));
    await f.choose();
    const prefs = await f.app.repositories.preferences.forUser(f.student.id);
    await f.app.repositories.preferences.update(f.student.id, prefs.pk, {
      contact_by_email: false,
      contact_by_text: true,
      sms_number: '503-555-0142',
    });
    const device = await f.app.repositories.pushSubscriptions.save(
      f.student.id,
      { endpoint: 'https://push.example.net/phone', p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
      f.now(),
    );
    await f.feed([f.item(DUE)]);
    await f.app.notify.plan();
    const jobs = await f.jobs();
    expect(jobs.map((j) => j.channel).sort()).toEqual(['push', 'sms']);
    expect(jobs.find((j) => j.channel === 'push')?.idempotency_key).toMatch(
      new RegExp(`:push:${device}$`),
    );
  });
});

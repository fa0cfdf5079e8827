import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryCacheStore } from '../../../../server/cache/memory-store.js';
import { FakeEthos } from '../../../fake-ethos/fake-ethos.js';
import { room, section } from '../../../fake-ethos/fixture-ids.js';
import { WEDNESDAY, ethosSisFor, student } from '../../../fake-ethos/ethos-sis.js';
import { EthosTenant } from '../../../fake-ethos/tenant.js';

let fake: FakeEthos;
beforeEach(async () => {
  fake = await FakeEthos.start({ now: () => WEDNESDAY });
});
afterEach(() => fake.close());

/** MTH 251's meeting as an adapter answers it now. */
const math = async (sis: ReturnType<typeof ethosSisFor>) => {
  const answer = await sis.read('schedule', student);
  return (Array.isArray(answer) ? answer : []).find((m) => m.COURSENUMBER === '251');
};

describe("a change to a section drops every process's copy of it (issue 87)", () => {
  it('two processes sharing a store: the one that handles the notification drops its copy, and the other drops its own before its next read', async () => {
    const shared = new MemoryCacheStore();
    const web = ethosSisFor(fake, { shared });
    const worker = ethosSisFor(fake, { shared });
    expect(await math(web)).toMatchObject({ STARTTIME: '09:00', ROOM: '120' });
    expect(await math(worker)).toMatchObject({ STARTTIME: '09:00', ROOM: '120' });
    new EthosTenant(fake, () => WEDNESDAY).moveClass(section('math'), {
      start: '2026-09-21T20:00:00Z',
      end: '2026-09-21T21:20:00Z',
      room: room(2),
    });
    // Kept for an hour in each process until a change is told.
    expect(await math(web)).toMatchObject({ STARTTIME: '09:00' });
    await worker.forgetSection(section('math'));
    expect(await math(worker)).toMatchObject({ STARTTIME: '13:00', ROOM: '305' });
    expect(await math(web)).toMatchObject({ STARTTIME: '13:00', ROOM: '305' });
  });

  it('without a shared store (one process) its own copy is the only one, and is dropped', async () => {
    const sis = ethosSisFor(fake);
    expect(await math(sis)).toMatchObject({ STARTTIME: '09:00' });
    new EthosTenant(fake, () => WEDNESDAY).moveClass(section('math'), {
      start: '2026-09-21T20:00:00Z',
      end: '2026-09-21T21:20:00Z',
      room: room(2),
    });
    await sis.forgetSection(section('math'));
    expect(await math(sis)).toMatchObject({ STARTTIME: '13:00', ROOM: '305' });
  });
});

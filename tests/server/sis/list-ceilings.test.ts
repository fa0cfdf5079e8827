import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdsSchema } from '../../../contract/sis/holds.schema.js';
import { SIS_LISTS_MAX } from '../../../contract/sis/list-ceilings.js';
import { HttpSis } from '../../../server/sis/http-adapter.js';
import { cutSisLists } from '../../../server/sis/list-cuts.js';
import type { SisListCut } from '../../../server/sis/list-cuts.js';
import { SampleSis } from '../../../server/sis/sample-adapter.js';

const student = { username: 'avalencia', persona: null };
let upstream: Server;
let answer: unknown = [];

beforeAll(async () => {
  upstream = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

describe('issue 87: the SIS’s lists for one person are cut at their ceilings, never refused', () => {
  it('an over-long holds answer (and a hold’s processes) keeps the first ones, each cut told to be logged', async () => {
    const [hold] = holdsSchema.parse(await new SampleSis().read('holds', student));
    expect(hold).toBeDefined();
    const processes = Array.from({ length: SIS_LISTS_MAX.holdProcesses + 5 }, (_, n) => `P${n}`);
    answer = Array.from({ length: SIS_LISTS_MAX.holds + 30 }, (_, n) => ({
      ...hold,
      HOLDDESCRIPTION: `Hold ${n}`,
      PROCESSAFFECTED: processes,
    }));
    const cuts: Array<{ endpoint: string } & SisListCut> = [];
    const { port } = upstream.address() as AddressInfo;
    const sis = new HttpSis({
      baseUrl: `http://127.0.0.1:${port}`,
      timeoutMs: 2_000,
      onListCut: (endpoint, cut) => cuts.push({ endpoint, ...cut }),
    });
    const holds = holdsSchema.parse(await sis.read('holds', student));
    expect(holds).toHaveLength(SIS_LISTS_MAX.holds);
    expect(holds[0]?.HOLDDESCRIPTION).toBe('Hold 0');
    expect(holds.every((h) => h.PROCESSAFFECTED.length === SIS_LISTS_MAX.holdProcesses)).toBe(true);
    expect(cuts[0]).toEqual({
      endpoint: 'holds',
      list: 'holds',
      had: SIS_LISTS_MAX.holds + 30,
      kept: SIS_LISTS_MAX.holds,
    });
    expect(cuts.filter((c) => c.list === 'holds[].PROCESSAFFECTED')).toHaveLength(
      SIS_LISTS_MAX.holds,
    );
  });

  it('cuts the lists inside an answer’s object, and leaves a list within its ceiling and a warning answer alone', () => {
    const told: SisListCut[] = [];
    const contacts = Array.from({ length: SIS_LISTS_MAX.emergencyContacts + 1 }, (_, n) => n);
    const cut = cutSisLists('emergency-info', { EMERGENCY_CONTACTS: contacts, other: 1 }, (_, c) =>
      told.push(c),
    );
    expect(cut).toEqual({
      EMERGENCY_CONTACTS: contacts.slice(0, SIS_LISTS_MAX.emergencyContacts),
      other: 1,
    });
    expect(told).toEqual([
      {
        list: 'EMERGENCY_CONTACTS',
        had: SIS_LISTS_MAX.emergencyContacts + 1,
        kept: SIS_LISTS_MAX.emergencyContacts,
      },
    ]);
    const within = [1, 2, 3];
    expect(cutSisLists('courses', within)).toEqual(within);
    const warning = { p_result: 'Warning', p_message: 'none' };
    expect(cutSisLists('courses', warning)).toBe(warning);
    expect(cutSisLists('contact-info', within)).toBe(within);
  });
});

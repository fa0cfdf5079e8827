import type { Hold } from '../../../contract/sis/holds.schema.js';
import type { SisAnswer, SisEndpoint } from '../../../server/sis/endpoints.js';
import type { SisPerson, SisPort } from '../../../server/sis/port.js';
import { SampleSis } from '../../../server/sis/sample-adapter.js';

/** The sample SIS, with a student's holds the test's to change. */
export class ChangingSis implements SisPort {
  readonly sample = new SampleSis();
  extraHolds: Hold[] = [];
  async read<E extends SisEndpoint>(e: E, p: SisPerson, term?: string): Promise<SisAnswer<E>> {
    const answer = await this.sample.read(e, p, term);
    if (e !== 'holds' || p.username !== 'avalencia' || !Array.isArray(answer)) return answer;
    return [...answer, ...this.extraHolds] as SisAnswer<E>;
  }
  dismissNudge() {
    return Promise.resolve();
  }
}

export const financialHold: Hold = {
  HOLD: 'AR',
  HOLDDESCRIPTION: 'Accounts Receivable Hold',
  HOLDAMOUNT: 100,
  HOLDFROMDATE: '2026-11-01',
  HOLDTODATE: '2099-12-31',
  HOLDORIGINATINGOFFICE: 'BUS',
  HOLDORIGINATINGOFFICEDESCRIPTION: 'Business Office',
  HOLDRELEASEINDICATOR: 'N',
  PROCESSAFFECTED: ['Registration'],
  REASON: null,
  STUDENTID: '900000001',
};

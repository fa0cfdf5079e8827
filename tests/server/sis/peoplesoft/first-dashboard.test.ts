import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret } from '../../../../server/config/secret.js';
import { measureFirstDashboard } from '../../../../server/sis/first-dashboard.js';
import { PeopleSoftSis } from '../../../../server/sis/peoplesoft/adapter.js';
import { FakePeopleSoft } from '../../../fake-peoplesoft/fake-peoplesoft.js';
import { STUDENT } from '../../../fake-peoplesoft/fixtures.js';

let fake: FakePeopleSoft;
beforeAll(async () => {
  fake = await FakePeopleSoft.start();
});
afterAll(() => fake.stop());

const NOW = new Date('2027-01-20T18:00:00Z');

describe("a first dashboard's cost in PeopleSoft calls (issue 91)", () => {
  it('a cold dashboard makes at most one call per operation, a cached one none', async () => {
    const costs = await measureFirstDashboard({
      open: () =>
        new PeopleSoftSis({
          baseUrl: fake.baseUrl,
          auth: {
            mode: 'service',
            user: fake.service.user,
            password: new Secret(fake.service.password),
          },
          timeoutMs: 2000,
          zone: 'America/Los_Angeles',
          now: () => NOW,
        }),
      username: STUDENT.emplid,
      upstream: () => fake.calls.length,
      codeTables: false,
      clock: () => NOW,
    });
    expect(costs.map((c) => [c.label, c.calls])).toEqual([
      ['first dashboard', 3],
      ['cached answers', 0],
    ]);
    // The profile card's photo is its own operation; the profile and term reads share theirs.
    expect(fake.calls.map((c) => c.operation).sort()).toEqual([
      'SCC_GETCONST_R',
      'SCC_GETPHOTO_R',
      'SSR_GET_ENROLLMENT_R',
    ]);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { student as sisStudent } from '../../../server/sis/fixtures/student.js';
import { student } from '../../machines/fixtures.js';
import { stubApi } from '../../pages/portal/api-stub.js';
import { renderPortal } from './render-portal.js';

const SUMMARY = 'integrations/finti/financial-account-summary';
const AID = 'integrations/finti/financial-aid-info';

describe("a page's loader and the router's kept answers", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('portal.md §2 step 4: an address with ?refresh reads its page anew within the five minutes, once the guard has cleared the server’s caches', async () => {
    const { requests } = stubApi({
      [SUMMARY]: { json: sisStudent['financial-account-summary'] },
      [AID]: { json: sisStudent['financial-aid-info'] },
    });
    const asked = (path: string, from = 0) =>
      requests.slice(from).filter((r) => r.path === path).length;
    let clearedAt = -1;
    const clearCache = vi.fn(async () => {
      clearedAt = requests.length;
      return { cleared: 1 };
    });
    const { router } = renderPortal('/finances', async () => ({ kind: 'user', user: student }), {
      services: { clearCache },
    });
    const summary = await screen.findByRole('region', { name: 'Account summary' });
    expect(await within(summary).findByText('$3,200.00')).toBeVisible();
    await router.navigate({ to: '/messages' });
    await router.navigate({ to: '/finances' });
    expect(await screen.findByRole('heading', { name: 'Aid year 2026-2027' })).toBeVisible();
    expect(asked(SUMMARY)).toBe(1);

    router.history.push('/finances?refresh');
    await waitFor(() => expect(asked(SUMMARY)).toBe(2));
    expect(asked(AID)).toBe(2);
    expect(clearCache).toHaveBeenCalledTimes(1);
    expect(asked(SUMMARY, clearedAt)).toBe(1);
    expect(await screen.findByRole('heading', { name: 'Aid year 2026-2027' })).toBeVisible();
  });

  it('a preload of an address with ?refresh, which passes no guard, takes the answers the router keeps', async () => {
    const { requests } = stubApi({
      [SUMMARY]: { json: sisStudent['financial-account-summary'] },
      [AID]: { json: sisStudent['financial-aid-info'] },
    });
    const { router } = renderPortal('/finances', async () => ({ kind: 'user', user: student }));
    expect(await screen.findByRole('heading', { name: 'Aid year 2026-2027' })).toBeVisible();
    await router.navigate({ to: '/messages' });
    await router.preloadRoute({ to: '/finances', search: { refresh: '' } });
    expect(requests.filter((r) => r.path === SUMMARY)).toHaveLength(1);
  });
});

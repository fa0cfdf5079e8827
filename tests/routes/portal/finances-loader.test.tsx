import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { student as sisStudent } from '../../../server/sis/fixtures/student.js';
import { student } from '../../machines/fixtures.js';
import { stubApi } from '../../pages/portal/api-stub.js';
import type { StubbedRequest } from '../../pages/portal/api-stub.js';
import { renderPortal } from './render-portal.js';

const SUMMARY = 'integrations/finti/financial-account-summary';
const AID = 'integrations/finti/financial-aid-info';
const asked = (requests: StubbedRequest[]) => ({
  summary: requests.filter((r) => r.path === SUMMARY).length,
  aid: requests.filter((r) => r.path === AID).length,
});

async function onDashboard() {
  const api = stubApi({
    [SUMMARY]: { json: sisStudent['financial-account-summary'] },
    [AID]: { json: sisStudent['financial-aid-info'] },
  });
  const view = renderPortal('/', async () => ({ kind: 'user', user: student }));
  await waitFor(() =>
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument(),
  );
  return { ...view, requests: api.requests };
}

describe("Finances' reads start from its route's loader", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('preloading /finances asks for the account summary and the aid before its page is drawn', async () => {
    const { router, requests } = await onDashboard();
    expect(asked(requests)).toEqual({ summary: 0, aid: 0 });
    await router.preloadRoute({ to: '/finances' });
    expect(asked(requests)).toEqual({ summary: 1, aid: 1 });
    expect(screen.queryByRole('heading', { level: 1, name: 'Finances' })).toBeNull();
    await router.navigate({ to: '/finances' });
    const summary = await screen.findByRole('region', { name: 'Account summary' });
    expect(await within(summary).findByText('$3,200.00')).toBeVisible();
    expect(asked(requests)).toEqual({ summary: 1, aid: 1 });
  });

  it('Finances shown again within five minutes shows the answers the router keeps, asking for none', async () => {
    const { router, requests } = await onDashboard();
    await router.navigate({ to: '/finances' });
    expect(await screen.findByRole('heading', { name: 'Aid year 2026-2027' })).toBeVisible();
    await router.navigate({ to: '/' });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Account summary' })).toBeNull(),
    );
    await router.navigate({ to: '/finances' });
    expect(await screen.findByRole('heading', { name: 'Aid year 2026-2027' })).toBeVisible();
    const summary = await screen.findByRole('region', { name: 'Account summary' });
    expect(await within(summary).findByText('$3,200.00')).toBeVisible();
    expect(asked(requests)).toEqual({ summary: 1, aid: 1 });
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { student as sisStudent } from '../../../server/sis/fixtures/student.js';
import { student } from '../../machines/fixtures.js';
import { stubApi } from '../../pages/portal/api-stub.js';
import type { StubbedRequest } from '../../pages/portal/api-stub.js';
import { renderPortal } from './render-portal.js';

const ACCOUNT_READS = [
  'integrations/finti/contact-info',
  'integrations/finti/person-info',
  'integrations/finti/emergency-info',
];
const asked = (requests: StubbedRequest[], path: string) =>
  requests.filter((r) => r.path === path).length;

async function onDashboard() {
  const api = stubApi({
    'integrations/finti/holds': { json: sisStudent.holds },
    'integrations/finti/contact-info': { json: sisStudent['contact-info'] },
    'integrations/finti/person-info': { json: sisStudent['person-info'] },
    'integrations/finti/emergency-info': { json: sisStudent['emergency-info'] },
    'integrations/finti/curriculum-info': { json: sisStudent['curriculum-info'] },
    'integrations/finti/standing': { json: sisStudent.standing },
  });
  const view = renderPortal('/', async () => ({ kind: 'user', user: student }));
  await waitFor(() =>
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument(),
  );
  return { ...view, requests: api.requests };
}

describe("Account's reads start from its route's loader", () => {
  beforeEach(() => {
    window.innerWidth = 1280;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('preloading /account asks for its records before its page is drawn', async () => {
    const { router, requests } = await onDashboard();
    for (const path of ACCOUNT_READS)
      expect({ path, n: asked(requests, path) }).toEqual({ path, n: 0 });
    await router.preloadRoute({ to: '/account' });
    for (const path of ACCOUNT_READS)
      expect({ path, n: asked(requests, path) }).toEqual({ path, n: 1 });
    expect(screen.queryByRole('heading', { level: 1, name: 'Account' })).toBeNull();
    await router.navigate({ to: '/account' });
    const contacts = await screen.findByRole('region', { name: 'Emergency contacts' });
    expect(await within(contacts).findByText(/Marisol E Valencia/)).toBeVisible();
    for (const path of ACCOUNT_READS)
      expect({ path, n: asked(requests, path) }).toEqual({ path, n: 1 });
  });

  it('Account shown again within five minutes shows the answers the router keeps, asking for none', async () => {
    const { router, requests } = await onDashboard();
    await router.navigate({ to: '/account' });
    expect(await screen.findByText('(503) 555-0142')).toBeVisible();
    await router.navigate({ to: '/' });
    await waitFor(() => expect(screen.queryByText('(503) 555-0142')).toBeNull());
    await router.navigate({ to: '/account' });
    expect(await screen.findByText('(503) 555-0142')).toBeVisible();
    const contacts = await screen.findByRole('region', { name: 'Emergency contacts' });
    expect(await within(contacts).findByText(/Marisol E Valencia/)).toBeVisible();
    for (const path of ACCOUNT_READS)
      expect({ path, n: asked(requests, path) }).toEqual({ path, n: 1 });
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Preferences } from '../../../../contract/preferences.schema.js';
import { student as sisStudent } from '../../../../server/sis/fixtures/student.js';
import { selectUser } from '../../../../src/machines/app.machine.js';
import { student } from '../../../machines/fixtures.js';
import { stubApi } from '../api-stub.js';
import { renderPortal } from '../../../routes/portal/render-portal.js';

const saved = (change: Partial<Preferences>) => ({ json: { ...student.preferences, ...change } });

function openAccount(extra: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({
    'integrations/finti/holds': { json: [] },
    'integrations/finti/curriculum-info': { json: sisStudent['curriculum-info'] },
    'integrations/finti/standing': { json: sisStudent.standing },
    ...extra,
  });
  const view = renderPortal('/account', async () => ({ kind: 'user', user: student }));
  return { ...view, api };
}

const themeGroup = async () => screen.findByRole('group', { name: 'Theme' });

describe('Account: the colour theme', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = () => {};
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers the device’s setting, light and dark as radios, the saved one checked', async () => {
    openAccount();
    const group = await themeGroup();
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual([
      'Same as this device',
      'Light',
      'Dark',
    ]);
    expect(within(group).getByRole('radio', { name: 'Same as this device' })).toBeChecked();
  });

  it('choosing Dark saves only the theme through PUT, shows "Saved." and updates the person’s record', async () => {
    const { api, app } = openAccount({ 'PUT preferences/1': saved({ theme: 'dark' }) });
    fireEvent.click(within(await themeGroup()).getByRole('radio', { name: 'Dark' }));
    const section = screen.getByRole('region', { name: 'Appearance' });
    expect(await within(section).findByText('Saved.')).toBeVisible();
    expect(within(section).getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(selectUser(app.getSnapshot())?.preferences.theme).toBe('dark');
    expect(api.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { theme: 'dark' },
    ]);
  });

  it('a theme the server does not save goes back to the saved one and says so', async () => {
    const logged = vi.spyOn(console, 'warn').mockImplementation(() => {});
    openAccount({ 'PUT preferences/1': { status: 500, json: { detail: 'Boom' } } });
    fireEvent.click(within(await themeGroup()).getByRole('radio', { name: 'Light' }));
    const section = screen.getByRole('region', { name: 'Appearance' });
    expect(
      await within(section).findByText('Your choice could not be saved. Please try again.'),
    ).toBeVisible();
    await waitFor(() =>
      expect(within(section).getByRole('radio', { name: 'Same as this device' })).toBeChecked(),
    );
    expect(logged).toHaveBeenCalledWith('Saving a preference failed', expect.anything());
  });
});

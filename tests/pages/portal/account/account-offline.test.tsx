import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { student as sisStudent } from '../../../../server/sis/fixtures/student.js';
import { student } from '../../../machines/fixtures.js';
import { stubApi } from '../api-stub.js';
import { renderPortal } from '../../../routes/portal/render-portal.js';

const OFFLINE = 'You’re offline: changes can be saved again once you’re back online.';

function openAccount() {
  stubApi({
    'integrations/finti/holds': { json: [] },
    'integrations/finti/curriculum-info': { json: sisStudent['curriculum-info'] },
    'integrations/finti/standing': { json: sisStudent.standing },
    'GET preferences/user': { json: student.preferences },
    'GET /next-steps/api/notification_type/': { json: [{ id: 1, name: 'Deadline alerts' }] },
    'GET /next-steps/api/user_preference/': {
      json: [{ pk: 9, notifications: [1], updated_by_user_on: null }],
    },
  });
  return renderPortal('/account', async () => ({
    kind: 'user',
    user: { ...student, photo: 'data:image/png;base64,AAAA' },
  }));
}

describe('Account offline (issue 44): the controls that write wait, saying why', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = () => {};
  });

  it('while the page shows what was kept, the theme cannot be changed and says why; back online, it can', async () => {
    const { connection } = openAccount();
    const theme = await screen.findByRole('group', { name: 'Theme' });
    expect(theme).toBeEnabled();
    act(() => connection.send({ type: 'answer.kept', at: '2026-11-25T17:41:00.000Z' }));
    expect(theme).toBeDisabled();
    const appearance = screen.getByRole('region', { name: 'Appearance' });
    expect(within(appearance).getByRole('status')).toHaveTextContent(OFFLINE);
    act(() => connection.send({ type: 'answer.fresh' }));
    expect(theme).toBeEnabled();
    expect(within(appearance).getByRole('status')).not.toHaveTextContent(OFFLINE);
  });

  it('the notification topics and the photo choice cannot be changed while offline, and say why', async () => {
    const { connection } = openAccount();
    const topic = await screen.findByRole('checkbox', { name: 'Deadline alerts' });
    const photo = screen.getByRole('button', { name: 'Remove Photo' });
    act(() => connection.send({ type: 'answer.kept', at: '2026-11-25T17:41:00.000Z' }));
    expect(topic).toBeDisabled();
    expect(photo).toHaveAttribute('aria-disabled', 'true');
    // Said once in each: the notification settings, the photo, the coursework calendar, the theme,
    // the language, and People you share with (issue 73).
    expect(screen.getAllByText(OFFLINE)).toHaveLength(6);
    const shares = screen.getByRole('region', { name: 'People you share with' });
    expect(within(shares).getByText(OFFLINE)).toBeVisible();
    const coursework = screen.getByRole('region', { name: 'Coursework calendar' });
    expect(within(coursework).getByText(OFFLINE)).toBeVisible();
  });
});

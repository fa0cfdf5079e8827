import { screen } from '@testing-library/react';
import { beforeEach, describe, it } from 'vitest';
import { student as sisStudent } from '../../../../server/sis/fixtures/student.js';
import { student } from '../../../machines/fixtures.js';
import { stubApi } from '../api-stub.js';
import { renderPortal } from '../../../routes/portal/render-portal.js';
import { expectEachDisabledSaysReadOnly, viewingAs } from '../view-as-fixture.js';

function openAccount() {
  stubApi({
    'integrations/finti/holds': { json: [] },
    'integrations/finti/curriculum-info': { json: sisStudent['curriculum-info'] },
    'integrations/finti/standing': { json: sisStudent.standing },
    'GET preferences/user': { json: student.preferences },
    'GET coursework': { json: { feed: { state: 'none' }, canvas_available: true, items: [] } },
    'GET /next-steps/api/notification_type/': { json: [{ id: 1, name: 'Deadline alerts' }] },
    'GET /next-steps/api/user_preference/': {
      json: [{ pk: 9, notifications: [1], updated_by_user_on: null }],
    },
  });
  return renderPortal('/account', async () => ({
    kind: 'user',
    user: { ...student, photo: 'data:image/png;base64,AAAA', view_as: viewingAs('en') },
  }));
}

describe('Account while support views as the student (issue 87)', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = () => {};
  });

  it('every control disabled in view-as says why in words a screen reader reads: read only', async () => {
    openAccount();
    await screen.findByRole('checkbox', { name: 'Deadline alerts' });
    await screen.findByRole('group', { name: 'Theme' });
    await screen.findByRole('textbox', { name: 'Calendar feed address' });
    expectEachDisabledSaysReadOnly(screen.getByRole('main'), 12);
  });
});

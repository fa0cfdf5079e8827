import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Language } from '../../../../contract/language.schema.js';
import { activateLocale } from '../../../../src/lib/i18n.js';
import { student as sisStudent } from '../../../../server/sis/fixtures/student.js';
import { student } from '../../../machines/fixtures.js';
import { stubApi } from '../api-stub.js';
import { renderPortal } from '../../../routes/portal/render-portal.js';
import { expectEachDisabledSaysReadOnly, viewingAs } from '../view-as-fixture.js';

function openAccount(viewer: Language = 'en', language: Language | null = null) {
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
    user: {
      ...student,
      photo: 'data:image/png;base64,AAAA',
      preferences: { ...student.preferences, language },
      view_as: viewingAs(viewer),
    },
  }));
}

/** The read-only notes and statuses once every section has drawn (the photo, language, settings, coursework, theme). */
async function notesSaying(text: string) {
  // People you share with (being changed by another piece of work) says it in the viewer's words
  // too, through useReadOnlyText; its lang is that work's.
  await waitFor(() => expect(screen.getAllByText(text).length).toBeGreaterThanOrEqual(5), {
    timeout: 5000,
  });
  return screen.getAllByText(text).filter((note) => !note.closest('#shares-read-only'));
}

describe('Account while support views as the student (issue 87)', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = () => {};
  });
  afterEach(() => act(() => activateLocale('en')));

  it('every control disabled in view-as says why in words a screen reader reads: read only', async () => {
    openAccount();
    await screen.findByRole('checkbox', { name: 'Deadline alerts' });
    await screen.findByRole('group', { name: 'Theme' });
    await screen.findByRole('textbox', { name: 'Calendar feed address' });
    expectEachDisabledSaysReadOnly(screen.getByRole('main'), 12);
  });

  it('the read-only notes speak the viewer’s language (`viewer_language`), not the student’s: English on a Spanish student’s page, marked lang="en"', async () => {
    await act(() => activateLocale('es'));
    openAccount('en', 'es');
    const notes = await notesSaying('Read only while you view as this student.');
    expect(
      notes
        .filter((note) => note.closest('[lang]')?.getAttribute('lang') !== 'en')
        .map((n) => n.parentElement?.outerHTML.slice(0, 200)),
    ).toEqual([]);
    expect(screen.queryByText(/Solo lectura mientras/)).toBeNull();
  });

  it('and Spanish for a Spanish viewer on an English student’s page, marked lang="es"', async () => {
    openAccount('es', 'en');
    const notes = await notesSaying('Solo lectura mientras ve el portal como este estudiante.');
    expect(
      notes
        .filter((note) => note.closest('[lang]')?.getAttribute('lang') !== 'es')
        .map((n) => n.parentElement?.outerHTML.slice(0, 200)),
    ).toEqual([]);
    expect(screen.queryByText('Read only while you view as this student.')).toBeNull();
  });
});

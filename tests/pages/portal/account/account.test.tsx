import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../contract/user.schema.js';
import { student as sisStudent } from '../../../../server/sis/fixtures/student.js';
import { student } from '../../../machines/fixtures.js';
import { stubApi } from '../api-stub.js';
import type { StubAnswer } from '../api-stub.js';
import { renderPortal } from '../../../routes/portal/render-portal.js';
import { selectApiErrors } from '../../../../src/machines/app.machine.js';

const warning = { json: { p_result: 'Warning', p_message: 'Nothing on record' } };
const failure = { status: 500, json: { detail: 'The SIS could not answer.', component: 'x' } };

/** The sample student's SIS answers, as the server sends them. */
function studentAnswers(): Record<string, StubAnswer> {
  return {
    'integrations/finti/holds': { json: sisStudent.holds },
    'integrations/finti/contact-info': { json: sisStudent['contact-info'] },
    'integrations/finti/person-info': { json: sisStudent['person-info'] },
    'integrations/finti/emergency-info': { json: sisStudent['emergency-info'] },
    'integrations/finti/curriculum-info': { json: sisStudent['curriculum-info'] },
    'integrations/finti/standing': { json: sisStudent.standing },
    'POST integrations/finti/clear-cache': { json: { endpoint: 'ContactInfo', cleared: 1 } },
  };
}

function openAccount(answers: Record<string, StubAnswer>, user: User = student, path = '/account') {
  const api = stubApi(answers);
  const view = renderPortal(path, async () => ({ kind: 'user', user }));
  return { ...view, api };
}

const section = (name: string) => screen.getByRole('region', { name });
const showProfile = async () =>
  fireEvent.click(await screen.findByRole('button', { name: 'Show profile info' }));

describe('the Account page', () => {
  beforeEach(() => {
    window.innerWidth = 1024;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is titled "Account · Campus Portal" and shows every section once loaded', async () => {
    openAccount(studentAnswers());
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Account · Campus Portal'));
    expect(await within(section('Holds')).findByText('Registration Hold')).toBeVisible();
    expect(within(section('Holds')).getByText('$250.00')).toBeVisible();
    expect(within(section('Holds')).getByText('Registration, Transcripts')).toBeVisible();
    await showProfile();
    expect(await screen.findByText('(503) 555-0142')).toBeVisible();
    expect(await screen.findByText('she/her')).toBeVisible();
    expect(await screen.findByText('Spring 2029')).toBeVisible();
    const contacts = await within(section('Emergency contacts')).findAllByRole('listitem');
    expect(contacts.map((c) => c.textContent)).toEqual([
      expect.stringContaining('Marisol E Valencia'),
      expect.stringContaining('Luis Valencia'),
    ]);
    expect(document.body.textContent).not.toMatch(/Hispanic|Sample (orientation|identity|race)/);
  });

  it('every section shows "Loading…" while its data is on its way', async () => {
    const pending = Object.fromEntries(
      Object.keys(studentAnswers()).map((k) => [k, 'pending' as const]),
    );
    openAccount(pending);
    await screen.findByRole('heading', { level: 1, name: 'Account' });
    await showProfile();
    for (const name of ['Holds', 'Emergency contacts'])
      expect(within(section(name)).getByText('Loading…')).toBeInTheDocument();
    expect(within(section('Profile')).getAllByText('Loading…')).toHaveLength(3);
  });

  it('a failed section says so on its own, offers a retry, and reports {type: "api", component}', async () => {
    const answers = { ...studentAnswers(), 'integrations/finti/contact-info': failure };
    const { app, api } = openAccount({
      ...answers,
      'integrations/finti/holds': failure,
      'integrations/finti/emergency-info': failure,
    });
    expect(await screen.findByText('Holds not available at this time')).toBeVisible();
    await showProfile();
    expect(await within(section('Profile')).findByText('Error retrieving info')).toBeVisible();
    expect(
      await within(section('Emergency contacts')).findByText('Error retrieving info'),
    ).toBeVisible();
    expect(within(section('Profile')).getByText('Ana Valencia', { selector: 'dd' })).toBeVisible();
    const components = selectApiErrors(app.getSnapshot()).map((e) => e.component);
    expect(components).toEqual(expect.arrayContaining(['holds', 'contact-info', 'emergency-info']));
    expect(selectApiErrors(app.getSnapshot())[0]?.message).toBe('Error retreiving data');

    api.set('integrations/finti/contact-info', { json: sisStudent['contact-info'] });
    fireEvent.click(within(section('Profile')).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('(503) 555-0142')).toBeVisible();
  });

  it('empty answers and "Warning" answers show the empty texts', async () => {
    openAccount({
      ...studentAnswers(),
      'integrations/finti/holds': { json: [] },
      'integrations/finti/contact-info': warning,
      'integrations/finti/emergency-info': {
        json: { ...sisStudent['emergency-info'], EMERGENCY_CONTACTS: [] },
      },
      'integrations/finti/curriculum-info': warning,
    });
    expect(await screen.findByText('No holds')).toBeVisible();
    await showProfile();
    expect(await screen.findByText('Contact info not available')).toBeVisible();
    expect(await screen.findByText('No emergency contacts on record')).toBeVisible();
    expect(
      await within(section('Profile')).findByText('No Record Found/Not Applicable'),
    ).toBeVisible();
  });

  it('the profile section toggles with aria-expanded and opens by default for #profile', async () => {
    // renderPortal records each scrollIntoView as `#<id>` in `scrolled`.
    const { scrolled } = openAccount(studentAnswers(), student, '/account#profile');
    const toggle = await screen.findByRole('button', { name: 'Hide profile info' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Show profile info' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.queryByText('Contact information')).not.toBeVisible();
    expect(scrolled).toContain('#profile');
  });

  it('/account#holds scrolls to the holds once they have loaded', async () => {
    const { scrolled } = openAccount(studentAnswers(), student, '/account#holds');
    await screen.findByText('Registration Hold');
    await waitFor(() => expect(scrolled).toContain('#holds'));
  });

  it('staff get no holds section and no academic grid', async () => {
    openAccount(studentAnswers(), { ...student, primary_role: 'staff' });
    await screen.findByRole('heading', { level: 1, name: 'Account' });
    await showProfile();
    expect(screen.queryByRole('region', { name: 'Holds' })).toBeNull();
    expect(screen.queryByText('Academic information')).toBeNull();
  });

  it('Account’s "Refresh" keeps focus on the control and says what happened', async () => {
    openAccount(studentAnswers());
    const button = await screen.findByRole('button', { name: 'Refresh' });
    button.focus();
    await act(async () => fireEvent.click(button));
    await waitFor(() =>
      expect(screen.getByText('Your information is up to date.')).toHaveAttribute('role', 'status'),
    );
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-disabled', 'false');
  });

  it('"Refresh" clears the four cached reads, then the sections load again', async () => {
    const { api } = openAccount(studentAnswers());
    await showProfile();
    await screen.findByText('(503) 555-0142');
    const before = api.requests.filter((r) => r.path.endsWith('contact-info')).length;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refresh' })));
    await waitFor(() =>
      expect(api.requests.filter((r) => r.path.endsWith('contact-info')).length).toBe(before + 1),
    );
    const cleared = api.requests.filter((r) => r.path === 'integrations/finti/clear-cache');
    expect(cleared.map((r) => r.body)).toEqual([
      { endpoint: 'ContactInfo' },
      { endpoint: 'EmergencyInfo' },
      { endpoint: 'PersonInfo' },
      { endpoint: 'CurriculumInfo' },
    ]);
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Preferences } from '../../../../contract/preferences.schema.js';
import { student as sisStudent } from '../../../../server/sis/fixtures/student.js';
import { selectUser } from '../../../../src/machines/app.machine.js';
import { student } from '../../../machines/fixtures.js';
import { stubApi } from '../api-stub.js';
import { renderPortal } from '../../../routes/portal/render-portal.js';

const photo = 'data:image/png;base64,AAAA';
const saved = (change: Partial<Preferences>) => ({ json: { ...student.preferences, ...change } });

function openAccount(extra: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({
    'integrations/finti/holds': { json: [] },
    'integrations/finti/curriculum-info': { json: sisStudent['curriculum-info'] },
    'integrations/finti/standing': { json: sisStudent.standing },
    'GET preferences/user': { json: student.preferences },
    'GET /next-steps/api/notification_type/': {
      json: [
        { id: 1, name: 'Deadline alerts' },
        { id: 2, name: 'Weekly summary' },
      ],
    },
    'GET /next-steps/api/user_preference/': {
      json: [{ pk: 9, notifications: [1], updated_by_user_on: null }],
    },
    ...extra,
  });
  const view = renderPortal('/account', async () => ({
    kind: 'user',
    user: { ...student, photo },
  }));
  return { ...view, api };
}

describe('Account preferences', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = () => {};
  });
  afterEach(() => vi.unstubAllGlobals());

  it('"Remove Photo" saves through PATCH, then every profile image shows initials at once', async () => {
    const { api, app } = openAccount({
      'PATCH preferences/1': saved({ use_profile_photo: false }),
    });
    const profile = await screen.findByRole('region', { name: 'Profile summary' });
    expect(profile.querySelector('img')).toHaveAttribute('src', photo);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Photo' }));
    expect(await screen.findByRole('button', { name: 'Use ID Photo' })).toBeVisible();
    expect(within(profile).getByText('AV')).toBeInTheDocument();
    expect(profile.querySelector('img')).toBeNull();
    expect(selectUser(app.getSnapshot())?.preferences.use_profile_photo).toBe(false);
    expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      use_profile_photo: false,
    });
  });

  it('"Remove Photo" / "Use ID Photo" keep focus on the control and say what happened', async () => {
    openAccount({ 'PATCH preferences/1': saved({ use_profile_photo: false }) });
    const button = await screen.findByRole('button', { name: 'Remove Photo' });
    button.focus();
    fireEvent.click(button);
    // While it saves the button is held, not disabled: focus does not leave it for the page.
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();
    expect(await screen.findByText('Photo removed: your initials show instead.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.getByRole('button', { name: 'Use ID Photo' })).toHaveFocus();
  });

  it('a photo choice the server does not save changes nothing and says so', async () => {
    const logged = vi.spyOn(console, 'warn').mockImplementation(() => {});
    openAccount({ 'PATCH preferences/1': { status: 500, json: { detail: 'Boom' } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Photo' }));
    expect(
      await screen.findByText('Your choice could not be saved. Please try again.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Remove Photo' })).toHaveAttribute(
      'aria-disabled',
      'false',
    );
    expect(
      logged.mock.calls.filter(([text]) => text === 'Saving a preference failed'),
    ).toHaveLength(1);
  });

  it('contact by text is saved alone through PUT', async () => {
    const { api } = openAccount({ 'PUT preferences/1': saved({ contact_by_text: true }) });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Contact me by text message' }));
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Contact me by text message' })).toBeChecked(),
    );
    expect(api.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { contact_by_text: true },
    ]);
  });

  it('an invalid SMS number gets a clear message, is not sent, and stays in the field', async () => {
    const { api } = openAccount();
    const field = await screen.findByRole('textbox', { name: 'Text-message number' });
    fireEvent.change(field, { target: { value: 'call me maybe' } });
    fireEvent.blur(field);
    expect(await screen.findByText(/not a phone number we can text/)).toBeVisible();
    expect(field).toHaveValue('call me maybe');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('a number of seven digits (no area code) is refused with the same message, not sent', async () => {
    const { api } = openAccount();
    const field = await screen.findByRole('textbox', { name: 'Text-message number' });
    fireEvent.change(field, { target: { value: '555-0142' } });
    // Enter in the field saves it too.
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(await screen.findByText(/not a phone number we can text/)).toBeVisible();
    expect(api.requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('one save model (issue 43): a number is saved when its field is left, alone, as E.164', async () => {
    const { api } = openAccount({ 'PUT preferences/1': saved({ sms_number: '+15035550142' }) });
    const field = await screen.findByRole('textbox', { name: 'Text-message number' });
    fireEvent.change(field, { target: { value: '(503) 555-0142' } });
    fireEvent.blur(field);
    expect(await screen.findByText('Saved.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Save/ })).toBeNull();
    expect(api.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { sms_number: '+15035550142' },
    ]);
  });

  it('quiet hours are saved when a time is left, as two single-field PUTs, start then end', async () => {
    const { api } = openAccount();
    api.set('PUT preferences/1', saved({ quiet_hours_start: '22:00' }));
    const from = await screen.findByLabelText('From');
    fireEvent.change(from, { target: { value: '22:00' } });
    fireEvent.change(screen.getByLabelText('Until'), { target: { value: '07:30' } });
    fireEvent.blur(screen.getByLabelText('Until'));
    expect(await screen.findByText('Saved.')).toBeVisible();
    expect(api.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { quiet_hours_start: '22:00' },
      { quiet_hours_end: '07:30' },
    ]);
  });

  it('the save status is said in the group of the change, right under it', async () => {
    openAccount({ 'PUT preferences/1': saved({ daily_digest: true }) });
    fireEvent.click(await screen.findByRole('checkbox', { name: /daily digest/ }));
    const digest = screen.getByRole('group', { name: 'Daily digest' });
    await waitFor(() => expect(within(digest).getByRole('status')).toHaveTextContent('Saved.'));
    const channels = screen.getByRole('group', { name: 'How to reach me' });
    expect(within(channels).getByRole('status')).toHaveTextContent(/^$/);
    // Nothing was disabled while it saved: focus stays on the box.
    expect(screen.getByRole('checkbox', { name: /daily digest/ })).toBeEnabled();
  });

  it('the daily digest is saved alone through PUT', async () => {
    const { api } = openAccount({ 'PUT preferences/1': saved({ daily_digest: true }) });
    fireEvent.click(await screen.findByRole('checkbox', { name: /daily digest/ }));
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: /daily digest/ })).toBeChecked(),
    );
    expect(api.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { daily_digest: true },
    ]);
  });

  it("Next Steps' notification types are the topics, each tick saved at once to Next Steps' own record", async () => {
    const { api } = openAccount({
      'PATCH /next-steps/api/user_preference/9/': {
        json: { pk: 9, notifications: [1, 2], updated_by_user_on: '2026-11-23T22:00:00.000Z' },
      },
    });
    expect(await screen.findByRole('checkbox', { name: 'Deadline alerts' })).toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Weekly summary' }));
    expect(screen.getByRole('checkbox', { name: 'Weekly summary' })).toBeChecked();
    expect(await screen.findByText('Saved.')).toBeVisible();
    const patches = api.requests.filter((r) => r.path === '/next-steps/api/user_preference/9/');
    expect(patches[0]?.body).toEqual({ notifications: [1, 2] });
  });
});

import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorSchema } from '../../../../contract/error.schema.js';
import { preferencesSchema } from '../../../../contract/preferences.schema.js';
import type { Preferences } from '../../../../contract/preferences.schema.js';
import { createTestApp, signIn } from '../../helpers/app.js';

describe('preferences: only their owner may read or change them', () => {
  let app: FastifyInstance;
  let auth: { authorization: string };
  let cookie: string;
  let mine: Preferences;
  const change = (method: 'PUT' | 'PATCH', pk: number | string, payload: object, headers = auth) =>
    app.inject({ method, url: `/api/preferences/${pk}`, headers, payload });

  beforeEach(async () => {
    app = await createTestApp();
    const session = await signIn(app, 'student');
    auth = { authorization: `Token ${session.token}` };
    cookie = session.cookie;
    mine = preferencesSchema.parse(
      (await app.inject({ url: '/api/preferences/user', headers: auth })).json(),
    );
  });
  afterEach(async () => app.close());

  it.each([
    { use_profile_photo: false },
    { contact_by_email: false },
    { contact_by_text: true },
    { sms_number: '+15035550142' },
    { sms_number: null },
    { theme: 'dark' },
    { theme: 'light' },
    { quiet_hours_start: '22:30' },
    { quiet_hours_end: '07:15' },
    { daily_digest: true },
  ])('PUT saves exactly one preference field: %o', async (field) => {
    const response = await change('PUT', mine.pk, field);
    expect(response.statusCode).toBe(200);
    expect(preferencesSchema.parse(response.json())).toEqual({ ...mine, ...field });
    const reread = await app.inject({ url: '/api/preferences/user', headers: auth });
    expect(reread.json()).toEqual({ ...mine, ...field });
  });

  it.each([
    ['an unknown field', { favourite_colour: 'green' }],
    ['two fields', { contact_by_email: false, contact_by_text: true }],
    ['no field', {}],
    ['a wrong type', { contact_by_text: 'yes' }],
    ['a number that is not a phone number', { sms_number: 'call me' }],
    ['a theme that is not system, light or dark', { theme: 'sepia' }],
    ['a quiet-hours start that is not a time of day', { quiet_hours_start: '25:00' }],
    ['a quiet-hours end without minutes', { quiet_hours_end: '8' }],
    [
      'quiet hours start and end together',
      { quiet_hours_start: '22:00', quiet_hours_end: '07:00' },
    ],
    ['a daily digest that is not a boolean', { daily_digest: 'daily' }],
  ])('PUT refuses %s with 400 JSON', async (_, body) => {
    const response = await change('PUT', mine.pk, body);
    expect(response.statusCode).toBe(400);
    expect(errorSchema.parse(response.json()).detail.length).toBeGreaterThan(0);
  });

  it.each([
    ['(503) 555-0142', '+15035550142'],
    ['503.555.0142', '+15035550142'],
    ['503-555-0142', '+15035550142'],
    ['+1 (503) 555-0142', '+15035550142'],
    ['+44 20 7946 0958', '+442079460958'],
  ])(
    'PUT takes a text-message number with the usual separators (%s) and stores it as E.164',
    async (typed, stored) => {
      const response = await change('PUT', mine.pk, { sms_number: typed });
      expect(response.statusCode).toBe(200);
      expect(preferencesSchema.parse(response.json()).sms_number).toBe(stored);
    },
  );

  it.each([
    ['seven digits, no area code', '555-0142'],
    ['nineteen digits', '1234567890123456789'],
    ['a number with an extension', '503-555-0142 ext 5'],
    ['a foreign number without + before its country code', '44 20 7946 0958'],
  ])('PUT refuses %s as a text-message number, saying why', async (_, typed) => {
    const response = await change('PUT', mine.pk, { sms_number: typed });
    expect(response.statusCode).toBe(400);
    expect(errorSchema.parse(response.json()).detail).toMatch(/sms_number: must be a phone number/);
  });

  it('a new person’s theme is the device’s setting until they choose, and their choice stays with them', async () => {
    expect(mine.theme).toBe('system');
    await change('PUT', mine.pk, { theme: 'dark' });
    const user = await app.inject({ url: '/api/users/user', headers: { cookie } });
    expect(user.json()).toMatchObject({ preferences: { pk: mine.pk, theme: 'dark' } });
    await change('PUT', mine.pk, { theme: 'system' });
    const reread = await app.inject({ url: '/api/preferences/user', headers: auth });
    expect(preferencesSchema.parse(reread.json()).theme).toBe('system');
  });

  it('a person starts with no language chosen, saves Español or English, and nothing else (issue 59)', async () => {
    expect(mine.language).toBeNull();
    const spanish = await change('PUT', mine.pk, { language: 'es' });
    expect(preferencesSchema.parse(spanish.json()).language).toBe('es');
    const reread = await app.inject({ url: '/api/preferences/user', headers: auth });
    expect(preferencesSchema.parse(reread.json()).language).toBe('es');
    expect((await change('PUT', mine.pk, { language: 'fr' })).statusCode).toBe(400);
    const english = await change('PUT', mine.pk, { language: 'en' });
    expect(preferencesSchema.parse(english.json()).language).toBe('en');
  });

  it('new preferences hold the default quiet hours, 21:00 to 08:00 campus time, and no daily digest', () => {
    expect(mine).toMatchObject({
      quiet_hours_start: '21:00',
      quiet_hours_end: '08:00',
      daily_digest: false,
    });
  });

  it('PATCH toggles use_profile_photo between the ID photo and initials', async () => {
    const off = await change('PATCH', mine.pk, { use_profile_photo: false });
    expect(off.json()).toMatchObject({ use_profile_photo: false });
    const on = await change('PATCH', mine.pk, { use_profile_photo: true });
    expect(on.json()).toMatchObject({ use_profile_photo: true });
  });

  it('PATCH takes the pk sent along by the toggle when it is the pk of the address', async () => {
    const same = await change('PATCH', mine.pk, { pk: mine.pk, use_profile_photo: false });
    expect(same.json()).toMatchObject({ pk: mine.pk, use_profile_photo: false });
    const other = await change('PATCH', mine.pk, { pk: mine.pk + 1, use_profile_photo: true });
    expect(other.statusCode).toBe(400);
    expect(errorSchema.parse(other.json()).detail).toMatch(/^pk: /);
  });

  it('PATCH refuses any other field with 400 JSON', async () => {
    const response = await change('PATCH', mine.pk, { contact_by_text: true });
    expect(response.statusCode).toBe(400);
  });

  it('answers 404 for another user’s preferences and leaves them unchanged', async () => {
    const other = { authorization: `Token ${(await signIn(app, 'staff')).token}` };
    const theirs = preferencesSchema.parse(
      (await app.inject({ url: '/api/preferences/user', headers: other })).json(),
    );
    expect((await change('PUT', theirs.pk, { contact_by_text: true })).statusCode).toBe(404);
    expect((await change('PATCH', theirs.pk, { use_profile_photo: false })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/preferences/user', headers: other })).json()).toEqual(
      theirs,
    );
  });

  it('answers 404 for a pk that does not exist and 400 for one that is not a number', async () => {
    expect((await change('PUT', 9999, { contact_by_text: true })).statusCode).toBe(404);
    expect((await change('PUT', 'mine', { contact_by_text: true })).statusCode).toBe(400);
  });

  it('answers 401 without a token', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: `/api/preferences/${mine.pk}`,
      payload: { contact_by_text: true },
    });
    expect(response.statusCode).toBe(401);
  });
});

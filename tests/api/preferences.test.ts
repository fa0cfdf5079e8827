import { describe, expect, it } from 'vitest';
import { savePreference, setUseProfilePhoto } from '../../src/api/preferences.js';
import { fakeHttp } from './fake-fetch.js';

const prefs = {
  pk: 7,
  use_profile_photo: true,
  contact_by_email: true,
  contact_by_text: false,
  sms_number: null,
  theme: 'system',
  language: null,
  quiet_hours_start: '21:00',
  quiet_hours_end: '08:00',
  daily_digest: false,
  dashboard_layout: null,
};

describe('preference clients', () => {
  it('PUTs one preference field to its pk', async () => {
    const { http, seen } = fakeHttp({ ...prefs, contact_by_text: true });
    expect((await savePreference(http, 7, { contact_by_text: true })).contact_by_text).toBe(true);
    expect(seen[0]).toMatchObject({
      method: 'PUT',
      url: 'http://portal.test/api/preferences/7',
      body: { contact_by_text: true },
    });
  });

  it('PATCHes use_profile_photo from the photo toggle', async () => {
    const { http, seen } = fakeHttp({ ...prefs, use_profile_photo: false });
    expect((await setUseProfilePhoto(http, 7, false)).use_profile_photo).toBe(false);
    expect(seen[0]).toMatchObject({ method: 'PATCH', body: { use_profile_photo: false } });
  });
});

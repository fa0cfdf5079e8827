import { describe, expect, it } from 'vitest';
import { initialsOf, profileImageOf } from '../../src/lib/profile-image.js';

const ana = {
  first_name: 'Ana',
  last_name: 'valencia',
  username: 'avalencia',
  photo: 'data:image/png;base64,AA==',
  preferences: { use_profile_photo: true },
};

describe('the profile image', () => {
  it('is the ID photo when use_profile_photo is on and a photo exists', () => {
    expect(profileImageOf(ana)).toEqual({ kind: 'photo', src: ana.photo });
  });

  it('falls back to initials when the photo preference is off', () => {
    expect(profileImageOf({ ...ana, preferences: { use_profile_photo: false } })).toEqual({
      kind: 'initials',
      text: 'AV',
    });
  });

  it('falls back to initials when no photo exists', () => {
    expect(profileImageOf({ ...ana, photo: null })).toEqual({ kind: 'initials', text: 'AV' });
  });

  it('initials fall back to the username without a name, and to "?" without either', () => {
    expect(initialsOf({ first_name: ' ', last_name: '', username: 'avalencia' })).toBe('A');
    expect(initialsOf({ first_name: '', last_name: '', username: '' })).toBe('?');
    expect(initialsOf({ first_name: 'Ana', last_name: '', username: 'x' })).toBe('A');
  });
});

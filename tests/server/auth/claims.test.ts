import { describe, expect, it } from 'vitest';
import { profileFromClaims } from '../../../server/auth/claims.js';

describe('profileFromClaims', () => {
  it('maps username, email and names, and makes an unknown person a student', () => {
    expect(
      profileFromClaims(
        {
          sub: 'x1',
          preferred_username: 'kparker',
          email: 'kparker@campus.example.edu',
          given_name: 'Kim',
          family_name: 'Parker',
          roles: ['staff'],
        },
        'preferred_username',
      ),
    ).toMatchObject({
      username: 'kparker',
      email: 'kparker@campus.example.edu',
      first_name: 'Kim',
      last_name: 'Parker',
      primary_role: 'student',
      other_roles: [],
      is_staff: false,
      persona: null,
    });
  });

  it('takes roles and permissions from the SIS record of a known username', () => {
    expect(profileFromClaims({ preferred_username: 'rpatel' }, 'preferred_username')).toMatchObject(
      {
        primary_role: 'faculty',
        other_roles: ['staff'],
        nine_number: '900000004',
      },
    );
  });

  it('splits the full name when the given and family names are missing', () => {
    expect(profileFromClaims({ uid: 'mdv', name: 'Maria de Vries' }, 'uid')).toMatchObject({
      username: 'mdv',
      first_name: 'Maria',
      last_name: 'de Vries',
      email: '',
    });
  });

  it.each([
    [{}],
    [{ preferred_username: '' }],
    [{ preferred_username: 42 }],
    [{ preferred_username: 'a b' }],
  ])('answers null when the username claim is unusable: %j', (claims) => {
    expect(profileFromClaims(claims, 'preferred_username')).toBeNull();
  });

  it('ignores claims of the wrong type rather than failing', () => {
    expect(
      profileFromClaims(
        { preferred_username: 'kp', email: 7, given_name: ['x'] },
        'preferred_username',
      ),
    ).toMatchObject({ email: '', first_name: '' });
  });
});

import { describe, expect, it } from 'vitest';
import { signInClaims } from '../../../server/auth/claims.js';
import { rightsOf } from '../../../server/auth/rights.js';
import type { Right } from '../../../contract/grants.schema.js';

const groups = {
  claim: 'groups',
  staff: ['portal-staff'],
  superuser: ['portal-superusers'],
  demo: ['portal-demo'],
};
const none = new Set<Right>();

describe('who someone is: the provider claims', () => {
  it('maps username, email and names, and carries no role or right of its own', () => {
    const claims = signInClaims(
      {
        sub: 'x1',
        preferred_username: 'kparker',
        email: 'kparker@campus.example.edu',
        given_name: 'Kim',
        family_name: 'Parker',
        roles: ['staff'],
        is_staff: true,
      },
      'preferred_username',
      'groups',
    );
    expect(claims).toEqual({
      username: 'kparker',
      email: 'kparker@campus.example.edu',
      first_name: 'Kim',
      last_name: 'Parker',
      groups: [],
    });
  });

  it('splits the full name when the given and family names are missing', () => {
    expect(signInClaims({ uid: 'mdv', name: 'Maria de Vries' }, 'uid', 'groups')).toMatchObject({
      username: 'mdv',
      first_name: 'Maria',
      last_name: 'de Vries',
      email: '',
    });
  });

  it.each([
    [{ groups: ['portal-staff', 'library'] }, ['portal-staff', 'library']],
    [{ groups: 'portal-staff' }, ['portal-staff']],
    [{ groups: [7, '', 'a'] }, ['a']],
    [{ groups: { a: 1 } }, []],
    [{ memberOf: ['x'] }, []],
  ])('reads the groups claim as a list or one name, dropping the rest: %j', (extra, expected) => {
    expect(
      signInClaims({ preferred_username: 'k', ...extra }, 'preferred_username', 'groups'),
    ).toMatchObject({ groups: expected });
  });

  it.each([
    [{}],
    [{ preferred_username: '' }],
    [{ preferred_username: 42 }],
    [{ preferred_username: 'a b' }],
  ])('answers null when the username claim is unusable: %j', (claims) => {
    expect(signInClaims(claims, 'preferred_username', 'groups')).toBeNull();
  });

  it('ignores claims of the wrong type rather than failing', () => {
    expect(
      signInClaims(
        { preferred_username: 'kp', email: 7, given_name: ['x'] },
        'preferred_username',
        'groups',
      ),
    ).toMatchObject({ email: '', first_name: '' });
  });
});

describe('what someone may do: groups and grants', () => {
  it('an unknown person, in no group and with no grant, gets no demo, no staff, no superuser, no support', () => {
    expect(rightsOf([], none, groups)).toEqual({
      is_staff: false,
      is_superuser: false,
      can_use_demo: false,
      can_support: false,
    });
  });

  it('Support comes from its grant only, never from a group (issue 73)', () => {
    expect(rightsOf(['portal-superusers', 'portal-staff'], none, groups).can_support).toBe(false);
    expect(rightsOf([], new Set<Right>(['support']), groups).can_support).toBe(true);
  });

  it("a username equal to a persona's grants nothing: rights never come from a username", () => {
    // rightsOf does not even see the username: only groups and grants decide.
    expect(rightsOf(['mchen', 'staff'], none, groups)).toMatchObject({ is_staff: false });
  });

  it('staff comes from the configured staff group or a staff grant', () => {
    expect(rightsOf(['portal-staff'], none, groups).is_staff).toBe(true);
    expect(rightsOf([], new Set<Right>(['staff']), groups).is_staff).toBe(true);
  });

  it('a superuser, by group or grant, is staff too', () => {
    expect(rightsOf(['portal-superusers'], none, groups)).toMatchObject({
      is_superuser: true,
      is_staff: true,
    });
    expect(rightsOf([], new Set<Right>(['superuser']), groups)).toMatchObject({ is_staff: true });
  });

  it('can_use_demo is granted (demo group or demo grant), never defaulted', () => {
    expect(rightsOf(['portal-staff'], none, groups).can_use_demo).toBe(false);
    expect(rightsOf(['portal-demo'], none, groups).can_use_demo).toBe(true);
    expect(rightsOf([], new Set<Right>(['demo']), groups).can_use_demo).toBe(true);
  });

  it('a right comes from any one of the groups configured for it', () => {
    const several = {
      ...groups,
      staff: ['portal-staff', 'it-staff'],
      demo: ['portal-demo', 'demo-b'],
    };
    expect(rightsOf(['it-staff'], none, several)).toMatchObject({
      is_staff: true,
      can_use_demo: false,
    });
    expect(rightsOf(['demo-b'], none, several).can_use_demo).toBe(true);
  });
});

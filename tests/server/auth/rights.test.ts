import { describe, expect, it } from 'vitest';
import {
  RIGHT_FLAG,
  canUseDemo,
  holds,
  isProvisional,
  isStaff,
  isSuperuser,
  mayPreviewUnpublished,
  mayWrite,
  skipsRoleRefresh,
} from '../../../server/auth/rights.js';
import type { Actor } from '../../../server/auth/acting.js';
import type { RouteAccess } from '../../../server/auth/access.js';
import type { DelegateCategory } from '../../../contract/delegates.schema.js';
import type { RightsHolder } from '../../../server/auth/rights.js';
import type { UserRecord } from '../../../server/db/repositories/users.repository.js';
import { findPersona } from '../../../server/sis/personas.js';

const nobody: RightsHolder = {
  is_staff: false,
  is_superuser: false,
  can_use_demo: false,
  has_provisional_account: false,
};
const student = findPersona('student');
const staff = findPersona('staff');
const provisional = findPersona('provisional');
const superuser: RightsHolder = { ...nobody, is_superuser: true };
const demoUser: RightsHolder = { ...nobody, can_use_demo: true };

describe('the rights module decides per role', () => {
  it('portal.md §6 the admin link is shown only to is_staff: staff and superusers are staff, a student and nobody are not', () => {
    expect([student, staff, superuser, nobody].map(isStaff)).toEqual([false, true, true, false]);
  });

  it('a superuser is only who holds the superuser right: staff alone is not', () => {
    expect([student, staff, superuser].map(isSuperuser)).toEqual([false, false, true]);
  });

  it('an admin level is held by staff for staff pages and only by superusers for the grants', () => {
    expect(holds(staff, 'staff')).toBe(true);
    expect(holds(staff, 'superuser')).toBe(false);
    expect(holds(superuser, 'staff')).toBe(true);
    expect(holds(superuser, 'superuser')).toBe(true);
    expect(holds(student, 'staff')).toBe(false);
  });

  it('portal.md §6 staff users may preview unpublished pages (published=all); a student may not', () => {
    expect([student, staff, superuser].map(mayPreviewUnpublished)).toEqual([false, true, true]);
  });

  it('portal.md §6 superusers skip the role refresh; staff and students do not', () => {
    expect([student, staff, superuser].map(skipsRoleRefresh)).toEqual([false, false, true]);
  });

  it('portal.md §6 the demo toggle is shown only to users whose can_use_demo is true', () => {
    expect(canUseDemo(demoUser)).toBe(true);
    expect(canUseDemo(nobody)).toBe(false);
    expect(canUseDemo(provisional)).toBe(false);
    // Staff gives no demo right of its own.
    expect(canUseDemo({ ...staff, can_use_demo: false })).toBe(false);
  });

  it('a provisional account is told apart from a real one', () => {
    expect(isProvisional(provisional)).toBe(true);
    expect(isProvisional(student)).toBe(false);
  });

  it('each right sets its own flag of the user record', () => {
    expect(RIGHT_FLAG).toEqual({
      staff: 'is_staff',
      superuser: 'is_superuser',
      demo: 'can_use_demo',
      support: 'can_support',
    });
  });
});

describe('mayWrite: who may change a record, read against the route’s declaration (issues 73, 88)', () => {
  // Only the id counts: a staff member or a superuser in support writes no more than anyone.
  const person = (id: number, staff = false) =>
    ({ id, is_staff: staff, is_superuser: staff }) as UserRecord;
  const self = (user: UserRecord): Actor => ({ capacity: 'self', user });
  const support = (user: UserRecord): Actor => ({ capacity: 'support', user });
  const delegate = (student: number, categories: DelegateCategory[]): Actor => ({
    capacity: 'delegate',
    delegate: {
      id: 7,
      name: 'María Valencia',
      email: 'm@example.com',
      delegation: 3,
      student,
      categories,
      endsAt: new Date('2027-05-31T22:00:00Z'),
    },
  });
  const change: RouteAccess = { self: 'write', support: null, delegate: null };
  const pay: RouteAccess = {
    self: 'write',
    support: null,
    delegate: { category: 'finances', may: 'pay' },
  };
  const read: RouteAccess = {
    self: 'read',
    support: 'read',
    delegate: { category: 'finances', may: 'read' },
  };

  it('the owner acting for themselves may where the route lets self write, and not where it only reads', () => {
    expect(mayWrite(self(person(1)), person(1), change)).toBe(true);
    expect(mayWrite(self(person(1)), person(1), pay)).toBe(true);
    expect(mayWrite(self(person(1)), person(1), read)).toBe(false);
  });

  it('support never writes, on anyone’s record, whatever the route declares', () => {
    for (const access of [change, pay, read]) {
      expect(mayWrite(support(person(9, true)), person(1), access)).toBe(false);
      expect(mayWrite(support(person(1, true)), person(1), access)).toBe(false);
    }
  });

  it('a delegate may pay only where the route says so, in a category the student shared, on that student’s record', () => {
    expect(mayWrite(delegate(1, ['finances']), person(1), pay)).toBe(true);
    expect(mayWrite(delegate(1, ['finances']), person(1), change)).toBe(false);
    expect(mayWrite(delegate(1, ['finances']), person(1), read)).toBe(false);
    expect(mayWrite(delegate(1, ['academics']), person(1), pay)).toBe(false);
    expect(mayWrite(delegate(2, ['finances']), person(1), pay)).toBe(false);
  });

  it('no one acting as self writes another person’s record; no capacity writes a public route', () => {
    expect(mayWrite(self(person(9, true)), person(1), change)).toBe(false);
    expect(mayWrite(self(person(1)), person(1), 'public')).toBe(false);
  });
});

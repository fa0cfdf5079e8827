import type { DashboardLayout } from '../../contract/dashboard.schema.js';
import type { Preferences } from '../../contract/preferences.schema.js';
import type { User } from '../../contract/user.schema.js';
import { DEMO_PREFERENCES_PK } from './demo-mode.js';

/** A plain grey silhouette, so the demo profile needs no image file or network. */
const photo =
  'data:image/svg+xml;base64,' +
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#d8dbe0"/>' +
      '<circle cx="32" cy="24" r="12" fill="#8a9099"/><rect x="12" y="40" width="40" height="24" rx="12" fill="#8a9099"/></svg>',
  ).toString('base64');

/** next-steps.md §3 "Student profile": the sample student demo mode shows. */
export const demoProfile = {
  first_name: 'Demo',
  last_name: 'Student',
  photo,
  primary_role: 'student' as const,
  can_use_demo: true,
  nine_number: '900123456',
  profile_pk: 0,
  preferences: {
    initialized: true,
    pk: DEMO_PREFERENCES_PK,
    sms_number: '+15035550199',
    use_profile_photo: true,
  },
  contact_info: {
    phone_number: '5035550199',
    street_line_1: '1825 SW Broadway',
    street_line_2: 'Apt 4',
    city: 'Portland',
    state: 'OR',
    zip: '97201',
    email: 'demo.student@campus.example.edu',
    initialized: true,
  },
};

/** The demo student's preferences, with the dashboard layout the person arranged in demo mode. */
export function demoPreferences(layout: DashboardLayout = null): Preferences {
  return {
    pk: demoProfile.preferences.pk,
    use_profile_photo: demoProfile.preferences.use_profile_photo,
    contact_by_email: true,
    contact_by_text: false,
    sms_number: demoProfile.preferences.sms_number,
    theme: 'system',
    language: null,
    quiet_hours_start: '21:00',
    quiet_hours_end: '08:00',
    daily_digest: false,
    dashboard_layout: layout,
  };
}

/**
 * The answer of `GET /api/users/user` while demo mode is on: the demo student, carrying the real
 * session's token so the signed-in user's calls keep working, and free to end demo mode.
 */
export function demoUser(authToken: string, layout: DashboardLayout = null): User {
  return {
    first_name: demoProfile.first_name,
    last_name: demoProfile.last_name,
    photo: demoProfile.photo,
    nine_number: demoProfile.nine_number,
    email: demoProfile.contact_info.email,
    username: 'demo',
    primary_role: demoProfile.primary_role,
    other_roles: [],
    is_authenticated: true,
    is_staff: false,
    is_superuser: false,
    auth_token: authToken,
    initialized: true,
    can_use_demo: demoProfile.can_use_demo,
    has_provisional_account: false,
    financial_dashboard_access: true,
    profile_pk: demoProfile.profile_pk,
    role_acknowledged_on: null,
    preferences: demoPreferences(layout),
    view_as: null,
  };
}

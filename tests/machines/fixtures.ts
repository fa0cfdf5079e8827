import type { User } from '../../contract/user.schema.js';
import type { Status } from '../../contract/status.schema.js';
import type { MessageServices } from '../../src/portal-shell.js';

/** A signed-in student as the user call answers it. */
export const student: User = {
  first_name: 'Ana',
  last_name: 'Valencia',
  photo: null,
  nine_number: '900000001',
  email: 'a@example.edu',
  username: 'avalencia',
  primary_role: 'student',
  other_roles: [],
  is_authenticated: true,
  is_staff: false,
  is_superuser: false,
  auth_token: 'token-token-token-token',
  initialized: true,
  can_use_demo: true,
  has_provisional_account: false,
  financial_dashboard_access: true,
  profile_pk: 1,
  role_acknowledged_on: null,
  view_as: null,
  preferences: {
    pk: 1,
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
  },
};

export const staff: User = {
  ...student,
  first_name: 'Morgan',
  primary_role: 'staff',
  is_staff: true,
};

/** The status check's answers. */
export const integrationsAvailable: Status = { status: 'ok', integrations: 'available' };
export const integrationsUnavailable: Status = { status: 'ok', integrations: 'unavailable' };

/** Message and banner calls that answer at once with nothing: for tests about other actors. */
export const quietMessageServices: MessageServices = {
  loadMessages: async () => ({ messages: [], nudges: [] }),
  markMessageRead: async () => null,
  markAllMessagesRead: async () => null,
  dismissNudge: async () => null,
  loadHoldCount: async () => 0,
  loadAlerts: async () => ({ checked: true, alerts: [] }),
  markAlertRead: async () => null,
};

import { roleSchema } from '../../../contract/roles.schema.js';
import { formatCampus } from '../../admin/campus-time.js';
import type { FormState } from '../../admin/fields.js';
import {
  checkbox,
  csrfField,
  dataTable,
  errorSummary,
  input,
  select,
  textarea,
} from '../../admin/fields.js';
import type { FieldKind } from '../../admin/forms.js';
import type { SentMessage } from '../../db/repositories/admin-messages.repository.js';
import { escapeHtml } from '../../html/page.js';

export const MESSAGE_FORM: Record<string, FieldKind> = {
  audience: 'text',
  username: 'textOrNull',
  role: 'textOrNull',
  title: 'text',
  body: 'text',
  action_link: 'textOrNull',
  display_as_banner: 'bool',
  expires_on: 'campusTimeOrNull',
};

const ROLE_NAMES: Record<string, string> = {
  student: 'Students',
  staff: 'Staff',
  faculty: 'Faculty',
  emeritus: 'Emeritus faculty',
  advisor: 'Advisors',
  student_worker: 'Student workers',
};

function audienceOf(m: SentMessage) {
  if (m.audience === 'person') return `Person: ${m.username ?? ''}`;
  if (m.audience === 'role') return ROLE_NAMES[m.role ?? ''] ?? m.role ?? '';
  return 'Everyone';
}

/** The message form; what was typed stays when it is refused. */
export function messageForm(state: FormState, csrf: string, timeZone: string) {
  return `${errorSummary(state.errors)}
<form method="post" action="/admin/messages" novalidate>
  ${csrfField(csrf)}
  ${select(state, {
    name: 'audience',
    label: 'Send to',
    options: [
      ['everyone', 'Everyone'],
      ['role', 'Everyone with a role'],
      ['person', 'One person'],
    ],
  })}
  <div class="grid">
    ${select(state, { name: 'role', label: 'Role (when sending to a role)', options: [['', 'Choose a role'], ...roleSchema.options.map((r) => [r, ROLE_NAMES[r] ?? r] as const)] })}
    ${input(state, { name: 'username', label: 'Username (when sending to one person)' })}
  </div>
  ${input(state, { name: 'title', label: 'Title', required: true })}
  ${textarea(state, { name: 'body', label: 'Message', hint: 'Plain text: links and formatting are not shown.' })}
  ${input(state, { name: 'action_link', label: 'Action link', hint: 'Optional: an https:// address or a portal path such as /account#holds.' })}
  ${checkbox(state, { name: 'display_as_banner', label: 'Show as a banner at the top of the portal' })}
  ${input(state, { name: 'expires_on', label: 'Expires', type: 'datetime-local', hint: `Optional, campus time (${timeZone}): after this it is no longer shown.` })}
  <div class="actions"><button type="submit">Send the message</button> <a href="/admin/messages">Cancel</a></div>
</form>`;
}

export function messageList(messages: SentMessage[], timeZone: string, now: Date) {
  const rows = messages.map((m) => {
    const expired = m.expires_on !== null && new Date(m.expires_on) <= now;
    return [
      `${escapeHtml(m.title)}${m.display_as_banner ? ' <span class="tag">Banner</span>' : ''}${expired ? ' <span class="tag draft">Expired</span>' : ''}`,
      escapeHtml(audienceOf(m)),
      escapeHtml(formatCampus(m.created_on, timeZone)),
      m.expires_on ? escapeHtml(formatCampus(m.expires_on, timeZone)) : '—',
      String(m.reads),
      `<a href="/admin/messages/${m.id}/retract">Retract<span class="visually-hidden"> “${escapeHtml(m.title)}”</span></a>`,
    ];
  });
  return `<div class="actions"><a class="button" href="/admin/messages/new">Write a message</a></div>
${
  messages.length === 0
    ? '<p>No message has been sent.</p>'
    : dataTable({
        label: 'Sent messages',
        caption: 'Sent messages, newest first',
        headers: ['Title', 'To', 'Sent', 'Expires', 'Read by', ''],
        rows,
      })
}`;
}

export function retractConfirm(m: SentMessage, csrf: string) {
  return `<p>Retract the message <strong>${escapeHtml(m.title)}</strong> (to ${escapeHtml(audienceOf(m))}, read by ${m.reads})? Nobody will see it any more. This cannot be undone.</p>
<form method="post" action="/admin/messages/${m.id}/retract">${csrfField(csrf)}
  <div class="actions"><button type="submit" class="danger">Retract the message</button> <a href="/admin/messages">Keep it</a></div>
</form>`;
}

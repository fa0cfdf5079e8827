import { roleSchema } from '../../../contract/roles.schema.js';
import { formatCampus } from '../../admin/campus-time.js';
import type { Pager } from '../../admin/pager.js';
import { PageLinks, PastTheEnd } from '../../admin/pager.js';
import type { FormState } from '../../admin/fields.js';
import {
  Checkbox,
  CsrfField,
  DataTable,
  ErrorSummary,
  Input,
  Select,
  Textarea,
} from '../../admin/fields.js';
import type { FieldKind } from '../../admin/forms.js';
import { SPANISH_FORM, SpanishFields } from '../../admin/spanish-fields.js';
import type { SentMessage } from '../../db/repositories/admin-messages.repository.js';

export const MESSAGE_FORM: Record<string, FieldKind> = {
  audience: 'text',
  username: 'textOrNull',
  role: 'textOrNull',
  title: 'text',
  body: 'text',
  ...SPANISH_FORM,
  action_link: 'textOrNull',
  display_as_banner: 'bool',
  expires_on: 'campusTimeOrNull',
  also_notify: 'bool',
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
export function MessageForm(props: { state: FormState; csrf: string; timeZone: string }) {
  const { state, csrf, timeZone } = props;
  return (
    <>
      <ErrorSummary errors={state.errors} />
      <form method="post" action="/admin/messages" noValidate>
        <CsrfField csrf={csrf} />
        <Select
          state={state}
          name="audience"
          label="Send to"
          options={[
            ['everyone', 'Everyone'],
            ['role', 'Everyone with a role'],
            ['person', 'One person'],
          ]}
        />
        <div className="grid">
          <Select
            state={state}
            name="role"
            label="Role (when sending to a role)"
            options={[
              ['', 'Choose a role'],
              ...roleSchema.options.map((r) => [r, ROLE_NAMES[r] ?? r] as const),
            ]}
          />
          <Input state={state} name="username" label="Username (when sending to one person)" />
        </div>
        <Input state={state} name="title" label="Title" required />
        <Textarea
          state={state}
          name="body"
          label="Message"
          hint="Plain text: links and formatting are not shown."
        />
        <SpanishFields state={state} bodyLabel="Message in Spanish" />
        <Input
          state={state}
          name="action_link"
          label="Action link"
          hint="Optional: an https:// address or a portal path such as /account#holds."
        />
        <Checkbox
          state={state}
          name="display_as_banner"
          label="Show as a banner at the top of the portal"
        />
        <Input
          state={state}
          name="expires_on"
          label="Expires"
          type="datetime-local"
          hint={`Optional, campus time (${timeZone}): after this it is no longer shown.`}
        />
        <Checkbox
          state={state}
          name="also_notify"
          label="Also notify the recipients by email, text and push, as each allows"
        />
        <div className="actions">
          <button type="submit">Send the message</button> <a href="/admin/messages">Cancel</a>
        </div>
      </form>
    </>
  );
}

export function MessageList(props: {
  messages: SentMessage[];
  pager: Pager;
  timeZone: string;
  now: Date;
}) {
  const { messages, timeZone, now } = props;
  const rows = messages.map((m) => {
    const expired = m.expires_on !== null && new Date(m.expires_on) <= now;
    return {
      key: m.id,
      cells: [
        <>
          {m.title}
          {m.display_as_banner ? (
            <>
              {' '}
              <span className="tag">Banner</span>
            </>
          ) : null}
          {expired ? (
            <>
              {' '}
              <span className="tag draft">Expired</span>
            </>
          ) : null}
        </>,
        audienceOf(m),
        formatCampus(m.created_on, timeZone),
        m.expires_on ? formatCampus(m.expires_on, timeZone) : '—',
        String(m.reads),
        <a href={`/admin/messages/${m.id}/retract`}>
          Retract<span className="visually-hidden"> “{m.title}”</span>
        </a>,
      ],
    };
  });
  return (
    <>
      <div className="actions">
        <a className="button" href="/admin/messages/new">
          Write a message
        </a>
      </div>
      {messages.length > 0 ? (
        <DataTable
          label="Sent messages"
          caption="Sent messages, newest first"
          headers={['Title', 'To', 'Sent', 'Expires', 'Read by', '']}
          rows={rows}
        />
      ) : props.pager.at === undefined ? (
        <p>No message has been sent.</p>
      ) : (
        <PastTheEnd pager={props.pager} nothing="No older message." />
      )}
      <PageLinks pager={props.pager} />
    </>
  );
}

export function RetractConfirm({ message: m, csrf }: { message: SentMessage; csrf: string }) {
  return (
    <>
      <p>
        Retract the message <strong>{m.title}</strong> (to {audienceOf(m)}, read by {m.reads})?
        Nobody will see it any more. This cannot be undone.
      </p>
      <form method="post" action={`/admin/messages/${m.id}/retract`}>
        <CsrfField csrf={csrf} />
        <div className="actions">
          <button type="submit" className="danger">
            Retract the message
          </button>{' '}
          <a href="/admin/messages">Keep it</a>
        </div>
      </form>
    </>
  );
}

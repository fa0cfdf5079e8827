import { INBOUND_SCOPES } from '../../../../contract/inbound.schema.js';
import { roleSchema } from '../../../../contract/roles.schema.js';
import { formatCampus } from '../../../admin/campus-time.js';
import type { FormState } from '../../../admin/fields.js';
import { CheckboxGroup, CsrfField, DataTable, ErrorSummary, Input } from '../../../admin/fields.js';
import type { AuditRow, KeyRow } from '../../../db/repositories/inbound-publishers.repository.js';
import type { ItemRow } from '../../../db/repositories/inbound-items.repository.js';
import type { Publisher } from '../../../inbound/publisher.js';
import { NewKey, OUTCOME, Outcome, withOutcome } from './publisher-outcome.js';

const SCOPE_OPTIONS = INBOUND_SCOPES.map((s) => [s, s] as const);
const ROLE_OPTIONS = roleSchema.options.map((r) => [r, r] as const);
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const when = (iso: string | null, zone: string) => (iso ? formatCampus(iso, zone) : '—');

export function PublishersBody(props: {
  publishers: Array<Publisher & { liveKeys: number; lastUsed: string | null }>;
  state: FormState;
  csrf: string;
  timeZone: string;
}) {
  const { publishers, state, csrf, timeZone } = props;
  return (
    <>
      <p>
        A publisher is a department's system that posts messages, alerts and Next Steps tasks to
        students through the inbound API, within the scopes and audience given here.
      </p>
      {publishers.length === 0 ? (
        <p>No publisher yet.</p>
      ) : (
        <DataTable
          label="Publishers"
          caption={count(publishers.length, 'publisher', 'publishers')}
          headers={['Publisher', 'Scopes', 'Audience', 'Live keys', 'Last use']}
          rows={publishers.map((p) => ({
            key: p.id,
            cells: [
              <a href={`/admin/publishers/${p.id}`}>{p.label}</a>,
              p.scopes.join(', '),
              [...p.roles, ...p.groups].join(', ') || '—',
              String(p.liveKeys),
              when(p.lastUsed, timeZone),
            ],
          }))}
        />
      )}
      <h2>Add a publisher</h2>
      <ErrorSummary errors={state.errors} focusId={OUTCOME} />
      <form method="post" action={withOutcome('/admin/publishers')}>
        <CsrfField csrf={csrf} />
        <Input
          state={state}
          name="name"
          label="Name"
          hint="Lower-case letters, digits and hyphens: its keys start cpk_<name>_."
        />
        <Input state={state} name="label" label="Shown to students as" />
        <CheckboxGroup state={state} name="scopes" label="Scopes" options={SCOPE_OPTIONS} />
        <CheckboxGroup
          state={state}
          name="roles"
          label="Roles it may reach"
          options={ROLE_OPTIONS}
        />
        <Input
          state={state}
          name="groups"
          label="Groups it may reach"
          hint="Next Steps student types, separated by commas."
        />
        <Input state={state} name="maxRecipients" label="Most recipients per item" />
        <div className="actions">
          <button type="submit">Add the publisher</button>
        </div>
      </form>
    </>
  );
}

export function PublisherBody(props: {
  publisher: Publisher;
  keys: KeyRow[];
  audit: AuditRow[];
  items: ItemRow[];
  csrf: string;
  timeZone: string;
  newKey?: string | undefined;
  problem?: string | undefined;
  /** The confirmation of what was just done (`?done=`). */
  done?: string | undefined;
  /** The change form: the publisher as it is, or as a refused change sent it. */
  edit: FormState;
}) {
  const { publisher: p, keys, audit, items, csrf, timeZone, edit } = props;
  const base = `/admin/publishers/${p.id}`;
  return (
    <>
      {props.done ? <Outcome kind="done">{props.done}</Outcome> : null}
      {props.newKey ? <NewKey secret={props.newKey} label={p.label} /> : null}
      {props.problem ? <Outcome kind="problem">{props.problem}</Outcome> : null}
      <dl>
        <dt>Name</dt>
        <dd>{p.name}</dd>
        <dt>Scopes</dt>
        <dd>{p.scopes.join(', ')}</dd>
        <dt>Audience</dt>
        <dd>{[...p.roles, ...p.groups].join(', ') || 'Named people only'}</dd>
        <dt>Most recipients per item</dt>
        <dd>{p.maxRecipients}</dd>
      </dl>
      <h2>Change what it may do</h2>
      <p>Its name stays: its keys carry it. A change holds from the publisher's next call.</p>
      <ErrorSummary errors={edit.errors} focusId={OUTCOME} />
      <form method="post" action={withOutcome(base)}>
        <CsrfField csrf={csrf} />
        <Input state={edit} name="label" label="Shown to students as" />
        <CheckboxGroup state={edit} name="scopes" label="Scopes" options={SCOPE_OPTIONS} />
        <CheckboxGroup
          state={edit}
          name="roles"
          label="Roles it may reach"
          options={ROLE_OPTIONS}
        />
        <Input
          state={edit}
          name="groups"
          label="Groups it may reach"
          hint="Next Steps student types, separated by commas."
        />
        <Input state={edit} name="maxRecipients" label="Most recipients per item" />
        <div className="actions">
          <button type="submit">Save the changes</button>
        </div>
      </form>
      <h2>Keys</h2>
      <p>
        At most two live keys: issue the second, switch the system to it, then revoke the first.
      </p>
      <DataTable
        label="Keys"
        caption={`${keys.filter((k) => !k.revoked_at).length} live`}
        headers={['Key', 'Created', 'Last use', 'State', '']}
        rows={keys.map((k) => ({
          key: k.id,
          cells: [
            k.id,
            when(k.created_at, timeZone),
            when(k.last_used_at, timeZone),
            k.revoked_at ? `Revoked ${when(k.revoked_at, timeZone)}` : 'Live',
            k.revoked_at ? (
              ''
            ) : (
              <form method="post" action={withOutcome(`${base}/keys/${k.id}/revoke`)}>
                <CsrfField csrf={csrf} />
                <button type="submit" className="danger">
                  Revoke<span className="visually-hidden"> {k.id}</span>
                </button>
              </form>
            ),
          ],
        }))}
      />
      <form method="post" action={withOutcome(`${base}/keys`)}>
        <CsrfField csrf={csrf} />
        <div className="actions">
          <button type="submit">Issue a new key</button>
        </div>
      </form>
      <h2>Items</h2>
      {items.length === 0 ? (
        <p>Nothing published yet.</p>
      ) : (
        <DataTable
          label="Items"
          caption={count(items.length, 'item', 'items')}
          headers={['source_id', 'Kind', 'Title', 'Recipients', 'Updated', '']}
          rows={items.map((i) => ({
            key: i.id,
            cells: [
              i.source_id,
              i.kind,
              i.title,
              String(i.recipients),
              when(i.updated_at, timeZone),
              i.retracted_at ? (
                'Withdrawn'
              ) : (
                <form method="post" action={withOutcome(`${base}/items/${i.id}/withdraw`)}>
                  <CsrfField csrf={csrf} />
                  <button type="submit" className="danger">
                    Withdraw<span className="visually-hidden"> {i.source_id}</span>
                  </button>
                </form>
              ),
            ],
          }))}
        />
      )}
      <h2>Audit</h2>
      {audit.length === 0 ? (
        <p>No call yet.</p>
      ) : (
        <DataTable
          label="Audit"
          caption={`The latest ${count(audit.length, 'call', 'calls')}`}
          headers={['When', 'Call', 'Key', 'source_id', 'Audience', 'Result']}
          rows={audit.map((a) => ({
            key: a.id,
            cells: [
              when(a.at, timeZone),
              a.method,
              a.key_id ?? '—',
              a.source_id ?? '—',
              a.audience_size === null ? '—' : String(a.audience_size),
              a.detail ? `${a.status}: ${a.detail}` : String(a.status),
            ],
          }))}
        />
      )}
    </>
  );
}

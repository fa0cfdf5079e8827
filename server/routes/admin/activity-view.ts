import type { AdminAuditQuery } from '../../../contract/admin/admin.schema.js';
import type { AuditEntry } from '../../db/repositories/audit.repository.js';
import { formatCampus } from '../../admin/campus-time.js';
import { dataTable, input, select } from '../../admin/fields.js';
import { escapeHtml } from '../../html/page.js';

const show = (value: unknown) =>
  value === null || value === undefined || value === '' ? '—' : JSON.stringify(value);

function changesOf(entry: AuditEntry) {
  const changes = Object.entries(entry.changes ?? {});
  const detail = Object.entries(entry.detail);
  if (changes.length === 0 && detail.length === 0) return '';
  const items = [
    ...changes.map(
      ([field, c]) =>
        `<li><strong>${escapeHtml(field)}</strong>: ${escapeHtml(show(c.before))} → ${escapeHtml(show(c.after))}</li>`,
    ),
    ...detail.map(([k, v]) => `<li>${escapeHtml(k)}: ${escapeHtml(String(v))}</li>`),
  ];
  return `<ul class="changes">${items.join('')}</ul>`;
}

function row(entry: AuditEntry, timeZone: string) {
  const what = entry.kind ? `${entry.kind} ${entry.objectId ?? ''}` : '';
  return [
    escapeHtml(formatCampus(entry.at, timeZone)),
    escapeHtml(entry.username ?? '—'),
    escapeHtml(entry.action),
    escapeHtml(what),
    changesOf(entry),
  ];
}

/** The audit trail with its filters: who, what kind of object, which days. */
export function activityBody(
  entries: AuditEntry[],
  kinds: string[],
  query: AdminAuditQuery,
  timeZone: string,
) {
  const state = {
    values: {
      person: query.person ?? '',
      kind: query.kind ?? '',
      from: query.from ?? '',
      until: query.until ?? '',
    },
    errors: {},
  };
  const filters = `<form class="filters" method="get" action="/admin" role="search" aria-label="Filter the activity">
  ${input(state, { name: 'person', label: 'Person (username)' })}
  ${select(state, { name: 'kind', label: 'Kind', options: [['', 'Any kind'], ...kinds.map((k) => [k, k] as const)] })}
  ${input(state, { name: 'from', label: 'From', type: 'date' })}
  ${input(state, { name: 'until', label: 'Until', type: 'date' })}
  <div class="actions"><button type="submit">Filter</button> <a href="/admin">Clear</a></div>
</form>`;
  const table =
    entries.length === 0
      ? '<p>Nothing recorded matches these filters.</p>'
      : dataTable({
          label: 'Activity',
          caption: `Newest first (${entries.length})`,
          headers: ['When', 'Who', 'What', 'Object', 'Fields before → after'],
          rows: entries.map((e) => row(e, timeZone)),
        });
  return `<p>Every sign-in, sign-out and change made here, with who made it and what it changed.</p>
${filters}
${table}`;
}

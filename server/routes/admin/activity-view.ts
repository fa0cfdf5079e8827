import type { AdminAuditQuery } from '../../../contract/admin/admin.schema.js';
import type { AuditEntry } from '../../db/repositories/audit.repository.js';
import { formatCampus } from '../../admin/campus-time.js';
import { input, select } from '../../admin/fields.js';
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
  return `<tr><td>${escapeHtml(formatCampus(entry.at, timeZone))}</td><td>${escapeHtml(entry.username ?? '—')}</td><td>${escapeHtml(entry.action)}</td><td>${escapeHtml(what)}</td><td>${changesOf(entry)}</td></tr>`;
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
      : `<div class="table-wrap"><table>
  <caption>Newest first (${entries.length})</caption>
  <thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">What</th><th scope="col">Object</th><th scope="col">Fields before → after</th></tr></thead>
  <tbody>${entries.map((e) => row(e, timeZone)).join('')}</tbody>
</table></div>`;
  return `<p>Every sign-in, sign-out and change made here, with who made it and what it changed.</p>
${filters}
${table}`;
}

import { DataTable } from '../../admin/fields.js';
import { KIND_NAMES } from './change-rules-view.js';

const names = new Map<string, string>(Object.entries(KIND_NAMES));

/**
 * The reach page's "Changes to students' records" (issue 74): how many changes of each kind the
 * portal found in the last 24 hours, counts only (never whose, never what).
 */
export function ChangeCounts(props: { counts: ReadonlyArray<{ kind: string; count: number }> }) {
  const { counts } = props;
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  return (
    <>
      <h2 id="changes">Changes to students’ records</h2>
      <p>
        The changes found in the last 24 hours, by kind.{' '}
        <a href="/admin/change-rules">Change rules</a>
      </p>
      {counts.length === 0 ? (
        <p>No change was found in the last 24 hours.</p>
      ) : (
        <DataTable
          label="Changes in the last 24 hours"
          caption={`${total} change${total === 1 ? '' : 's'} in the last 24 hours`}
          headers={['Kind', 'Changes']}
          rows={counts.map((c) => ({
            key: c.kind,
            cells: [names.get(c.kind) ?? c.kind, String(c.count)],
          }))}
        />
      )}
    </>
  );
}

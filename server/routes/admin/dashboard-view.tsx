import {
  ALWAYS_MANDATORY,
  DASHBOARD_BLOCK_LABELS,
  DASHBOARD_BLOCKS,
} from '../../../contract/dashboard.schema.js';
import type { FormState } from '../../admin/fields.js';
import { CheckboxGroup, CsrfField, ErrorSummary } from '../../admin/fields.js';

/** The blocks staff may make mandatory: every block but the ones that always are. */
export const CHOOSABLE = DASHBOARD_BLOCKS.filter((b) => !ALWAYS_MANDATORY.includes(b));

/** `/admin/dashboard`: which dashboard blocks students and employees may not hide. */
export function DashboardBlocksBody(props: { state: FormState; csrf: string }) {
  const { state, csrf } = props;
  return (
    <>
      <p>
        People arrange their own dashboard: they move its blocks and hide the ones they do not need.
        A mandatory block stays on everyone’s dashboard. The emergency alert, the banner and{' '}
        {ALWAYS_MANDATORY.map((b) => DASHBOARD_BLOCK_LABELS[b]).join(', ')} always are.
      </p>
      <form method="post" action="/admin/dashboard">
        <CsrfField csrf={csrf} />
        <ErrorSummary errors={state.errors} />
        <CheckboxGroup
          state={state}
          name="mandatory"
          label="Mandatory blocks"
          options={CHOOSABLE.map((b) => [b, DASHBOARD_BLOCK_LABELS[b]] as const)}
        />
        <div className="actions">
          <button type="submit">Save</button>
        </div>
      </form>
    </>
  );
}

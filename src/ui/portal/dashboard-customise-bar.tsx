import { Trans, useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import type { DashboardBlock } from '../../../contract/dashboard.schema.js';
import { ReadOnlyReason } from '../read-only-reason.js';
import { BLOCK_LABELS } from './dashboard-block-labels.js';
import type { Arrangement, FocusTarget } from './dashboard-types.js';

/**
 * Customise mode's bar (issue #30): the toggle, Reset to default, what the last change said (or,
 * offline and in view-as, why Customise waits) and Undo after hiding. Each control sets where focus
 * goes once the blocks are drawn again.
 */
export function CustomiseBar(props: {
  arrangement: Arrangement;
  /** Customise waits (offline or in view-as), saying why; Done customising always works. */
  held: boolean;
  viewingAs: boolean;
  focus: RefObject<FocusTarget | null>;
}) {
  const { arrangement: a, held, viewingAs, focus } = props;
  const { t, i18n } = useLingui();
  const undoLabel = a.undoBlock ? i18n._(BLOCK_LABELS[a.undoBlock]) : '';
  return (
    <div className={a.customising ? 'customise-bar' : 'customise-bar customise-bar--end'}>
      <button
        type="button"
        className="customise-bar__toggle"
        data-control="toggle"
        aria-pressed={a.customising}
        aria-disabled={held && !a.customising}
        onClick={() => {
          focus.current = { block: null, control: 'toggle' };
          if (a.customising) a.onFinish();
          else if (!held) a.onCustomise();
        }}
      >
        {a.customising ? <Trans>Done customising</Trans> : <Trans>Customise</Trans>}
      </button>
      {a.customising ? (
        <button
          type="button"
          data-control="reset"
          onClick={() => {
            focus.current = { block: null, control: 'reset' };
            a.onReset();
          }}
        >
          <Trans>Reset to default</Trans>
        </button>
      ) : null}
      <p className="customise-bar__status" role="status">
        {held && !a.customising ? (
          <ReadOnlyReason readOnly={viewingAs ? 'view-as' : 'offline'} />
        ) : (
          a.announcement && i18n._(a.announcement)
        )}
      </p>
      {a.customising && a.undoBlock ? (
        <button
          type="button"
          data-control="undo"
          aria-label={t`Undo: show ${undoLabel} again`}
          onClick={() => {
            focus.current = { block: a.undoBlock, control: 'handle' };
            a.onUndo();
          }}
        >
          <Trans>Undo</Trans>
        </button>
      ) : null}
    </div>
  );
}

/** Customise mode's list of the blocks the person hid, each with its Show button. */
export function HiddenBlocks(props: {
  hidden: readonly DashboardBlock[];
  onShow: (block: DashboardBlock) => void;
}) {
  const { i18n } = useLingui();
  return (
    <section className="hidden-blocks" aria-labelledby="hidden-blocks-title">
      <h2 id="hidden-blocks-title" className="hidden-blocks__title">
        <Trans>Hidden blocks</Trans>
      </h2>
      <ul>
        {props.hidden.map((id) => {
          const name = i18n._(BLOCK_LABELS[id]);
          return (
            <li key={id}>
              <button type="button" onClick={() => props.onShow(id)}>
                <Trans>Show {name}</Trans>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

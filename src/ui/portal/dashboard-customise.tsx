import { Trans, useLingui } from '@lingui/react/macro';
import { useLayoutEffect, useRef } from 'react';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import type { DashboardBlock } from '../../../contract/dashboard.schema.js';
import { keepInView } from './keep-in-view.js';
import { CustomiseBar, HiddenBlocks } from './dashboard-customise-bar.js';
import { useArranged } from './use-arranged.js';
import './dashboard-customise.css';
import { useReadOnly } from '../view-as-context.js';
import { BLOCK_LABELS } from './dashboard-block-labels.js';
import type { Arrangement, Control, FocusTarget } from './dashboard-types.js';

/** Where focus goes after a change re-draws the blocks: the control used, in the block's new place. */
function useFocusAfterChange(root: RefObject<HTMLDivElement | null>) {
  const target = useRef<FocusTarget | null>(null);
  useLayoutEffect(() => {
    const want = target.current;
    if (!want || !root.current) return;
    target.current = null;
    const scope = want.block
      ? root.current.querySelector(`[data-block-id="${want.block}"]`)
      : root.current;
    const control = scope?.querySelector<HTMLButtonElement>(`[data-control="${want.control}"]`);
    const usable =
      control && !control.disabled
        ? control
        : scope?.querySelector<HTMLElement>('[data-control="handle"]');
    if (!usable) return;
    usable.focus();
    keepInView(usable, root.current);
  });
  return target;
}

/**
 * The blocks in the person's order (`arrangedColumns`): from 1024 px the spec's two columns with
 * only the person's changes (issue 87); below, their day first (issues 43 and 57: no arrangement,
 * and no block hidden, moves it down), then `top` (a phone's banner and hero; a wide screen has them
 * above the toolbar), then the rest in their order. In Customise mode each block has its handle (arrow keys move it), Move up, Move
 * down (within the day, or within the rest) and Hide (no Hide on a mandatory block), the hidden
 * blocks listed to show again, Undo after hiding and Reset to default.
 */
export function ArrangedBlocks(props: {
  arrangement: Arrangement;
  nodes: Partial<Record<DashboardBlock, ReactNode>>;
  /** The spec's own layout, shown while the person has none of their own and is not customising. */
  standard: ReactNode;
  /**
   * Only the bar, under the standard layout the dashboard drew itself (the person has no layout of
   * their own and has not customised on this page): the bar's arrival never draws the blocks anew.
   */
  barOnly?: boolean;
  /** What stands after the person's day on a phone (the banner and the hero); none on a wide screen. */
  top?: ReactNode;
}) {
  const { arrangement: a, nodes } = props;
  const { t, i18n } = useLingui();
  // Issue 73: support viewing as the student may not customise (offline's wait, with its reason).
  const viewingAs = useReadOnly();
  const held = a.offline || viewingAs;
  const root = useRef<HTMLDivElement | null>(null);
  const focus = useFocusAfterChange(root);
  const { wide, day, left, right, shown, hidden, canMove } = useArranged(a, nodes);
  const move = (block: DashboardBlock, by: -1 | 1, control: Control) => {
    focus.current = { block, control };
    if (canMove(shown.indexOf(block), by)) a.onMove(block, by, shown);
  };
  const onHandleKey = (block: DashboardBlock) => (e: KeyboardEvent) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    e.preventDefault();
    move(block, e.key === 'ArrowUp' ? -1 : 1, 'handle');
  };
  const block = (id: DashboardBlock) => {
    const at = shown.indexOf(id);
    const label = i18n._(BLOCK_LABELS[id]);
    const position = at + 1;
    const count = shown.length;
    if (!a.customising)
      return (
        <div key={id} className="arranged" data-block-id={id}>
          {nodes[id]}
        </div>
      );
    return (
      <div key={id} className="arranged arranged--customising" data-block-id={id}>
        <div className="arranged__controls" role="group" aria-label={label}>
          <button
            type="button"
            className="arranged__handle"
            data-control="handle"
            aria-label={t`${label}, position ${position} of ${count}`}
            aria-describedby="dashboard-customise-help"
            onKeyDown={onHandleKey(id)}
          >
            <span aria-hidden="true">⠿ </span>
            {label}
          </button>
          <span className="arranged__buttons">
            <button
              type="button"
              data-control="up"
              disabled={!canMove(at, -1)}
              onClick={() => move(id, -1, 'up')}
            >
              <Trans>Move up</Trans>
            </button>
            <button
              type="button"
              data-control="down"
              disabled={!canMove(at, 1)}
              onClick={() => move(id, 1, 'down')}
            >
              <Trans>Move down</Trans>
            </button>
            {a.mandatory.includes(id) ? null : (
              <button
                type="button"
                data-control="hide"
                onClick={() => {
                  focus.current = { block: null, control: 'undo' };
                  a.onHide(id);
                }}
              >
                <Trans>Hide</Trans>
              </button>
            )}
          </span>
        </div>
        <div className="arranged__content" inert>
          {nodes[id]}
        </div>
      </div>
    );
  };
  // Outside Customise mode the bar waits under the blocks, so the first screen stays the person's;
  // in it, the bar leads. Focus follows the toggle to its new place.
  const bar = <CustomiseBar arrangement={a} held={held} viewingAs={viewingAs} focus={focus} />;
  if (props.barOnly) return <div ref={root}>{bar}</div>;
  return (
    <div ref={root} className={a.customising ? 'customising' : undefined}>
      {a.customising ? bar : null}
      {a.customising ? (
        <p id="dashboard-customise-help" className="customise-bar__help">
          <Trans>
            Move a block with its buttons, or focus its name and press the up and down arrow keys.
          </Trans>
          {wide ? null : (
            <>
              {' '}
              <Trans>
                Your day (the profile summary, Today&apos;s Classes and Upcoming Tasks) stays first.
              </Trans>
            </>
          )}
        </p>
      ) : null}
      {a.customising && hidden.length > 0 ? (
        <HiddenBlocks
          hidden={hidden}
          onShow={(id) => {
            focus.current = { block: id, control: 'handle' };
            a.onShow(id);
          }}
        />
      ) : null}
      {a.customising || a.layout !== null ? (
        <>
          {day.length > 0 ? (
            <div className="dashboard__today" data-testid="arranged-day">
              {day.map(block)}
            </div>
          ) : null}
          {props.top}
          <div className="dashboard__columns">
            <div className="dashboard__column">{left.map(block)}</div>
            <div className="dashboard__column">{right.map(block)}</div>
          </div>
        </>
      ) : (
        props.standard
      )}
      {a.customising ? null : bar}
    </div>
  );
}

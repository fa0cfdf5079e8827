import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLayoutEffect, useRef } from 'react';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { DASHBOARD_BLOCKS } from '../../../contract/dashboard.schema.js';
import type { DashboardBlock, DashboardLayout } from '../../../contract/dashboard.schema.js';
import {
  PHONE_ORDER,
  arrangedColumns,
  hiddenBlocks,
  shownBlocks,
} from '../../lib/dashboard-layout.js';
import { ReadOnlyReason } from '../read-only-reason.js';
import { keepInView } from './keep-in-view.js';
import { useWide } from './use-wide.js';
import './dashboard-customise.css';
import { useReadOnly } from '../view-as-context.js';
import { BLOCK_LABELS } from './dashboard-block-labels.js';

/** The person's own layout and Customise mode (issue #30), from the dashboard's container. */
export interface Arrangement {
  layout: DashboardLayout;
  mandatory: readonly DashboardBlock[];
  customising: boolean;
  /** What the last change said, translated where it is shown (issue 59). */
  announcement: MessageDescriptor | null;
  undoBlock: DashboardBlock | null;
  /** The page shows what was kept for offline (issue 44): the layout cannot be saved until it is back. */
  offline: boolean;
  onCustomise: () => void;
  onFinish: () => void;
  onMove: (block: DashboardBlock, by: -1 | 1, shown: DashboardBlock[]) => void;
  onHide: (block: DashboardBlock) => void;
  onShow: (block: DashboardBlock) => void;
  onUndo: () => void;
  onReset: () => void;
}

type Control = 'handle' | 'up' | 'down' | 'undo' | 'reset' | 'toggle';
type FocusTarget = { block: DashboardBlock | null; control: Control };

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
  // The spec's order for the width stands where the person moved nothing (issue 76).
  const wide = useWide();
  const defaults = wide ? DASHBOARD_BLOCKS : PHONE_ORDER;
  const present = DASHBOARD_BLOCKS.filter((b) => nodes[b] !== undefined && nodes[b] !== null);
  const { day, left, right } = arrangedColumns(
    shownBlocks(a.layout, present, a.mandatory, defaults),
    wide,
  );
  const shown = [...day, ...left, ...right];
  const hidden = hiddenBlocks(a.layout, present, a.mandatory, defaults);
  // A block moves within its group: the day stays first.
  const inDay = (at: number) => at < day.length;
  const canMove = (at: number, by: -1 | 1) =>
    at + by >= 0 && at + by < shown.length && inDay(at) === inDay(at + by);
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
  const undoLabel = a.undoBlock ? i18n._(BLOCK_LABELS[a.undoBlock]) : '';
  const bar = (
    <div className={a.customising ? 'customise-bar' : 'customise-bar customise-bar--end'}>
      <button
        type="button"
        className="customise-bar__toggle"
        data-control="toggle"
        aria-pressed={a.customising}
        // Offline, Customise stays focusable but waits, saying why; Done customising always works.
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
        <section className="hidden-blocks" aria-labelledby="hidden-blocks-title">
          <h2 id="hidden-blocks-title" className="hidden-blocks__title">
            <Trans>Hidden blocks</Trans>
          </h2>
          <ul>
            {hidden.map((id) => {
              const name = i18n._(BLOCK_LABELS[id]);
              return (
                <li key={id}>
                  <button
                    type="button"
                    onClick={() => {
                      focus.current = { block: id, control: 'handle' };
                      a.onShow(id);
                    }}
                  >
                    <Trans>Show {name}</Trans>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
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

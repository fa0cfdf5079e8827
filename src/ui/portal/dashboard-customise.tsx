import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { DASHBOARD_BLOCK_LABELS, DASHBOARD_BLOCKS } from '../../../contract/dashboard.schema.js';
import type { DashboardBlock, DashboardLayout } from '../../../contract/dashboard.schema.js';
import { columnsOf, hiddenBlocks, phoneOrderOf, shownBlocks } from '../../lib/dashboard-layout.js';
import { READ_ONLY_TEXT } from '../../lib/read-only.js';
import './dashboard-customise.css';

/** The person's own layout and Customise mode (issue #30), from the dashboard's container. */
export interface Arrangement {
  layout: DashboardLayout;
  mandatory: readonly DashboardBlock[];
  customising: boolean;
  announcement: string;
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
    usable?.focus();
  });
  return target;
}

/** The dashboard's two columns begin at 1024 px (dashboard.css); below, one column. */
const WIDE = '(min-width: 1024px)';
const wideQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(WIDE) : null);
const subscribeWide = (listener: () => void) => {
  const query = wideQuery();
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
};
/** Whether the screen shows two columns, following the window as it is resized or turned. */
const useWide = () => useSyncExternalStore(subscribeWide, () => wideQuery()?.matches ?? true);

/**
 * The blocks in the person's order, in two columns on a wide screen; on a phone (one column) the
 * person's day first, then `top` (the banner and the hero), then the rest in their order
 * (`phoneOrderOf`, issue 43), so a layout arranged on a laptop still opens on their day; in Customise mode each with its
 * handle (arrow keys move it), Move up, Move down and Hide (no Hide on a mandatory block), the
 * hidden blocks listed to show again, Undo after hiding and Reset to default.
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
  /** What stands above the person's blocks (the banner and the hero); after their day on a phone. */
  top?: ReactNode;
}) {
  const { arrangement: a, nodes } = props;
  const root = useRef<HTMLDivElement | null>(null);
  const focus = useFocusAfterChange(root);
  const present = DASHBOARD_BLOCKS.filter((b) => nodes[b] !== undefined && nodes[b] !== null);
  const shown = shownBlocks(a.layout, present, a.mandatory);
  const hidden = hiddenBlocks(a.layout, present, a.mandatory);
  const [left, right] = columnsOf(shown);
  const wide = useWide();
  const move = (block: DashboardBlock, by: -1 | 1, control: Control) => {
    focus.current = { block, control };
    a.onMove(block, by, shown);
  };
  const onHandleKey = (block: DashboardBlock) => (e: KeyboardEvent) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    e.preventDefault();
    move(block, e.key === 'ArrowUp' ? -1 : 1, 'handle');
  };
  const block = (id: DashboardBlock) => {
    const at = shown.indexOf(id);
    const label = DASHBOARD_BLOCK_LABELS[id];
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
            aria-label={`${label}, position ${at + 1} of ${shown.length}`}
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
              disabled={at === 0}
              onClick={() => move(id, -1, 'up')}
            >
              Move up
            </button>
            <button
              type="button"
              data-control="down"
              disabled={at === shown.length - 1}
              onClick={() => move(id, 1, 'down')}
            >
              Move down
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
                Hide
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
  const bar = (
    <div className={a.customising ? 'customise-bar' : 'customise-bar customise-bar--end'}>
      <button
        type="button"
        className="customise-bar__toggle"
        data-control="toggle"
        aria-pressed={a.customising}
        // Offline, Customise stays focusable but waits, saying why; Done customising always works.
        aria-disabled={a.offline && !a.customising}
        onClick={() => {
          focus.current = { block: null, control: 'toggle' };
          if (a.customising) a.onFinish();
          else if (!a.offline) a.onCustomise();
        }}
      >
        {a.customising ? 'Done customising' : 'Customise'}
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
          Reset to default
        </button>
      ) : null}
      <p className="customise-bar__status" role="status">
        {a.offline && !a.customising ? READ_ONLY_TEXT.offline : a.announcement}
      </p>
      {a.customising && a.undoBlock ? (
        <button
          type="button"
          data-control="undo"
          aria-label={`Undo: show ${DASHBOARD_BLOCK_LABELS[a.undoBlock]} again`}
          onClick={() => {
            focus.current = { block: a.undoBlock, control: 'handle' };
            a.onUndo();
          }}
        >
          Undo
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
          Move a block with its buttons, or focus its name and press the up and down arrow keys.
        </p>
      ) : null}
      {a.customising && hidden.length > 0 ? (
        <section className="hidden-blocks" aria-labelledby="hidden-blocks-title">
          <h2 id="hidden-blocks-title" className="hidden-blocks__title">
            Hidden blocks
          </h2>
          <ul>
            {hidden.map((id) => (
              <li key={id}>
                <button
                  type="button"
                  onClick={() => {
                    focus.current = { block: id, control: 'handle' };
                    a.onShow(id);
                  }}
                >
                  Show {DASHBOARD_BLOCK_LABELS[id]}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {a.customising || a.layout !== null ? (
        // Customising keeps the person's order at every width, so Move up and down do what they say.
        wide || a.customising ? (
          <>
            {props.top}
            <div className="dashboard__columns">
              <div className="dashboard__column">{left.map(block)}</div>
              <div className="dashboard__column">{right.map(block)}</div>
            </div>
          </>
        ) : (
          <PhoneColumn shown={shown} block={block} top={props.top} />
        )
      ) : (
        props.standard
      )}
      {a.customising ? null : bar}
    </div>
  );
}

/** A phone's one column for a person's own layout: their day, then the top, then the rest. */
function PhoneColumn(props: {
  shown: readonly DashboardBlock[];
  block: (id: DashboardBlock) => ReactNode;
  top: ReactNode;
}) {
  const { day, rest } = phoneOrderOf(props.shown);
  return (
    <div className="dashboard__columns" data-testid="phone-column">
      <div className="dashboard__column">{day.map(props.block)}</div>
      {props.top}
      <div className="dashboard__column">{rest.map(props.block)}</div>
    </div>
  );
}

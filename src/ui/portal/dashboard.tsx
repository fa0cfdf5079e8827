import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment, Suspense, lazy, useDeferredValue, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { ReactNode } from 'react';
import { DASHBOARD_BLOCKS } from '../../../contract/dashboard.schema.js';
import { useRenderActors } from '../../lib/render-actors.js';
import { Hero } from './content/hero.js';
import { PHONE_REST, WIDE_LEFT, WIDE_RIGHT, blockNodes, slot } from './dashboard-block-nodes.js';
import type { Only, StandardColumn } from './dashboard-block-nodes.js';
import type { DashboardProps } from './dashboard-types.js';
import { SectionState } from './section-status.js';
import { Toolbar } from './toolbar.js';
import { useWide } from './use-wide.js';
import './dashboard.css';
import './dashboard-phone.css';
import './dashboard-day.css';

// Staff's preview notice loads only in a preview: no student's first page carries it.
const PreviewNotice = lazy(async () => ({
  default: (await import('./preview-notice.js')).PreviewNotice,
}));

/**
 * Arranging the dashboard loads on its own, after the first screen (issue 31's first-route budget).
 * A person with no layout of their own keeps the standard blocks as first drawn and gets only the
 * Customise bar under them; the arranged view takes over once they have a layout or have customised.
 */
const ArrangedBlocks = lazy(() =>
  import('./dashboard-customise.js').then((m) => ({ default: m.ArrangedBlocks })),
);

/**
 * Blocks after the first screen's, drawn one per task after the task that revealed the dashboard, so
 * no task draws them all (issue #31: one long task drew every block). Until the last is drawn, a
 * placeholder a screen tall keeps the footer out of view.
 */
function Later({ blocks }: { blocks: ReactNode[] }) {
  // A page the server draws has every block (no effect runs there, and with scripts off nothing
  // follows); its hydration starts from the same, so no block arrives late or moves the page.
  const [drawn, setDrawn] = useState(useRenderActors() ? blocks.length : 0);
  useEffect(() => {
    if (drawn >= blocks.length) return;
    const timer = setTimeout(() => flushSync(() => setDrawn(drawn + 1)));
    return () => clearTimeout(timer);
  }, [drawn, blocks.length]);
  return (
    <>
      {blocks.slice(0, drawn).map((block, i) => (
        <Fragment key={i}>{block}</Fragment>
      ))}
      {drawn < blocks.length && <div className="later" />}
    </>
  );
}

/**
 * portal.md §2 Dashboard. From 1024 px wide, the spec's top first (issue 57): the hero, the banner
 * lines and the toolbar; then the spec's two columns in its order (issue 76). On a phone the toolbar
 * first, as on every page, then the person's day (the profile summary with the holds, today's
 * classes, the next tasks), so it fills the first screen (issue 43), then the banner lines, the hero
 * and the rest in one column. The blocks that change column with the width are drawn for the width
 * in use (`useWide`); the two columns' copies are marked (`only-desktop`). The one column's are not:
 * a page the server drew for a phone (the width never told, as with scripts off) shows every block
 * on a wide screen too, in one column (issue 87).
 */
export function Dashboard(props: DashboardProps) {
  const { content: c, onOpenModal, arrangement: a } = props;
  const arranged = a && (a.layout !== null || a.announcement !== null);
  const wide = useWide();
  const { t } = useLingui();
  const name = props.name;
  const profileSummary = slot(props.profileSummary, 'block-profile-summary') ?? (
    <div className="block block--greeting" data-testid="block-profile-summary">
      <p className="greeting">
        <Trans>Hello {name}</Trans>
      </p>
    </div>
  );
  const block = blockNodes(props, profileSummary, {
    staff: t`For employees`,
    financial: t`Your finances`,
    other: t`Around campus`,
  });
  const column = ([first, later]: StandardColumn, only: Only) => (
    <div className="dashboard__column">
      {first.map((id) => (
        <Fragment key={id}>{block(id, only)}</Fragment>
      ))}
      <Later blocks={later.map((id) => block(id, only))} />
    </div>
  );
  // Below 1024 px the person's own day (issue 43): the greeting with the holds summary, today's
  // classes and the next tasks, before the other blocks in the spec's column order.
  const today = (
    <div className="dashboard__today">
      {profileSummary}
      {block('todays-classes')}
      {block('my-next-steps')}
    </div>
  );
  const hero = c.hero && <Hero post={c.hero} onOpenModal={onOpenModal} />;
  const banner = slot(props.banner, 'block-banner');
  // From 1024 px the spec's two columns as it lists them (issue 76): the greeting and Today's
  // Classes in the left one, the promos at the top of the right one and Upcoming Tasks after the
  // video. The person's own day is drawn with the reveal on a phone; the hero and the columns in a
  // transition after it, which React renders in slices and yields between (drawn together, they
  // were one long task on a phone: bench:load). Until then a placeholder a screen tall keeps the
  // footer out of view.
  // A page the server draws has them at once (issue 87: no script follows with scripts off), and
  // its hydration starts from the same.
  const rest = useDeferredValue(true, useRenderActors() !== null);
  const whole = wide ? (
    <div className="dashboard__columns">
      {column(WIDE_LEFT, 'desktop')}
      {column(WIDE_RIGHT, 'desktop')}
    </div>
  ) : (
    <>
      {today}
      {banner}
      {rest ? hero : <div className="later" />}
      {rest && (
        <div className="dashboard__columns dashboard__columns--one">
          {column(PHONE_REST, undefined)}
        </div>
      )}
    </>
  );
  const ownLayout = a !== undefined && (a.layout !== null || a.customising);
  return (
    <div className="page dashboard">
      {(props.preview || props.previewAs) && (
        <Suspense fallback={null}>
          <PreviewNotice unpublished={props.preview} as={props.previewAs} />
        </Suspense>
      )}
      {/* portal.md §2 "Top": the hero, then the banner message area, above the toolbar. */}
      {wide && hero}
      {wide && banner}
      <Toolbar
        title={t`Dashboard`}
        search={props.search}
        bell={props.bell}
        profileImage={props.profileImage}
      />
      <SectionState status={props.status} onRetry={props.onRetry} />
      {!arranged && whole}
      {a && (
        <Suspense fallback={arranged && whole}>
          <ArrangedBlocks
            arrangement={a}
            nodes={Object.fromEntries(DASHBOARD_BLOCKS.map((id) => [id, block(id)]))}
            standard={whole}
            barOnly={!arranged}
            top={
              ownLayout &&
              !wide && (
                <>
                  {banner}
                  {hero}
                </>
              )
            }
          />
        </Suspense>
      )}
    </div>
  );
}

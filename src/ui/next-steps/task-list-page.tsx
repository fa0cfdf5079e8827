import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

export interface TaskListPageProps {
  heading: string;
  activePane: 'task-wrapper--active' | 'detail-wrapper--active';
  menu?: ReactNode;
  /** Shown above the list; pass them only once the list is ready, with it. */
  notices?: ReactNode;
  list?: ReactNode;
  detail?: ReactNode;
  children?: ReactNode;
}

/**
 * The Next Steps list screen: the heading names the active filter; list and detail panes. The
 * notices (the welcome message, the overdue announcement) sit below the heading, in the list's own
 * place, and are given only with the list itself: they arrive with the data in one render, so
 * nothing already on screen moves down (no layout shift, issue 17).
 */
export function TaskListPage(props: TaskListPageProps) {
  const { t } = useLingui();
  return (
    <div className={`tasks ${props.activePane}`}>
      <section className="task-wrapper" aria-labelledby="tasks-heading">
        <div className="tasks__bar">
          <h1 className="tasks__heading" id="tasks-heading">
            {props.heading}
          </h1>
          {props.menu}
        </div>
        <div className="tasks__body">
          {props.notices}
          {props.list && (
            <p className="tasks__legend">
              <span className="tasks__swatch tasks__swatch--overdue" aria-hidden="true" />{' '}
              <Trans>Overdue</Trans>
              <span className="tasks__swatch tasks__swatch--important" aria-hidden="true" />{' '}
              <Trans>Important</Trans>
            </p>
          )}
          {props.list}
        </div>
        {props.children}
      </section>
      <section className="detail-wrapper" aria-label={t`Task detail`}>
        {/* On a phone the detail pane is the whole page: it still needs the page's heading. */}
        {props.activePane === 'detail-wrapper--active' && (
          <h1 className="tasks__phone-heading">{props.heading}</h1>
        )}
        {props.detail}
      </section>
    </div>
  );
}

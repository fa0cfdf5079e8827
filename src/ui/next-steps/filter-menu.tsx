import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import {
  categoryLabel,
  categoryMenu,
  filterLabel,
  filterMenu,
  showOf,
} from '../../lib/task-filter.js';
import type { TaskCategory, TaskFilter } from '../../lib/task-filter.js';
import { MenuDisclosure } from '../menu-disclosure.js';

/**
 * next-steps.md §2: the FILTER dropdown (Up Next, Overdue, Bookmarks, divider, Done, Dismissed), in
 * the product's one menu disclosure (src/ui/menu-disclosure): a choice, Escape, tabbing out or a
 * press outside closes it. Each choice navigates with the matching `show`, keeping the category.
 * Below a second divider, the categories (issue 45): all, the checklist, coursework; each keeps the
 * status filter.
 */
export function FilterMenu({
  active,
  category,
}: {
  active: TaskFilter;
  category?: TaskCategory | undefined;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <MenuDisclosure
      label={t`FILTER`}
      open={open}
      onToggle={() => setOpen((o) => !o)}
      onClose={close}
      panelId="filter-menu-list"
      className="filter-menu"
      toggleClassName="filter-menu__toggle"
      panelClassName="filter-menu__panel"
    >
      <ul className="filter-menu__list">
        {filterMenu.map((filter, i) =>
          filter === null ? (
            <li key={`divider-${i}`} className="filter-menu__divider" aria-hidden="true" />
          ) : (
            <li key={filter}>
              <Link
                to="/task/{-$task_id}"
                params={{}}
                search={{ show: showOf(filter), category }}
                aria-current={filter === active ? 'true' : undefined}
              >
                {filterLabel(filter)}
              </Link>
            </li>
          ),
        )}
        <li className="filter-menu__divider" aria-hidden="true" />
        {categoryMenu.map((c) => (
          <li key={c ?? 'all'}>
            <Link
              to="/task/{-$task_id}"
              params={{}}
              search={{ show: showOf(active), category: c }}
              aria-current={c === category ? 'true' : undefined}
            >
              {categoryLabel(c)}
            </Link>
          </li>
        ))}
      </ul>
    </MenuDisclosure>
  );
}

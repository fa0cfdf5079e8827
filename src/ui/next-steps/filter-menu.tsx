import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { filterLabel, filterMenu, showOf } from '../../lib/task-filter.js';
import type { TaskFilter } from '../../lib/task-filter.js';
import { MenuDisclosure } from '../menu-disclosure.js';

/**
 * next-steps.md §2: the FILTER dropdown (Up Next, Overdue, Bookmarks, divider, Done, Dismissed), in
 * the product's one menu disclosure (src/ui/menu-disclosure): a choice, Escape, tabbing out or a
 * press outside closes it. Each choice navigates with the matching `show`.
 */
export function FilterMenu({ active }: { active: TaskFilter }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <MenuDisclosure
      label="FILTER"
      open={open}
      onToggle={() => setOpen((o) => !o)}
      onClose={close}
      panelId="filter-menu-list"
      className="filter-menu"
      toggleClassName="filter-menu__toggle"
    >
      <ul className="filter-menu__list" id="filter-menu-list">
        {filterMenu.map((filter, i) =>
          filter === null ? (
            <li key={`divider-${i}`} className="filter-menu__divider" aria-hidden="true" />
          ) : (
            <li key={filter}>
              <Link
                to="/task/{-$task_id}"
                params={{}}
                search={{ show: showOf(filter) }}
                aria-current={filter === active ? 'true' : undefined}
              >
                {filterLabel(filter)}
              </Link>
            </li>
          ),
        )}
      </ul>
    </MenuDisclosure>
  );
}

import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { filterLabel, filterMenu, showOf } from '../../lib/task-filter.js';
import type { TaskFilter } from '../../lib/task-filter.js';

/**
 * next-steps.md §2: the FILTER dropdown (Up Next, Overdue, Bookmarks, divider, Done, Dismissed). It
 * closes on selection or on a click outside; each choice navigates with the matching `show`.
 */
export function FilterMenu({ active }: { active: TaskFilter }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, [open]);
  return (
    <div className="filter-menu" ref={root}>
      <button
        type="button"
        className="filter-menu__toggle"
        aria-expanded={open}
        aria-controls="filter-menu-list"
        onClick={() => setOpen((o) => !o)}
      >
        FILTER
      </button>
      {open && (
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
                  onClick={() => setOpen(false)}
                >
                  {filterLabel(filter)}
                </Link>
              </li>
            ),
          )}
        </ul>
      )}
    </div>
  );
}

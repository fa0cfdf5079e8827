import { msg } from '@lingui/core/macro';

/**
 * portal.md §2 Layout: the five sections of the main menu and the footer's Main Site list, their
 * names messages of the catalogue (issue 59), read with `i18n._(label)`.
 */
export const sections = [
  { path: '/', label: msg`Dashboard` },
  { path: '/academics', label: msg`Academics` },
  { path: '/finances', label: msg`Finances` },
  { path: '/community', label: msg`Community` },
  { path: '/resources', label: msg`Resources` },
] as const;

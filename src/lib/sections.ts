/** portal.md §2 Layout: the five sections of the main menu and the footer's Main Site list. */
export const sections = [
  { path: '/', label: 'Dashboard' },
  { path: '/academics', label: 'Academics' },
  { path: '/finances', label: 'Finances' },
  { path: '/community', label: 'Community' },
  { path: '/resources', label: 'Resources' },
] as const;

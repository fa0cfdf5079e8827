/**
 * Issue 87: the most tasks one answer of `user_task/` holds. The plain list (no `limit`) is cut to it,
 * in the list's order; past it a reader pages with `limit` and `offset`, and a page
 * may ask for at most this many. Apart from the schemas, as the dashboard's My Next Steps block reads
 * it at start (the first route's budget).
 */
export const USER_TASKS_MAX = 1000;

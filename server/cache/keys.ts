// The keys of the per-user answer cache (portal.md §9), shared by the cache plugin, the reads that
// fill it and the routes that drop a person's answers.

/** Every key of one user starts with this, so `?refresh` can drop them all at once. */
export const userPrefix = (userId: number) => `sis:${userId}:`;

/** The key of one read of one user; every key of a read starts with `readPrefix`. */
export const readPrefix = (userId: number, read: string) => `${userPrefix(userId)}${read}:`;
export const cacheKey = (userId: number, read: string, term?: string) =>
  `${readPrefix(userId, read)}${term ?? ''}`;

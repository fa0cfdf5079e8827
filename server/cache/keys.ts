// The keys of the per-user answer cache (portal.md §9), shared by the cache plugin, the reads that
// fill it and the routes that drop a person's answers.
import type { Capacity } from '../auth/acting.js';

/**
 * Whose answers an entry holds and in which capacity they were read (issue 73): the same person read
 * in support or by a delegate gets entries of its own, so a narrower view is never served to
 * another capacity, nor theirs to it.
 */
export interface CacheReader {
  subjectId: number;
  capacity: Capacity;
}

/** The reader of a request: its subject, in its actor's capacity (`request` fits). */
export const readerOf = (acting: {
  subject: { id: number };
  actor: { capacity: Capacity };
}): CacheReader => ({ subjectId: acting.subject.id, capacity: acting.actor.capacity });

/** A person read as themselves: the calendar feed and the command-line check. */
export const selfReader = (subjectId: number): CacheReader => ({ subjectId, capacity: 'self' });

/**
 * Every key of one person starts with this, whatever the capacity, so `?refresh` or a change the SIS
 * announces drops them all at once (it is also the stores' owner of the key: store.ts ownerOf).
 */
export const userPrefix = (userId: number) => `sis:${userId}:`;

/** Every key of one read of one person, in every capacity, starts with this. */
export const readPrefix = (userId: number, read: string) => `${userPrefix(userId)}${read}:`;

/** The key of one read (and term) of one person in one capacity: `sis:<id>:<read>:<capacity>:<term>`. */
export const cacheKey = (reader: CacheReader, read: string, term?: string) =>
  `${readPrefix(reader.subjectId, read)}${reader.capacity}:${term ?? ''}`;

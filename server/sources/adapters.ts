import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { StoredPost } from '../../contract/content.schema.js';
import type { DashboardLayout } from '../../contract/dashboard.schema.js';
import type { Language } from '../../contract/language.schema.js';
import type { MessageCategory } from '../../contract/messages.schema.js';
import type { UserTask, UserTaskPatch } from '../../contract/next-steps/task.schema.js';
import type { Preferences } from '../../contract/preferences.schema.js';
import type { Roles } from '../../contract/roles.schema.js';
import type { SisNudgeCode } from '../../contract/sis/nudges.schema.js';
import type { User } from '../../contract/user.schema.js';
import type { PostFilter, PostsSeenBy, StoredPage } from '../db/repositories/content.repository.js';
import type { PostsPage, PostsPageAsk } from '../db/repositories/keyset.js';
import type {
  MessagesPageAsk,
  Recipient,
  StoredMessage,
} from '../db/repositories/messages.repository.js';
import type { SearchHits, SearchReader } from '../db/repositories/search.repository.js';
import type { SisAnswer, SisEndpoint } from '../sis/endpoints.js';

/** An answer made from one SIS read and kept under its own cache entry (e.g. attendance). */
export interface DerivedRead<E extends SisEndpoint, T> {
  read: E;
  /** The cache entry's name and how long it stays fresh. */
  entry: string;
  freshMs: number;
  of: (answer: SisAnswer<E>) => T;
  /** Checks a copy read back from the cache. */
  schema: z.ZodType<T>;
}

/** What saving the demo preferences (pk 0) answers: saved, refused (400), or no such record (null). */
export type DemoPreferencesSave = { saved: Preferences } | { refused: string } | null;

/**
 * The data a request reads and writes, from one source: the person's own (`sources/live.ts`) or the
 * demo sample (`demo/adapters.ts`). `plugins/app/data-sources.ts` hands each request one set as
 * `request.adapters`; a handler calls these and never asks which source answers.
 */
export interface DataAdapters {
  /** The signed-in person's student information system record. */
  readonly sis: {
    /** One read, through the per-user cache (`X-Cache` told to `reply`, when given). */
    read<E extends SisEndpoint>(
      read: E,
      reply: FastifyReply | null,
      term?: string,
    ): Promise<SisAnswer<E>>;
    /** An answer made from one read, under its own cache entry. */
    derived<E extends SisEndpoint, T>(
      derived: DerivedRead<E, T>,
      reply: FastifyReply,
      term: string,
    ): Promise<T>;
    /**
     * The read's answer if the per-user cache holds a fresh one, else null: never asks the SIS (the
     * first answers a page carries).
     */
    cached<E extends SisEndpoint>(read: E): Promise<SisAnswer<E> | null>;
    /** A derived answer for the term if the per-user cache holds a fresh one, else null (the same). */
    cachedDerived<E extends SisEndpoint, T>(
      derived: DerivedRead<E, T>,
      term: string,
    ): Promise<T | null>;
    /** Dismisses a nudge (throws when the SIS fails). */
    dismissNudge(code: SisNudgeCode): Promise<void>;
  };
  /** The person shown: the user call's answer and the university ID of the profile. */
  readonly person: {
    user(authToken: string): Promise<User>;
    /** The same answer if it needs no SIS call (its photo is in the cache), else null. */
    cachedUser(authToken: string): Promise<User | null>;
    nineNumber(): string;
  };
  /** The roles of the person, as the SIS has them now, and keeping them. */
  readonly roles: {
    current(reply: FastifyReply): Promise<Roles>;
    save(roles: Roles): Promise<void>;
  };
  /** Posts and pages. */
  readonly content: {
    /** Issue 87: a page of the posts of a filter as `seenBy` sees them (undefined: `after` unknown). */
    findPostsPage(
      filter: PostFilter,
      seenBy: PostsSeenBy,
      ask: PostsPageAsk,
    ): Promise<PostsPage<StoredPost> | undefined>;
    /**
     * A page by slug or path; `fresh` reads past any shared cache (a preview as a role), `drafts`
     * shows unpublished pages (a staff preview).
     */
    findPage(
      by: { slug: string } | { path: string },
      read: { fresh: boolean; drafts: boolean },
    ): Promise<StoredPage | null>;
  };
  /** The person's preferences, with their dashboard layout. */
  readonly preferences: {
    read(): Promise<Preferences>;
    /** Saves a change of the record `pk`; undefined when there is no such record of theirs. */
    save(pk: number, change: Partial<Omit<Preferences, 'pk'>>): Promise<Preferences | undefined>;
    /** Saves the demo preferences' dashboard layout, once `refusal` finds nothing to refuse. */
    saveDemo(
      change: Partial<Omit<Preferences, 'pk'>>,
      refusal: (layout: DashboardLayout) => Promise<string | null>,
    ): Promise<DemoPreferencesSave>;
  };
  /** The person's Next Steps tasks. */
  readonly tasks: {
    list(
      query: { published: boolean; taskId?: number | undefined; limit?: number | undefined },
      now: Date,
    ): Promise<UserTask[]>;
    patch(id: number, change: UserTaskPatch, now: Date): Promise<UserTask | undefined>;
  };
  /** The person's messages. */
  readonly messages: {
    /** Issue 87: one page of them, and the whole list's unread count and banner messages. */
    pageFor(
      recipient: Recipient,
      now: Date,
      ask: MessagesPageAsk,
    ): Promise<{
      messages: StoredMessage[];
      more: boolean;
      unread: number;
      banner: StoredMessage[];
    }>;
    markRead(
      recipient: Recipient,
      pk: number,
      readOn: string,
      now: Date,
    ): Promise<StoredMessage | undefined>;
    /** "Mark all read" (and What's New's `blog`): every page's, one call. */
    markAllRead(
      recipient: Recipient,
      readOn: string,
      now: Date,
      category?: MessageCategory,
    ): Promise<{ marked: number; unread: number }>;
  };
  /** The store's full-text search. */
  readonly search: {
    search(
      reader: SearchReader,
      words: readonly string[],
      now: Date,
      options: { budgetMs: number; language: Language; perKind?: number },
    ): Promise<SearchHits>;
  };
}

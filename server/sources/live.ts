import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { User } from '../../contract/user.schema.js';
import { PAGE_FRESH_MS, cachedPageSchema, pageCacheKey } from '../content/source.js';
import { storedContent } from '../content/stored.js';
import { requestLanguage } from '../i18n/request-language.js';
import { listTasks, patchTask } from '../next-steps/tasks.js';
import { cacheKey, readPrefix, readerOf } from '../cache/keys.js';
import { idPhotoOf } from './id-photo.js';
import { viewingAsOf } from '../auth/view-as.js';
import { writesForSubject } from '../auth/access.js';
import { SEEN_READS } from '../changes/visit.js';
import { freshMinutes, sisAnswerSchema } from '../sis/endpoints.js';
import type { UserRecord } from '../db/repositories/users.repository.js';
import { asSubject } from '../auth/sis-token.js';
import type { DataAdapters } from './adapters.js';

/** The user call's answer for `user`, with the photo the SIS profile gave. */
async function userAnswerOf(
  app: FastifyInstance,
  user: UserRecord,
  authToken: string,
  photo: string | null,
): Promise<User> {
  const preferences = await app.repositories.preferences.forUser(user.id);
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    photo,
    nine_number: user.nine_number,
    email: user.email,
    username: user.username,
    primary_role: user.primary_role,
    other_roles: user.other_roles,
    is_authenticated: true,
    is_staff: user.is_staff,
    is_superuser: user.is_superuser,
    auth_token: authToken,
    initialized: true,
    can_use_demo: user.can_use_demo,
    has_provisional_account: false,
    financial_dashboard_access: user.financial_dashboard_access,
    profile_pk: user.id,
    role_acknowledged_on: user.role_acknowledged_on,
    view_as: null,
    preferences,
  };
}

/**
 * The person's own data: their SIS record through the per-user cache, the store's content through the
 * shared page cache, and their own preferences, tasks and messages. Each call reads `request.subject`
 * (whose data) then, and the cache's entries are kept apart by `request.actor`'s capacity.
 */
export function liveAdapters(app: FastifyInstance, request: FastifyRequest): DataAdapters {
  const content = () => storedContent(app.repositories.content);
  const sis: DataAdapters['sis'] = {
    async read(read, reply, term) {
      const user = request.subject;
      const { value, status } = await app.cache.read(
        cacheKey(readerOf(request), read, term),
        freshMinutes[read] * 60_000,
        async () => {
          // The person's own token where the SIS is read as the student (issue 91).
          const answer = await asSubject(
            app,
            request,
            user,
            (person) => app.sis.read(read, person, term),
            read,
          );
          // A fresh read of the record is compared with its fingerprint (issue 74): no extra call.
          // A write on read, declared by the route: only the person's own read is compared, so a
          // support viewer's or a delegate's read never raises a message or opens or closes a task
          // for the student (issue 88).
          if (SEEN_READS.has(read) && writesForSubject(request))
            app.changes.seen(user, read, term, answer);
          return answer;
        },
        // A copy read back from the cache is checked like a fresh answer.
        sisAnswerSchema(read),
      );
      reply?.header('x-cache', status);
      return value;
    },
    async derived({ read, entry, freshMs, of, schema }, reply, term) {
      const user = request.subject;
      const { value, status } = await app.cache.read(
        cacheKey(readerOf(request), entry, term),
        freshMs,
        async () =>
          of(
            await asSubject(app, request, user, (person) => app.sis.read(read, person, term), read),
          ),
        schema,
      );
      reply.header('x-cache', status);
      return value;
    },
    cached: (read) => app.cache.peek(cacheKey(readerOf(request), read), sisAnswerSchema(read)),
    cachedDerived: ({ entry, schema }, term) =>
      app.cache.peek(cacheKey(readerOf(request), entry, term), schema),
    async dismissNudge(code) {
      const user = request.subject;
      await asSubject(app, request, user, (person) => app.sis.dismissNudge(person, code));
      await app.cache.clear(readPrefix(user.id, 'nudges'));
    },
  };
  return {
    sis,
    person: {
      user: async (authToken) => ({
        ...(await userAnswerOf(app, request.subject, authToken, await idPhotoOf(app, request))),
        view_as: viewingAsOf(request.viewing),
      }),
      async cachedUser(authToken) {
        const user = request.subject;
        const profile = await app.cache.peek(
          cacheKey(readerOf(request), 'profile'),
          sisAnswerSchema('profile'),
        );
        return (
          profile && {
            ...(await userAnswerOf(app, user, authToken, profile.photo ?? null)),
            view_as: viewingAsOf(request.viewing),
          }
        );
      },
      nineNumber: () => request.subject.nine_number,
    },
    roles: {
      current: (reply) => sis.read('roles', reply),
      save: (roles) => app.repositories.users.setRoles(request.subject.id, roles, app.clock()),
    },
    content: {
      findPostsPage: (filter, seenBy, ask) => content().findPostsPage(filter, seenBy, ask),
      /** A page by path is read through the shared cache, unless read fresh or with drafts. */
      async findPage(by, read) {
        if (!('path' in by) || read.fresh || read.drafts)
          return (await content().findPage(by, { drafts: read.drafts })) ?? null;
        const { value } = await app.cache.read(
          pageCacheKey(by.path),
          PAGE_FRESH_MS,
          async () => (await content().findPage(by)) ?? null,
          cachedPageSchema,
        );
        return value;
      },
    },
    preferences: {
      read: () => app.repositories.preferences.forUser(request.subject.id),
      save: (pk, change) => app.repositories.preferences.update(request.subject.id, pk, change),
      // There is no demo record outside demo mode.
      saveDemo: () => Promise.resolve(null),
    },
    tasks: {
      async list(query, now) {
        const user = request.subject;
        await app.nextSteps.settled(user.id);
        // A reader who never chose a language reads in their browser's (issue 59).
        return listTasks(
          app.repositories.nextStepsTasks,
          user,
          query,
          now,
          requestLanguage(request),
        );
      },
      patch: (id, change, now) =>
        patchTask(
          app.repositories.nextStepsTasks,
          request.subject,
          id,
          change,
          now,
          requestLanguage(request),
        ),
    },
    messages: {
      pageFor: (recipient, now, ask) => app.repositories.messages.pageFor(recipient, now, ask),
      markRead: (recipient, pk, readOn, now) =>
        app.repositories.messages.markRead(recipient, pk, readOn, now),
      markAllRead: (recipient, readOn, now, category) =>
        app.repositories.messages.markAllRead(recipient, readOn, now, category),
    },
    search: {
      search: (reader, words, now, options) =>
        app.repositories.search.search(reader, words, now, options),
    },
  };
}

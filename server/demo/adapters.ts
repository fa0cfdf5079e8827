import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Roles } from '../../contract/roles.schema.js';
import { hasStudentChecklist } from '../next-steps/rules.js';
import type { DataAdapters } from '../sources/adapters.js';
import { demoContent } from './demo-content.js';
import { DEMO_NINE_NUMBER, demoPerson, demoSis } from './demo-sis.js';
import { demoPreferences, demoUser } from './profile.js';
import { demoUserTasks, patchDemoUserTask } from './tasks.js';

/**
 * portal.md §4 demo mode's data: the demo student's SIS record, content, tasks and messages, never
 * the person's own and never through a cache. What demo mode refuses to write (a nudge dismissal, a
 * role refresh, the person's own dashboard layout) is refused here; what it keeps (the demo
 * dashboard layout) it keeps in its own table. The demo messages are the store's `demo` audience.
 */
export function demoAdapters(app: FastifyInstance, request: FastifyRequest): DataAdapters {
  const demoLayout = () => app.repositories.dashboard.demoLayout(request.subject.id);
  const tasks = (published: boolean, now: Date) =>
    published && hasStudentChecklist(request.subject) ? demoUserTasks(request.subject.id, now) : [];
  return {
    sis: {
      read: (read, _reply, term) => demoSis.read(read, demoPerson, term),
      derived: async ({ read, of }, _reply, term) => of(await demoSis.read(read, demoPerson, term)),
      // The demo sample is in the process: never an SIS call to wait for.
      cached: (read) => demoSis.read(read, demoPerson),
      cachedDerived: async ({ read, of }, term) => of(await demoSis.read(read, demoPerson, term)),
      // A demo nudge's dismissal is answered, not sent.
      dismissNudge: () => Promise.resolve(),
    },
    person: {
      user: async (authToken) => demoUser(authToken, await demoLayout()),
      cachedUser: async (authToken) => demoUser(authToken, await demoLayout()),
      nineNumber: () => DEMO_NINE_NUMBER,
    },
    roles: {
      // Demo mode keeps the stored roles: no refresh, nothing saved.
      current: () => {
        const { primary_role, other_roles }: Roles = request.subject;
        return Promise.resolve({ primary_role, other_roles });
      },
      save: () => Promise.resolve(),
    },
    content: {
      findPostsPage: (filter, seenBy, ask) =>
        demoContent(app.clock()).findPostsPage(filter, seenBy, ask),
      // The demo set has no drafts and is never cached.
      findPage: async (by) => (await demoContent(app.clock()).findPage(by)) ?? null,
    },
    preferences: {
      read: async () => demoPreferences(await demoLayout()),
      // The dashboard layout is kept only as the demo layout (pk 0), never as the person's own.
      save: (pk, change) =>
        change.dashboard_layout !== undefined
          ? Promise.resolve(undefined)
          : app.repositories.preferences.update(request.subject.id, pk, change),
      async saveDemo(change, refusal) {
        const layout = change.dashboard_layout;
        if (layout === undefined)
          return { refused: 'body: demo mode keeps only the dashboard layout' };
        const refused = await refusal(layout);
        if (refused) return { refused };
        await app.repositories.dashboard.saveDemoLayout(request.subject.id, layout);
        return { saved: demoPreferences(layout) };
      },
    },
    tasks: {
      list: ({ published, taskId, limit }, now) => {
        const all = tasks(published, now);
        const found = taskId === undefined ? all : all.filter((t) => t.task.id === taskId);
        return Promise.resolve(found.slice(0, limit));
      },
      // A demo change is answered as if saved, and forgotten.
      patch: (id, change, now) =>
        Promise.resolve(patchDemoUserTask(request.subject.id, id, change, now)),
    },
    messages: {
      pageFor: (recipient, now, ask) =>
        app.repositories.messages.pageFor(recipient, now, ask, true),
      markRead: (recipient, pk, readOn, now) =>
        app.repositories.messages.markRead(recipient, pk, readOn, now, true),
      markAllRead: (recipient, readOn, now, category) =>
        app.repositories.messages.markAllRead(recipient, readOn, now, category, true),
    },
    search: {
      search: (reader, words, now, options) =>
        app.repositories.search.search(reader, words, now, { ...options, demo: true }),
    },
  };
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SELF_WRITES } from '../auth/access.js';
import type { ReactNode } from 'react';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminDeleteSchema, adminIdParamsSchema } from '../../contract/admin/admin.schema.js';
import { sendProblem } from '../html/page.js';
import { readInput, sendDone, sendInvalid, STALE_DETAIL } from './forms.js';
import { adminCsrf, csrfOf } from './guard.js';

/** What a versioned remove answers: the row as it was, or why nothing was deleted. */
export type VersionedRemoval<T> = { ok: true; item: T } | { ok: false; reason: string };

export interface VersionedDelete<T> {
  /** The list, e.g. `/admin/posts`: the routes are `${list}/:id/delete` and DELETE `${list}/:id`. */
  list: string;
  /** The confirmation page's title, e.g. `Delete this post?`. */
  title: string;
  /** The link back to the list when the form has no version, e.g. `back to the posts`. */
  back: string;
  /** The admin frame around a body. */
  page: (request: FastifyRequest, title: string, body: ReactNode) => string;
  /** The 404 answer for this kind. */
  missing: (request: FastifyRequest, reply: FastifyReply) => unknown;
  find: (id: number) => Promise<T | undefined>;
  /** The confirmation's body: what is deleted, and a form carrying its version. */
  confirm: (item: T, csrf: string) => ReactNode;
  /** Deletes only when `version` is still current; any refusal but `missing` is a stale version. */
  remove: (id: number, version: number) => Promise<VersionedRemoval<T>>;
  /** Records the deletion (and whatever else a deletion must do, such as forgetting caches). */
  audit: (request: FastifyRequest, id: number, removed: T) => Promise<void>;
}

/**
 * "Confirm, then delete with a version check", the same for every versioned admin kind:
 * GET `${list}/:id/delete` asks, POST `${list}/:id/delete` (a form) or DELETE `${list}/:id`
 * (a script) deletes: 404 when it is gone, 409 when someone changed it since, else audit and done.
 */
export function registerVersionedDelete<T>(app: FastifyInstance, kind: VersionedDelete<T>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { list, title, page, missing } = kind;
  const { timeZone } = app.config.campus;

  r.get(
    `${list}/:id/delete`,
    {
      config: { access: { self: 'read', support: null, delegate: null } },
      schema: { hide: true, params: adminIdParamsSchema },
    },
    async (request, reply) => {
      const item = await kind.find(request.params.id);
      if (!item) return missing(request, reply);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(page(request, title, kind.confirm(item, csrfOf(request))));
    },
  );

  const remove = async (request: FastifyRequest, reply: FastifyReply, id: number) => {
    const input = readInput(request, { version: 'int' }, adminDeleteSchema, timeZone);
    if (!input.ok)
      return sendInvalid(request, reply, input.fields, () =>
        page(
          request,
          title,
          <p>
            The form is missing its version: <a href={list}>{kind.back}</a>.
          </p>,
        ),
      );
    const removed = await kind.remove(id, input.data.version);
    if (!removed.ok) {
      if (removed.reason === 'missing') return missing(request, reply);
      return sendProblem(request, reply, {
        status: 409,
        title: 'Not deleted',
        detail: STALE_DETAIL,
        link: { href: `${list}/${id}`, text: 'Open the current version' },
      });
    }
    await kind.audit(request, id, removed.item);
    return sendDone(request, reply, `${list}?done=deleted`, null, 204);
  };
  const byId = {
    config: { access: SELF_WRITES },
    preHandler: adminCsrf,
    schema: { hide: true, params: adminIdParamsSchema },
  };
  r.post(`${list}/:id/delete`, byId, (request, reply) => remove(request, reply, request.params.id));
  r.delete(`${list}/:id`, byId, (request, reply) => remove(request, reply, request.params.id));
}

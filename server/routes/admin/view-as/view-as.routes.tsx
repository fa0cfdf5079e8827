import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountOf } from '../../../auth/acting.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  viewAsFindSchema,
  viewAsStartSchema,
} from '../../../../contract/admin/view-as-form.schema.js';
import type { FormState } from '../../../admin/fields.js';
import { readInput, sendDone, sendInvalid } from '../../../admin/forms.js';
import { adminCsrf, csrfOf } from '../../../admin/guard.js';
import { adminPage } from '../../../admin/layout.js';
import { REFUSAL_TEXT, viewAsRefusal } from '../../../auth/view-as.js';
import type { FoundPerson } from '../../../db/repositories/view-as.repository.js';
import { sendProblem } from '../../../html/page.js';
import { SisNotFoundError } from '../../../sis/port.js';
import { endViews, viewDetail } from '../../../plugins/view-as.js';
import { tellStudentOfView } from '../../../notify/view-as-email.js';
import { ViewAsBody } from './view-as-view.js';

const FORM = { username: 'text', reason: 'text', ticket: 'textOrNull' } as const;

/**
 * View as a student (issue 73), for the Support right: find a person by username, student number or
 * name; give a reason (and a ticket); Start opens the portal as them, read only, for VIEW_AS_MINUTES
 * at most; End (here or on the portal's bar) ends it. Start and end are audited with the reason and
 * ticket; the student is emailed (VIEW_AS_NOTIFY) and Account lists the view.
 */
export default async function viewAsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { timeZone, productName } = app.config.campus;
  const { minutes } = app.config.viewAs;
  const { users, viewAs } = app.repositories;

  async function running(request: FastifyRequest) {
    const session = request.acting?.session;
    const view = session === undefined ? undefined : await viewAs.openOf(session);
    if (!view || view.endsAt.getTime() <= app.clock().getTime()) return null;
    const subject = await users.findById(view.subjectId);
    return { view, name: subject ? `${subject.first_name} ${subject.last_name}` : '' };
  }

  async function render(
    request: FastifyRequest,
    page: { query?: string; found?: FoundPerson[] | null; chosen?: FoundPerson | null },
    state: FormState = { values: {}, errors: {} },
    notice?: string,
  ) {
    return adminPage(request, productName, {
      title: 'View as a student',
      section: 'view-as',
      notice,
      body: (
        <ViewAsBody
          query={page.query ?? ''}
          found={page.found ?? null}
          chosen={page.chosen ?? null}
          state={state}
          csrf={csrfOf(request)}
          running={await running(request)}
          minutes={minutes}
          timeZone={timeZone}
        />
      ),
    });
  }
  const html = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');

  r.get(
    '/admin/view-as',
    {
      config: { access: { self: 'read', support: null, delegate: null } },
      schema: { hide: true, querystring: viewAsFindSchema },
    },
    async (request, reply) => {
      const { q, person, done } = request.query;
      const notice = done === 'ended' ? 'The view ended.' : undefined;
      if (person !== undefined) {
        const [chosen] = (await viewAs.find(person)).filter((p) => p.username === person);
        return html(reply).send(await render(request, { chosen: chosen ?? null, query: person }));
      }
      const found = q ? await viewAs.find(q) : null;
      return html(reply).send(await render(request, { query: q ?? '', found }, undefined, notice));
    },
  );

  /** Whether the records mark the person confidential (a FERPA directory block); unread: refused. */
  async function confidential(username: string, persona: string | null): Promise<boolean | null> {
    try {
      return (await app.sis.read('identity', { username, persona })).confidential === true;
    } catch (err) {
      return err instanceof SisNotFoundError ? false : null;
    }
  }

  r.post(
    '/admin/view-as',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      preHandler: adminCsrf,
      schema: { hide: true },
    },
    async (request, reply) => {
      const read = readInput(request, FORM, viewAsStartSchema, timeZone);
      const chosenOf = async (username: string | undefined) =>
        username
          ? ((await viewAs.find(username)).find((p) => p.username === username) ?? null)
          : null;
      const username = typeof read.values.username === 'string' ? read.values.username : undefined;
      if (!read.ok) {
        const page = await render(
          request,
          { chosen: await chosenOf(username) },
          {
            values: read.values,
            errors: read.fields,
          },
        );
        return sendInvalid(request, reply, read.fields, () => page);
      }
      const actor = accountOf(request.actor);
      const subject = await users.findByUsername(read.data.username);
      const refuse = (status: number, detail: string) =>
        sendProblem(request, reply, {
          status,
          title: 'You cannot view as this person',
          detail,
          link: { href: '/admin/view-as', text: 'Back to View as' },
        });
      if (!subject) return refuse(404, 'Nobody with this username has signed in to the portal.');
      const marked = await confidential(subject.username, subject.persona);
      if (marked === null) {
        return refuse(503, 'The student records could not be read: try again in a moment.');
      }
      const refusal = viewAsRefusal(actor, subject, marked);
      if (refusal) {
        await app.audit(request, 'viewAs.refused', { subject: subject.username, refusal });
        return refuse(403, REFUSAL_TEXT[refusal]);
      }
      const session = request.acting?.session;
      if (session === undefined) return refuse(401, 'Sign in again.');
      const now = app.clock();
      const view = await viewAs.start({
        actorId: actor.id,
        actorUsername: actor.username,
        actorName: `${actor.first_name} ${actor.last_name}`.trim(),
        subjectId: subject.id,
        sessionHash: session,
        reason: read.data.reason,
        ticket: read.data.ticket,
        startedAt: now,
        endsAt: new Date(now.getTime() + minutes * 60_000),
        office: await app.repositories.grants.officeOf(actor.username),
      });
      await app.audit(request, 'viewAs.start', {
        ...viewDetail(view),
        subject: subject.username,
        minutes,
      });
      if (app.config.viewAs.notify) await tellStudentOfView(app, subject, view);
      return sendDone(request, reply, '/', { view: view.id, ends_at: view.endsAt }, 201);
    },
  );

  r.post(
    '/admin/view-as/end',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      preHandler: adminCsrf,
      schema: { hide: true },
    },
    async (request, reply) => {
      const session = request.acting?.session;
      if (session !== undefined) await endViews(app, session, 'end', request.ip);
      return sendDone(request, reply, '/admin/view-as?done=ended', null, 204);
    },
  );
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminDoneSchema } from '../../../../contract/admin/admin.schema.js';
import { adminGrantInputSchema } from '../../../../contract/admin/grants-form.schema.js';
import type { Grant, Right } from '../../../../contract/grants.schema.js';
import { formatCampus } from '../../../admin/campus-time.js';
import type { FormState } from '../../../admin/fields.js';
import {
  CsrfField,
  DataTable,
  ErrorSummary,
  Hidden,
  Input,
  Select,
} from '../../../admin/fields.js';
import { readInput, sendDone, sendInvalid } from '../../../admin/forms.js';
import { adminCsrf, csrfOf } from '../../../admin/guard.js';
import { adminPage } from '../../../admin/layout.js';
import { sendProblem } from '../../../html/page.js';
import { grantRight, revokeRight } from '../grant-changes.js';

/** Every right the contract names, so a new one cannot be left off the form (it was FERPA's). */
const RIGHT_LABELS: Record<Right, string> = {
  staff: 'Staff: the admin and the build number',
  superuser: 'Superuser: staff, and this page',
  demo: 'Demo mode',
  support: 'Support: view the portal as a student, read only',
  ferpa: 'FERPA: see and revoke the access students grant, with their consent records',
};
const RIGHTS = Object.entries(RIGHT_LABELS);
const FORM = { username: 'text', right: 'text', office: 'textOrNull' } as const;
const DONE = { created: 'Granted.', saved: 'Saved.', deleted: 'Revoked.' };

function GrantsBody(props: { grants: Grant[]; state: FormState; csrf: string; timeZone: string }) {
  const { grants, state, csrf, timeZone } = props;
  return (
    <>
      <p>
        Rights given here add to what the university's sign-in groups give. A change applies at
        once.
      </p>
      <h2>Grant a right</h2>
      <ErrorSummary errors={state.errors} />
      <form className="filters" method="post" action="/admin/grants">
        <CsrfField csrf={csrf} />
        <Input state={state} name="username" label="Username" />
        <Select state={state} name="right" label="Right" options={RIGHTS} />
        <Input
          state={state}
          name="office"
          label="Office (Support only): the office students are told viewed their portal"
        />
        <div className="actions">
          <button type="submit">Grant</button>
        </div>
      </form>
      <h2>Granted rights</h2>
      {grants.length === 0 ? (
        <p>No right has been granted here.</p>
      ) : (
        <DataTable
          label="Granted rights"
          caption={`${grants.length} granted`}
          headers={['Username', 'Right', 'Office', 'Granted by', 'When', '']}
          rows={grants.map((g) => ({
            key: `${g.username}/${g.right}`,
            cells: [
              g.username,
              g.right,
              g.office ?? '—',
              g.granted_by ?? '—',
              formatCampus(g.granted_at, timeZone),
              <a
                href={`/admin/grants/revoke?${new URLSearchParams({ username: g.username, right: g.right }).toString()}`}
              >
                Revoke
                <span className="visually-hidden">
                  {' '}
                  {g.right} from {g.username}
                </span>
              </a>,
            ],
          }))}
        />
      )}
    </>
  );
}

function RevokeConfirm(props: { username: string; right: string; csrf: string }) {
  const { username, right, csrf } = props;
  return (
    <>
      <p>
        Revoke <strong>{right}</strong> from <strong>{username}</strong>? It applies at once.
      </p>
      <form method="post" action="/admin/grants/revoke">
        <CsrfField csrf={csrf} />
        <Hidden name="username" value={username} />
        <Hidden name="right" value={right} />
        <div className="actions">
          <button type="submit" className="danger">
            Revoke
          </button>{' '}
          <a href="/admin/grants">Keep it</a>
        </div>
      </form>
    </>
  );
}

/** Who may do what (superusers only): a page over the trust issue's grants. */
export default async function grantsPageRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { timeZone, productName } = app.config.campus;
  const render = async (request: FastifyRequest, state: FormState, notice?: string) =>
    adminPage(request, productName, {
      title: 'Who may do what',
      section: 'grants',
      body: (
        <GrantsBody
          grants={await app.repositories.grants.list()}
          state={state}
          csrf={csrfOf(request)}
          timeZone={timeZone}
        />
      ),
      notice,
    });
  const html = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');

  r.get(
    '/admin/grants',
    {
      config: { access: { self: 'read', support: null, delegate: null } },
      schema: { hide: true, querystring: z.object({ done: adminDoneSchema }) },
    },
    async (request, reply) => {
      const notice = request.query.done ? DONE[request.query.done] : undefined;
      return html(reply).send(
        await render(request, { values: { right: 'staff' }, errors: {} }, notice),
      );
    },
  );

  r.post(
    '/admin/grants',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      preHandler: adminCsrf,
      schema: { hide: true },
    },
    async (request, reply) => {
      const read = readInput(request, FORM, adminGrantInputSchema, timeZone);
      if (!read.ok) {
        const page = await render(request, { values: read.values, errors: read.fields });
        return sendInvalid(request, reply, read.fields, () => page);
      }
      const { username, right, office } = read.data;
      // An office is a Support grant's: the others name none.
      const named = right === 'support' && office ? office : null;
      const grant = await grantRight(app, request, username, right, named);
      return sendDone(request, reply, '/admin/grants?done=created', grant, 201);
    },
  );

  r.get(
    '/admin/grants/revoke',
    {
      config: { access: { self: 'read', support: null, delegate: null } },
      schema: { hide: true, querystring: adminGrantInputSchema.strip() },
    },
    async (request, reply) => {
      const { username, right } = request.query;
      return html(reply).send(
        adminPage(request, productName, {
          title: 'Revoke this right?',
          section: 'grants',
          body: <RevokeConfirm username={username} right={right} csrf={csrfOf(request)} />,
        }),
      );
    },
  );

  r.post(
    '/admin/grants/revoke',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      preHandler: adminCsrf,
      schema: { hide: true },
    },
    async (request, reply) => {
      const read = readInput(request, FORM, adminGrantInputSchema, timeZone);
      if (!read.ok) {
        const page = await render(request, { values: {}, errors: read.fields });
        return sendInvalid(request, reply, read.fields, () => page);
      }
      if (!(await revokeRight(app, request, read.data.username, read.data.right))) {
        return sendProblem(request, reply, {
          status: 404,
          title: 'No such grant',
          detail: 'No such grant.',
          link: { href: '/admin/grants', text: 'Back to the grants' },
        });
      }
      return sendDone(request, reply, '/admin/grants?done=deleted', null, 204);
    },
  );
}

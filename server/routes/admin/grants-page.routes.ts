import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminDoneSchema } from '../../../contract/admin/admin.schema.js';
import { adminGrantInputSchema } from '../../../contract/admin/grants-form.schema.js';
import type { Grant } from '../../../contract/grants.schema.js';
import { formatCampus } from '../../admin/campus-time.js';
import type { FormState } from '../../admin/fields.js';
import { csrfField, dataTable, errorSummary, input, select } from '../../admin/fields.js';
import { readInput, sendDone, sendInvalid } from '../../admin/forms.js';
import { adminAccess, adminCsrf, csrfOf } from '../../admin/guard.js';
import { adminPage } from '../../admin/layout.js';
import { escapeHtml, sendProblem } from '../../html/page.js';
import { grantRight, revokeRight } from './grant-changes.js';

const RIGHTS = [
  ['staff', 'Staff: the admin and the build number'],
  ['superuser', 'Superuser: staff, and this page'],
  ['demo', 'Demo mode'],
] as const;
const FORM = { username: 'text', right: 'text' } as const;
const DONE = { created: 'Granted.', saved: 'Saved.', deleted: 'Revoked.' };

function body(grants: Grant[], state: FormState, csrf: string, timeZone: string) {
  const rows = grants.map((g) => [
    escapeHtml(g.username),
    escapeHtml(g.right),
    escapeHtml(g.granted_by ?? '—'),
    escapeHtml(formatCampus(g.granted_at, timeZone)),
    `<a href="/admin/grants/revoke?username=${encodeURIComponent(g.username)}&amp;right=${g.right}">Revoke<span class="visually-hidden"> ${escapeHtml(g.right)} from ${escapeHtml(g.username)}</span></a>`,
  ]);
  return `<p>Rights given here add to what the university's sign-in groups give. A change applies at once.</p>
<h2>Grant a right</h2>${errorSummary(state.errors)}
<form class="filters" method="post" action="/admin/grants">${csrfField(csrf)}
  ${input(state, { name: 'username', label: 'Username' })}
  ${select(state, { name: 'right', label: 'Right', options: RIGHTS })}
  <div class="actions"><button type="submit">Grant</button></div>
</form>
<h2>Granted rights</h2>
${grants.length === 0 ? '<p>No right has been granted here.</p>' : dataTable({ label: 'Granted rights', caption: `${grants.length} granted`, headers: ['Username', 'Right', 'Granted by', 'When', ''], rows })}`;
}

/** Who may do what (superusers only): a page over the trust issue's grants. */
export default async function grantsPageRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = adminAccess(app, 'superuser');
  const { timeZone, productName } = app.config.campus;
  const render = async (request: FastifyRequest, state: FormState, notice?: string) =>
    adminPage(request, productName, {
      title: 'Who may do what',
      section: 'grants',
      body: body(await app.repos.grants.list(), state, csrfOf(request), timeZone),
      notice,
    });
  const html = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');

  r.get(
    '/admin/grants',
    { onRequest, schema: { hide: true, querystring: z.object({ done: adminDoneSchema }) } },
    async (request, reply) => {
      const notice = request.query.done ? DONE[request.query.done] : undefined;
      return html(reply).send(
        await render(request, { values: { right: 'staff' }, errors: {} }, notice),
      );
    },
  );

  r.post(
    '/admin/grants',
    { onRequest, preHandler: adminCsrf, schema: { hide: true } },
    async (request, reply) => {
      const read = readInput(request, FORM, adminGrantInputSchema, timeZone);
      if (!read.ok) {
        const page = await render(request, { values: read.values, errors: read.fields });
        return sendInvalid(request, reply, read.fields, () => page);
      }
      const grant = await grantRight(app, request, read.data.username, read.data.right);
      return sendDone(request, reply, '/admin/grants?done=created', grant, 201);
    },
  );

  r.get(
    '/admin/grants/revoke',
    { onRequest, schema: { hide: true, querystring: adminGrantInputSchema.strip() } },
    async (request, reply) => {
      const { username, right } = request.query;
      const confirm = `<p>Revoke <strong>${escapeHtml(right)}</strong> from <strong>${escapeHtml(username)}</strong>? It applies at once.</p>
<form method="post" action="/admin/grants/revoke">${csrfField(csrfOf(request))}
  <input type="hidden" name="username" value="${escapeHtml(username)}"><input type="hidden" name="right" value="${escapeHtml(right)}">
  <div class="actions"><button type="submit" class="danger">Revoke</button> <a href="/admin/grants">Keep it</a></div>
</form>`;
      return html(reply).send(
        adminPage(request, productName, {
          title: 'Revoke this right?',
          section: 'grants',
          body: confirm,
        }),
      );
    },
  );

  r.post(
    '/admin/grants/revoke',
    { onRequest, preHandler: adminCsrf, schema: { hide: true } },
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

import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { payFormChoiceSchema, payFormFieldsSchema } from '../../../../contract/payments.schema.js';
import type { PaymentHandoff } from '../../../../contract/payments.schema.js';
import { renderPage } from '../../../html/page.js';
import { themeOf } from '../../../html/theme.js';
import { translator } from '../../../i18n/catalogue.js';
import { requestLanguage } from '../../../i18n/request-language.js';
import { SESSION_COOKIE, csrfFor } from '../../../plugins/session-tokens.js';
import { delegateSessionOf } from '../../../delegates/tokens.js';
import { isSameOrigin } from '../../../plugins/same-origin.js';
import { paymentStarter } from '../../../payments/start.js';
import type { StartRefusal } from '../../../payments/start.js';

/** Where the Pay form posts when the page's scripts do not run. */
export const PAY_FORM_PATH = '/payments/pay';

/** Why a form post paid nothing, as Finances reads it back (`/finances?pay_error=…#pay`). */
export type PayFormRefusal = StartRefusal | 'not-an-amount' | 'expired';

/** Back to Finances' Pay form, saying why nothing was paid. */
export const financesWith = (refusal: PayFormRefusal) => `/finances?pay_error=${refusal}#pay`;

/** The form a browser without scripts submits itself to reach uPay's page (uPay takes a POST only). */
function HandoffForm({
  handoff,
  words,
}: {
  handoff: PaymentHandoff;
  words: [string, string, string];
}) {
  const [heading, explain, go] = words;
  return (
    <>
      <h1>{heading}</h1>
      <p>{explain}</p>
      <form method="post" action={handoff.url}>
        {handoff.fields.map((f) => (
          <input key={f.name} type="hidden" name={f.name} value={f.value} />
        ))}
        <button type="submit">{go}</button>
      </form>
    </>
  );
}

/**
 * Finances → Pay without scripts (issue 89): the Pay form posted form-encoded, the session's CSRF
 * token in its hidden `csrf` field (same origin, as the log-out form), by the student or by a
 * delegate the student shared Finances with (their own session's token); the same amount rules and
 * the same payment start as `POST /api/payments` (payments/start.ts). Answered with a redirect: to
 * the provider's page (QuikPAY, a plain link), or a page whose one button posts the browser on
 * (uPay takes a POST), or back to Finances' Pay form with why nothing was paid.
 */
export default async function payFormRoutes(app: FastifyInstance) {
  await app.register(formbody, { bodyLimit: 1024 });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const start = paymentStarter(app);
  const { productName } = app.config.campus;

  r.post(
    PAY_FORM_PATH,
    {
      bodyLimit: 1024,
      // Support viewing as the student may not pay (403 before the body is read); a delegate the
      // student shared Finances with pays, as by the API, with their own session's CSRF token.
      config: {
        access: { self: 'write', support: null, delegate: { category: 'finances', may: 'pay' } },
      },
      schema: {
        summary: 'Start a payment from the Pay form posted without scripts (form-encoded)',
        consumes: ['application/x-www-form-urlencoded'],
        body: payFormFieldsSchema,
      },
    },
    async (request, reply) => {
      const session =
        (request.actor.capacity === 'delegate'
          ? delegateSessionOf(request)
          : request.cookies[SESSION_COOKIE]) ?? '';
      const csrf = request.body.csrf ?? '';
      if (!isSameOrigin(request) || session === '' || csrf !== csrfFor(session))
        return reply.redirect(financesWith('expired'), 303);
      const choice = payFormChoiceSchema.safeParse(request.body);
      if (!choice.success) return reply.redirect(financesWith('not-an-amount'), 303);
      const started = await start(request, choice.data);
      if (!started.ok) return reply.redirect(financesWith(started.reason), 303);
      const { handoff } = started;
      if (handoff.method === 'GET') {
        const url = new URL(handoff.url);
        for (const field of handoff.fields) url.searchParams.append(field.name, field.value);
        return reply.header('cache-control', 'no-store').redirect(url.href, 303);
      }
      const language = requestLanguage(request);
      const i18n = translator(language);
      const words: [string, string, string] = [
        i18n._({ id: 'payments.handoff.title', message: 'Continue to the payment page' }),
        i18n._({
          id: 'payments.handoff.explain',
          message:
            'Your payment is ready. The payment page asks for your card or bank details; the portal never sees them.',
        }),
        i18n._({ id: 'payments.handoff.continue', message: 'Continue to pay' }),
      ];
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-language', language)
        .send(
          renderPage({
            title: words[0],
            productName,
            body: <HandoffForm handoff={handoff} words={words} />,
            theme: themeOf(request),
            language,
          }),
        );
    },
  );
}

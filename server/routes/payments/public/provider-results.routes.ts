import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Checked } from '../../../payments/port.js';
import { PAYMENT_PATHS, providerFor } from '../../../payments/providers.js';

/** A provider's result: at most 40 short fields, each value bounded, anything else refused. */
const fieldsSchema = z
  .record(z.string().max(64), z.string().max(512))
  .refine((fields) => Object.keys(fields).length <= 40, { error: 'too many fields' });
/** Each result's body is small: uPay's posting is a few hundred bytes. */
const RESULT_BODY_LIMIT = 8 * 1024;
const outcomeSchema = z.object({ outcome: z.enum(['success', 'cancel', 'error']) });

/**
 * Where the payment providers answer (issue 89), outside any session: no person is signed in on a
 * server-to-server posting, and a browser coming back proves nothing. uPay's posting is checked by
 * its `posting_key` (and the sender allow-list); QuikPAY's by its signature and timestamp. A result
 * refused (a wrong key or signature, an unknown id, another amount, a replay) changes nothing and
 * is logged (`PaymentsLedger`). The browser's return only ever leads to Finances, which says
 * "Waiting for confirmation" until the provider's own result has arrived.
 */
export default async function providerResultsRoutes(app: FastifyInstance) {
  await app.register(formbody, { bodyLimit: RESULT_BODY_LIMIT });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const provider = providerFor(app.config.payment, app.config.campus.finances.payOnline);
  const ledger = app.payments.ledger;
  const logRefusal = (reason: string, sender: string) =>
    app.log.warn(
      { provider: provider.kind, reason, sender },
      'payment result refused: nothing changed',
    );

  /** Takes a checked result: 200 when it moved a payment or repeats one taken, 400 otherwise. */
  const take = async (checked: Checked, sender: string, reply: FastifyReply) => {
    if (!checked.ok) {
      logRefusal(checked.reason, sender);
      return reply.code(400).send('refused');
    }
    const taken = await ledger.takeResult(provider.kind, checked.result, app.clock());
    return reply
      .code(taken.ok || taken.reason === 'replayed' ? 200 : 400)
      .send(taken.ok ? 'ok' : 'refused');
  };

  const toFinances = (reply: FastifyReply, outcome: string) =>
    reply
      .header('cache-control', 'no-store')
      .redirect(`/finances?payment=${outcome}#payments`, 303);

  r.get(
    `${PAYMENT_PATHS.return}/:outcome`,
    { config: { access: 'public' }, schema: { hide: true, params: outcomeSchema } },
    (request, reply) => toFinances(reply, request.params.outcome),
  );

  if (provider.kind === 'touchnet') {
    const touchnet = provider;
    r.post(
      PAYMENT_PATHS.touchnetPosting,
      {
        bodyLimit: RESULT_BODY_LIMIT,
        config: { access: 'public' },
        schema: { hide: true, body: fieldsSchema },
      },
      (request, reply) => take(touchnet.checkPosting(request.body, request.ip), request.ip, reply),
    );
  }

  if (provider.kind === 'nelnet') {
    const nelnet = provider;
    r.post(
      PAYMENT_PATHS.nelnetNotify,
      {
        bodyLimit: RESULT_BODY_LIMIT,
        config: { access: 'public' },
        schema: { hide: true, body: fieldsSchema },
      },
      (request, reply) => take(nelnet.checkReturn(request.body, app.clock()), request.ip, reply),
    );
    r.get(
      PAYMENT_PATHS.nelnetReturn,
      { config: { access: 'public' }, schema: { hide: true, querystring: fieldsSchema } },
      async (request, reply) => {
        const checked = nelnet.checkReturn(request.query, app.clock());
        if (checked.ok) await ledger.takeResult('nelnet', checked.result, app.clock());
        else logRefusal(checked.reason, request.ip);
        return toFinances(
          reply,
          checked.ok && checked.result.outcome !== 'confirmed' ? 'error' : 'success',
        );
      },
    );
  }
}

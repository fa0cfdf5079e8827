import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeNelnet } from '../tests/fake-nelnet/fake-nelnet.js';
import { FakeTouchnet, formBody } from '../tests/fake-touchnet/fake-touchnet.js';

/**
 * The payment providers' doubles as pages a journey's browser opens (issue 89): the uPay site's
 * page, which the portal's form posts to, and QuikPAY's, which the portal redirects to. Each shows
 * the amount with Pay and Cancel; Pay posts the provider's result to the portal server to server
 * (uPay's posting URL, §2.0 of its technical guide; Commerce Manager's real-time notification) and
 * then sends the browser back as the provider does (uPay's SUCCESS_LINK / CANCEL_LINK, §1.0;
 * QuikPAY's signed `redirectUrl`). The fields and their checks are the doubles' own
 * (tests/fake-touchnet, tests/fake-nelnet), which cite the providers' published material.
 */
export interface PaymentDoubles {
  url: string;
  /** The portal the results are posted to: set once its server has started. */
  portal: string;
  touchnet: FakeTouchnet;
  nelnet: FakeNelnet;
  close(): Promise<void>;
}

export const UPAY_SITE = {
  siteId: '7',
  validationKey: 'journey-validation-key',
  encoding: 'base64' as const,
  postingKey: 'journey-posting-key',
};
export const NELNET_SECRET = 'journey-shared-secret-0123456789';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The provider's page: the amount, and Pay and Cancel, which post to `action`. */
const page = (title: string, amount: string, action: string, hidden: Record<string, string>) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<meta name="viewport" content="width=device-width"></head><body><main><h1>${escape(title)}</h1>
<p>Amount: $${escape(amount)}</p><form method="post" action="${escape(action)}">
${Object.entries(hidden)
  .map(([n, v]) => `<input type="hidden" name="${escape(n)}" value="${escape(v)}">`)
  .join('')}
<button name="outcome" value="pay">Pay</button> <button name="outcome" value="cancel">Cancel</button>
</form></main></body></html>`;

async function bodyOf(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

const send = (response: ServerResponse, status: number, html: string) =>
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(html);
const back = (response: ServerResponse, to: string) =>
  response.writeHead(303, { location: to }).end();

/** Posts a provider's result to the portal, server to server, as an HTML form's body. */
async function post(url: string, fields: Record<string, string>) {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: formBody(fields),
  });
  if (!answer.ok) throw new Error(`the portal refused the result: ${answer.status}`);
}

export async function startPaymentDoubles(): Promise<PaymentDoubles> {
  const touchnet = new FakeTouchnet(UPAY_SITE);
  const nelnet = new FakeNelnet(NELNET_SECRET);
  const doubles = { portal: '' } as { portal: string };
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://doubles.invalid');
      if (request.method === 'POST' && url.pathname === '/upay') {
        // Guide §1.0: the campus application's form, checked by VALIDATION_KEY.
        const fields = await bodyOf(request);
        const taken = touchnet.receiveForm(fields);
        if (!taken.ok) return send(response, 400, `uPay refused the form: ${taken.reason}`);
        const id = fields.EXT_TRANS_ID ?? '';
        return send(response, 200, page('uPay test site', fields.AMT ?? '', '/upay/pay', { id }));
      }
      if (request.method === 'POST' && url.pathname === '/upay/pay') {
        const { id = '', outcome } = await bodyOf(request);
        const paid = touchnet.pay(id, outcome === 'pay' ? 'success' : 'cancelled');
        // Guide §2.0: the result to the site's posting URL, before the browser is sent back.
        await post(`${doubles.portal}/api/payments/touchnet/posting`, paid.posting);
        return back(response, paid.browserTo);
      }
      if (request.method === 'GET' && url.pathname === '/quikpay') {
        // QuikPAY's signed redirect: its parameters in the order they came, then `hash`.
        const fields = [...url.searchParams].map(([name, value]) => ({ name, value }));
        if (!nelnet.receiveRedirect(fields).ok) return send(response, 400, 'QuikPAY: bad hash');
        const order = url.searchParams.get('orderNumber') ?? '';
        const cents = Number(url.searchParams.get('amount'));
        const amount = (cents / 100).toFixed(2);
        return send(response, 200, page('QuikPAY test site', amount, '/quikpay/pay', { order }));
      }
      if (request.method === 'POST' && url.pathname === '/quikpay/pay') {
        const { order = '', outcome } = await bodyOf(request);
        const to = nelnet.pay(order, new Date(), outcome === 'pay' ? '1' : '2');
        // Commerce Manager's real-time notification: the same signed values, server to server.
        await post(
          `${doubles.portal}/api/payments/nelnet/notify`,
          Object.fromEntries(to.searchParams),
        );
        return back(response, to.href);
      }
      send(response, 404, 'Not found');
    })().catch((error: unknown) => send(response, 500, String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(doubles, {
    url: `http://127.0.0.1:${port}`,
    touchnet,
    nelnet,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

import type { PaymentHandoff } from '../../contract/payments.schema.js';

/**
 * Issue 89: the browser goes to the provider's page: uPay's by a form posted with the payment's
 * fields (its guide's "Passing Parameters"), QuikPAY's by a redirect carrying them in the address.
 */
export function handOffTo(handoff: PaymentHandoff, page: Document = document): void {
  if (handoff.method === 'GET') {
    const url = new URL(handoff.url);
    for (const field of handoff.fields) url.searchParams.append(field.name, field.value);
    page.location.assign(url.href);
    return;
  }
  const form = page.createElement('form');
  form.method = 'post';
  form.action = handoff.url;
  form.hidden = true;
  for (const field of handoff.fields) {
    const input = page.createElement('input');
    input.type = 'hidden';
    input.name = field.name;
    input.value = field.value;
    form.append(input);
  }
  page.body.append(form);
  form.submit();
}

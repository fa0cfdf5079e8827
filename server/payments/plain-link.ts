import type { PaymentPort } from './port.js';

/**
 * A campus with another payment site (issue 89): the portal opens the campus's payment address
 * (`finances.payOnline`), as it always has. The site tells the portal nothing, so no payment is
 * recorded: the balance shows what the student information system says.
 */
export function plainLinkProvider(payOnline: string): PaymentPort<'link'> {
  return {
    kind: 'link',
    handoff: () => ({ method: 'GET' as const, url: payOnline, fields: [] }),
  };
}

/** portal.md §1: currency is USD, shown in US English. */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** An amount in dollars as "$1,250.00"; a negative one (a credit) as "-$1,250.00"; zero as "$0.00". */
export function formatUsd(amount: number): string {
  // -0 would print as "-$0.00".
  return usd.format(amount === 0 ? 0 : amount);
}

import { expectNoAxeViolations } from './axe.js';
import { startPaymentDoubles, NELNET_SECRET, UPAY_SITE } from './payment-doubles.js';
import type { PaymentDoubles } from './payment-doubles.js';
import { expect, startFileServer, test as fileTest } from './server.js';
import type { FileServer } from './server.js';
import { signInAs } from './sign-in.js';

/** The portal's settings for each provider, pointed at its double (docs/operations.md "Payments"). */
const settings = {
  touchnet: (doubles: PaymentDoubles) => ({
    PAYMENT_PROVIDER: 'touchnet',
    UPAY_URL: `${doubles.url}/upay`,
    UPAY_SITE_ID: UPAY_SITE.siteId,
    UPAY_VALIDATION_KEY: UPAY_SITE.validationKey,
    UPAY_POSTING_KEY: UPAY_SITE.postingKey,
  }),
  nelnet: (doubles: PaymentDoubles) => ({
    PAYMENT_PROVIDER: 'nelnet',
    NELNET_URL: `${doubles.url}/quikpay`,
    NELNET_ORDER_TYPE: 'Tuition',
    NELNET_SECRET,
  }),
};

/**
 * Issue 89, "Paying the bill", against the provider's double: the student pays part of the balance,
 * the double posts the result to the portal, and Finances shows it received; a browser sent
 * straight to the success link with no posting shows "Waiting for confirmation", never paid. At
 * 390 px, axe finding nothing on Finances either time.
 */
export function paymentJourneys(provider: keyof typeof settings) {
  // The file's one server, set up for the provider and its double; Finances at a phone's width.
  const test = fileTest.extend<object, { paying: FileServer }>({
    paying: [
      // eslint-disable-next-line no-empty-pattern
      async ({}, give) => {
        const doubles = await startPaymentDoubles();
        const server = await startFileServer(`payments-${provider}`, (url) => ({
          PUBLIC_ORIGIN: url,
          ...settings[provider](doubles),
        }));
        doubles.portal = server.url;
        await give(server);
        await server.stop();
        await doubles.close();
      },
      { scope: 'worker', timeout: 90_000 },
    ],
    baseURL: async ({ paying }, give) => give(paying.url),
  });
  test.use({ viewport: { width: 390, height: 844 } });

  test('the student pays part of their balance, the provider posts it, and Finances shows it received', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signInAs(page, 'Student', '/finances');
    const pay = page.getByRole('region', { name: 'Pay your bill' });
    await pay.getByLabel(/Amount in dollars/).fill('250');
    await pay.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByText('Amount: $250.00')).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL((url) => url.pathname === '/finances');
    const made = page.getByRole('region', { name: 'Payments made here' });
    await expect(made.locator('.payment-notice')).toHaveText(
      /^Payment received: \$250\.00 on .+\. Your balance updates when the student accounts office posts it\.$/,
    );
    await expect(made.getByText(/^Provider reference: /)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a browser sent straight to the success link with no posting shows "Waiting for confirmation", never paid', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signInAs(page, 'Student', '/finances');
    const pay = page.getByRole('region', { name: 'Pay your bill' });
    await pay.getByLabel(/Amount in dollars/).fill('10');
    await pay.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByText('Amount: $10.00')).toBeVisible();
    await page.goto('/api/payments/return/success');
    const made = page.getByRole('region', { name: 'Payments made here' });
    await expect(made.locator('.payment-notice')).toHaveText(
      'Waiting for confirmation from the payment provider.',
    );
    await expect(made.getByText(/Payment received: \$10\.00/)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}

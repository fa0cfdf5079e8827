import { emailedLink } from './outbox.js';
import type { Page } from '@playwright/test';
import { ETHOS_KEY, FakeEthos } from '../tests/fake-ethos/fake-ethos.js';
import { BANNER_ID } from '../tests/fake-ethos/fixtures-finance.js';
import { ID } from '../tests/fake-ethos/fixture-ids.js';
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

/** The parent the student shares Finances with (issue 89: families pay). */
const PARENT = 'maria.valencia@example.com';

/**
 * The student shares Finances with a parent, who accepts and signs in by the emailed links (read
 * in the outbox as staff): the parent's page, signed in as a delegate.
 */
async function parentSignedIn(student: Page, staff: Page, parent: Page) {
  const { auth_token: token } = (await (await student.request.get('/api/users/user')).json()) as {
    auth_token: string;
  };
  const until = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const shared = await student.request.post('/api/delegations', {
    headers: { authorization: `Token ${token}` },
    data: {
      name: 'María Valencia',
      email: PARENT,
      categories: ['finances'],
      purpose: 'Paying tuition and fees',
      until,
    },
  });
  expect(shared.status()).toBe(201);
  await parent.goto(
    await emailedLink(staff, '', PARENT, /invites you to see part of their student record/),
  );
  await parent.getByRole('button', { name: 'Accept the invitation' }).click();
  await parent.goto(await emailedLink(staff, '', PARENT, /Your sign-in link/));
  await parent.getByRole('button', { name: 'Sign in' }).click();
  await parent.waitForURL((url) => url.pathname === '/finances');
}

/** The poll of Ethos's change notifications is every 20 s: a change is told within 90 s. */
const WITHIN = 90_000;

/** Pays `dollars` from Finances on the provider's double's page (its Pay posts the result). */
async function pay(page: Page, dollars: string) {
  const form = page.getByRole('region', { name: 'Pay your bill' });
  await form.getByLabel(/Amount in dollars/).fill(dollars);
  await form.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText(`Amount: $${dollars}.00`)).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL((url) => url.pathname === '/finances');
}

/**
 * Issue 89, "Paying the bill", against the provider's double, on the Ethos adapter and its double
 * (the student's account: Banner's `account-detail-reviews`, 1,250.50 due): the student pays part of
 * the balance, the double posts the result to the portal, and Finances shows it received; the
 * student accounts office posts it in Ethos (the balance drops, nothing due): the payment shows
 * posted and "Pay your term bill" is completed by the record. A browser sent straight to the
 * success link with no posting shows "Waiting for confirmation", never paid. At 390 px, axe finding
 * nothing on Finances each time.
 */
export function paymentJourneys(provider: keyof typeof settings) {
  // The file's one server, set up for the provider and its double; Finances at a phone's width.
  const test = fileTest.extend<object, { paying: { server: FileServer; ethos: FakeEthos } }>({
    paying: [
      // eslint-disable-next-line no-empty-pattern
      async ({}, give) => {
        const doubles = await startPaymentDoubles();
        const ethos = await FakeEthos.start();
        const server = await startFileServer(`payments-${provider}`, (url) => ({
          PUBLIC_ORIGIN: url,
          SIS_ADAPTER: 'ethos',
          ETHOS_BASE_URL: ethos.url,
          ETHOS_API_KEY: ETHOS_KEY,
          ETHOS_CONSUME: '1',
          ...settings[provider](doubles),
        }));
        doubles.portal = server.url;
        await give({ server, ethos });
        await server.stop();
        await ethos.close();
        await doubles.close();
      },
      { scope: 'worker', timeout: 90_000 },
    ],
    baseURL: async ({ paying }, give) => give(paying.server.url),
  });
  test.use({ viewport: { width: 390, height: 844 } });

  test("the dashboard's balance line says the amount due, and its Pay opens Finances' Pay form", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signInAs(page, 'Student', '/');
    const balance = page.locator('.balance-line');
    await expect(balance).toContainText('Amount due: $1,250.50');
    await expectNoAxeViolations(page);
    await balance.getByRole('link', { name: 'Pay your bill' }).click();
    await page.waitForURL((url) => url.pathname === '/finances' && url.hash === '#pay');
    await expect(
      page.getByRole('region', { name: 'Pay your bill' }).getByLabel(/Amount in dollars/),
    ).toBeVisible();
  });

  test('the student pays part of their balance, the provider posts it, and Finances shows it received', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signInAs(page, 'Student', '/finances');
    await pay(page, '250');
    const made = page.getByRole('region', { name: 'Payments made here' });
    await expect(made.locator('.payment-notice')).toHaveText(
      /^Payment received: \$250\.00 on .+\. Your balance updates when the student accounts office posts it\.$/,
    );
    await expect(made.getByText(/^Provider reference: /)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("a parent the student shared Finances with pays from the drawn Finances page with scripts off: the provider's page takes the amount, the payment is the student's, started by the parent", async ({
    browser,
    page,
  }) => {
    test.setTimeout(120_000);
    await signInAs(page, 'Student', '/finances');
    const staff = await (await browser.newContext()).newPage();
    await signInAs(staff, 'Staff', '/admin');
    const parent = await (await browser.newContext()).newPage();
    await parentSignedIn(page, staff, parent);
    // The same parent in a browser that runs no scripts: the page the server drew, its plain form.
    const plain = await (
      await browser.newContext({
        javaScriptEnabled: false,
        storageState: await parent.context().storageState(),
        viewport: { width: 390, height: 844 },
      })
    ).newPage();
    await plain.goto('/finances');
    const form = plain.getByRole('region', { name: 'Pay your bill' });
    await form.getByLabel('Another amount').check();
    await form.getByLabel(/Amount in dollars/).fill('75');
    await form.getByRole('button', { name: 'Pay' }).click();
    // uPay takes a POST: a page whose one button posts the browser on; QuikPAY, a redirect.
    const onward = plain.getByRole('button', { name: 'Continue to pay' });
    if (provider === 'touchnet') await onward.click();
    await expect(plain.getByText('Amount: $75.00')).toBeVisible();
    // The student's payments list it, started by the parent.
    await page.goto('/finances');
    const made = page.getByRole('region', { name: 'Payments made here' });
    await expect(made).toContainText('$75.00');
    await expect(made).toContainText('Made by someone you share Finances with.');
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

  test('the student accounts office posts the payment in Ethos: Finances shows it posted and "Pay your term bill" is completed by the record', async ({
    page,
    paying: { ethos },
  }) => {
    test.setTimeout(5 * 60_000);
    await signInAs(page, 'Student', '/finances');
    // The student's record as it stands, before the change (the baseline a notification naming them takes).
    const reads = () => ethos.calls.filter((c) => c.url.includes('account-detail-reviews')).length;
    const before = reads();
    ethos.publish('persons', ID.student, { id: ID.student }, 'updated');
    await expect.poll(reads, { timeout: WITHIN, intervals: [1_000] }).toBeGreaterThan(before);
    await expect.poll(() => ethos.pendingChanges(), { timeout: 10_000 }).toBe(0);

    await pay(page, '300');
    const made = page.getByRole('region', { name: 'Payments made here' });
    await expect(made.locator('.payment-notice')).toHaveText(/^Payment received: \$300\.00 on /);

    // Posted in Banner, and aid covers the rest: nothing due; Ethos says a payment changed.
    const [review] = ethos.businessProcess['account-detail-reviews']?.[BANNER_ID] ?? [];
    const control = review && 'TBRACCD_CTRL' in review ? review.TBRACCD_CTRL : undefined;
    if (!Array.isArray(control) || !control[0])
      throw new Error('the double has no account summary');
    Object.assign(control[0], { accountBalance: 0, amountDue: 0 });
    const posted = Date.now();
    ethos.publish(
      'student-payments',
      'pa000000-0000-4000-8000-000000000002',
      {
        student: { id: ID.student },
      },
      'created',
    );
    await expect(async () => {
      await page.goto('/finances');
      await expect(
        made.getByText('Posted to your account: the balance shows it.').first(),
      ).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: WITHIN, intervals: [3_000] });
    expect(Date.now() - posted).toBeLessThanOrEqual(WITHIN);
    await expectNoAxeViolations(page);

    await page.goto('/next-steps/task?show=done');
    const list = page.getByRole('list', { name: 'Tasks' });
    await expect(list.getByText('Pay your term bill', { exact: true })).toBeVisible();
    await expect(list.getByText('Completed: your record changed', { exact: true })).toBeVisible();
  });
}

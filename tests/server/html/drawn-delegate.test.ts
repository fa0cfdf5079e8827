import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfFor } from '../../../server/plugins/session-tokens.js';
import { signIn } from '../helpers/app.js';
import { relativeSharedWith } from '../helpers/delegate.js';
import {
  NAVIGATION,
  builtWith,
  drawnBlock,
  openDrawn,
  rootText,
  startDrawing,
} from './drawn-pages.js';

/**
 * Issue 89 (families pay without scripts): a delegate the student shared Finances with gets
 * Finances drawn by the server, as the student does, in capacity `delegate` (their bar, the shared
 * sections, the student's account), with the Pay form's CSRF field their own session's; a section
 * not shared goes out undrawn and carries nothing of the student's.
 */
describe.skipIf(!builtWith('portal-render.js'))('a delegate’s page drawn by the server', () => {
  let app: FastifyInstance;
  let cookie: string;
  let session: string;

  beforeAll(async () => {
    app = await startDrawing({
      PAYMENT_PROVIDER: 'nelnet',
      NELNET_URL: 'https://quikpay.example.edu/pay',
      NELNET_ORDER_TYPE: 'Tuition',
      NELNET_SECRET: 'a-shared-secret-for-tests',
    });
    await signIn(app, 'student');
    const shared = await relativeSharedWith(app, 'finances', new Date());
    session = shared.session;
    cookie = `${shared.cookie}; portal_delegate_csrf=${csrfFor(session)}`;
  }, 60_000);
  afterAll(async () => app.close());

  it('Finances shared: drawn with the delegate’s bar, the student’s account and a Pay form carrying the delegate’s own CSRF token', async () => {
    const page = await openDrawn(app, '/finances', { ...NAVIGATION, cookie });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const text = rootText(page.body);
    expect(text).toContain('Account summary');
    expect(text).not.toContain('Loading');
    expect(drawnBlock(page.body)).not.toBeNull();
    expect(text).toMatch(/Ana Valencia shared Finances and holds with you until/);
    expect(page.body).toContain(`name="csrf" value="${csrfFor(session)}"`);
  }, 60_000);

  it('a section not shared (Academics) goes out undrawn, carrying nothing of the student’s', async () => {
    const page = await openDrawn(app, '/academics', { ...NAVIGATION, cookie });
    expect(drawnBlock(page.body)).toBeNull();
    expect(page.body).not.toContain('Ana Valencia');
  }, 60_000);

  it('Next Steps shared (issue 88): its list drawn in delegate capacity with their bar and the student’s tasks, no settings; not shared, undrawn and carrying nothing', async () => {
    const shared = await relativeSharedWith(app, 'next-steps', new Date());
    const page = await openDrawn(app, '/next-steps/', { ...NAVIGATION, cookie: shared.cookie });
    expect(page.statusCode).toBe(200);
    expect(drawnBlock(page.body)).not.toBeNull();
    const text = rootText(page.body);
    expect(text).toMatch(/Ana Valencia shared Next Steps with you until/);
    expect(text).toContain('Submit your FAFSA');
    expect(page.body).not.toContain('href="/next-steps/preferences"');
    const unshared = await openDrawn(app, '/next-steps/', { ...NAVIGATION, cookie });
    expect(drawnBlock(unshared.body)).toBeNull();
    expect(unshared.body).not.toContain('Submit your FAFSA');
  }, 60_000);
});

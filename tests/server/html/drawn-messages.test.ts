import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPersona } from '../../../server/sis/personas.js';
import { signIn } from '../helpers/app.js';
import {
  NAVIGATION,
  builtWith,
  drawnBlock,
  openDrawn,
  rootText,
  startDrawing,
} from './drawn-pages.js';

const MANY = 10_000;

/** Issue 87: the server-drawn Messages of a student with 10,000 messages holds their first page. */
describe.skipIf(!builtWith('portal-render.js'))('a drawn Messages of 10,000 (issue 87)', () => {
  let app: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    app = await startDrawing();
    cookie = (await signIn(app, 'student')).cookie;
    const username = findPersona('student').username;
    const at = Date.now() - 86_400_000;
    for (let i = 0; i < MANY; i += 1) {
      await app.repositories.messages.create({
        audience: 'person',
        username,
        title: `Message ${i}`,
        body: `Body of message ${i}: ${'a reminder about something the university wants you to know. '.repeat(3)}`,
        created_on: new Date(at - i * 60_000),
      });
    }
  }, 180_000);
  afterAll(async () => app.close());

  it('is drawn with the first page and "Show more messages", under 200 kB', async () => {
    const page = await openDrawn(app, '/messages', { ...NAVIGATION, cookie });
    const started = performance.now();
    const again = await app.inject({ url: '/messages', headers: { ...NAVIGATION, cookie } });
    const ms = performance.now() - started;
    expect(drawnBlock(page.body)).not.toBeNull();
    const text = rootText(again.body);
    expect(text).toContain('Message 0');
    expect(text).toContain('Show more messages');
    expect(text).not.toContain(`Message ${MANY - 1}`);
    // The count is of all of them, not of the page.
    expect(text).toMatch(/10,?0\d\d unread/);
    const kb = Buffer.byteLength(again.body) / 1000;
    console.info(
      `drawn /messages for ${MANY} messages: ${kb.toFixed(1)} kB in ${ms.toFixed(0)} ms`,
    );
    expect(kb).toBeLessThan(200);
  }, 120_000);
});

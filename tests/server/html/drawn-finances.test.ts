import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/app.js';
import {
  NAVIGATION,
  builtWith,
  drawnBlock,
  openDrawn,
  rootText,
  startDrawing,
} from './drawn-pages.js';

/**
 * Issue 87: Finances is drawn by the server as the other pages are, in the reader's language, its
 * sections with their answers: with scripts off it never shows "Loading…", and nothing arrives
 * after to move it.
 */
describe.skipIf(!builtWith('portal-render.js'))('Finances drawn by the server (issue 87)', () => {
  let app: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    app = await startDrawing();
    cookie = (await signIn(app, 'student')).cookie;
  }, 60_000);
  afterAll(async () => app.close());

  it("a student's Finances arrives drawn in English: the account summary and the financial aid with their answers, no loading line, for them alone", async () => {
    const page = await openDrawn(app, '/finances', { ...NAVIGATION, cookie });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(drawnBlock(page.body)).not.toBeNull();
    expect(page.body).toMatch(/<html lang="en"/);
    const text = rootText(page.body);
    expect(text).toContain('Finances');
    expect(text).toContain('Account summary');
    expect(text).toContain('Financial aid');
    expect(text).toContain('Balance');
    expect(text).toContain('Pay and get help');
    expect(text).not.toContain('Loading');
  }, 60_000);

  it('in Spanish the server draws Finances in Spanish, with no English loading line', async () => {
    const page = await openDrawn(app, '/finances', {
      ...NAVIGATION,
      cookie,
      'accept-language': 'es',
    });
    expect(drawnBlock(page.body)).not.toBeNull();
    expect(page.body).toMatch(/<html lang="es"/);
    const text = rootText(page.body);
    expect(text).toContain('Finanzas');
    expect(text).toContain('Resumen de la cuenta');
    expect(text).toContain('Ayuda financiera');
    expect(text).not.toContain('Loading');
    expect(text).not.toContain('Cargando');
  }, 60_000);

  it('an employee’s Finances arrives drawn with its note for employees', async () => {
    const staff = (await signIn(app, 'staff')).cookie;
    const page = await openDrawn(app, '/finances', { ...NAVIGATION, cookie: staff });
    expect(drawnBlock(page.body)).not.toBeNull();
    const text = rootText(page.body);
    expect(text).toContain('This page is for students');
    expect(text).not.toContain('Loading');
  }, 60_000);
});

import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminAs } from '../routes/admin/admin-client.js';
import { inboundApp } from './inbound-helpers.js';

/** The opening tag of the element whose id is `id`. */
const tagOf = (html: string, id: string) => {
  const at = html.indexOf(`id="${id}"`);
  const start = html.lastIndexOf('<', at);
  return html.slice(start, html.indexOf('>', at) + 1);
};

describe('the Publishers pages say what happened, in words, where focus lands (issue 76)', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await inboundApp();
    await app.repositories.grants.put('mchen', 'superuser', null, new Date());
  });
  afterEach(async () => app.close());

  it('a refused publisher: each field’s error in plain words, tied to its field, the summary focused', async () => {
    const root = await adminAs(app, 'staff');
    const form = (await root.get('/admin/publishers')).body;
    // Every form posts to an address whose fragment is where the answer puts its outcome.
    expect(form).toContain('action="/admin/publishers#outcome"');

    const refused = await root.form('/admin/publishers', [
      ['name', 'Housing Office'],
      ['label', ''],
      ['maxRecipients', '0'],
    ]);
    expect(refused.statusCode).toBe(400);
    const html = refused.body;
    expect(html).not.toMatch(/Too small|Too big|expected|Invalid/);
    const words = {
      name: 'Give a name of 2 to 40 lower-case letters, digits or hyphens, starting with a letter (for example housing).',
      label: 'Say what students see it as, in 100 characters at most.',
      scopes: 'Choose at least one scope: what the publisher may post.',
      maxRecipients: 'Give the most recipients per item as a whole number from 1 to 1,000,000.',
    };
    for (const [field, text] of Object.entries(words)) {
      // In the summary, linking to the field, and beside the field under its id.
      expect(html).toContain(`<a href="#f-${field}">${text.replace(/'/g, '&#x27;')}</a>`);
      expect(html).toContain(`<p class="error" id="f-${field}-error">${text}</p>`);
    }
    // The text boxes are invalid and described by their error.
    expect(tagOf(html, 'f-name')).toContain('aria-invalid="true"');
    expect(tagOf(html, 'f-name')).toMatch(/aria-describedby="[^"]*f-name-error/);
    expect(tagOf(html, 'f-label')).toContain('aria-describedby="f-label-error"');
    // The Scopes question (a fieldset) and each of its boxes carry the error.
    expect(tagOf(html, 'f-scopes')).toContain('aria-describedby="f-scopes-error"');
    expect(tagOf(html, 'f-scopes')).toContain('tabindex="-1"');
    const box = tagOf(html, 'f-scopes-0');
    expect(box).toContain('aria-describedby="f-scopes-error"');
    expect(box).toContain('aria-invalid="true"');
    // Focus lands on the summary: the fragment's target, focusable and autofocused.
    const summary = tagOf(html, 'outcome');
    expect(summary).toContain('role="alert"');
    expect(summary).toContain('tabindex="-1"');
    expect(summary).toContain('autofocus=""');
    expect(html.match(/autofocus/g)).toHaveLength(1);
  });

  it('a publisher added is confirmed, and its key issued is shown once with how to copy it, each focused', async () => {
    const root = await adminAs(app, 'staff');
    const created = await root.form('/admin/publishers', [
      ['name', 'housing'],
      ['label', 'Housing'],
      ['scopes', 'tasks:write'],
      ['maxRecipients', '50'],
    ]);
    expect(created.statusCode).toBe(303);
    // The redirect names no fragment: the browser keeps the form's (#outcome).
    expect(created.headers.location).toMatch(/^\/admin\/publishers\/\d+\?done=created$/);
    const page = (created.headers.location ?? '').replace(/\?.*/, '');

    const added = (await root.get(created.headers.location ?? '')).body;
    const status = tagOf(added, 'outcome');
    expect(status).toContain('role="status"');
    expect(status).toContain('tabindex="-1"');
    expect(status).toContain('autofocus=""');
    expect(added).toContain(
      'Publisher Housing added. Issue its first key below: its system needs one to publish.',
    );
    expect(added).toContain(`action="${page}/keys#outcome"`);
    // Without ?done= there is nothing to confirm.
    expect((await root.get(page)).body).not.toContain('id="outcome"');

    const issued = await root.form(`${page}/keys`, []);
    expect(issued.statusCode).toBe(201);
    const key = tagOf(issued.body, 'outcome');
    expect(key).toContain('role="status"');
    expect(key).toContain('autofocus=""');
    expect(issued.body).toContain('<h2>Key issued</h2>');
    expect(issued.body).toContain('it is shown only this once, and only its hash is kept.');
    expect(issued.body).toContain('Click the key to select all of it, then copy it');
    expect(issued.body).toMatch(/data-new-key="true">cpk_housing_/);

    const saved = await root.form(page, [
      ['label', 'Housing Office'],
      ['scopes', 'tasks:write'],
      ['maxRecipients', '50'],
    ]);
    expect(saved.headers.location).toBe(`${page}?done=saved`);
    expect((await root.get(`${page}?done=saved`)).body).toContain(
      'Changes to Housing Office saved. They hold from its next call.',
    );
  });

  it('a refused change on the publisher’s page: plain words, the summary focused', async () => {
    const root = await adminAs(app, 'staff');
    const created = await root.form('/admin/publishers', [
      ['name', 'library'],
      ['label', 'Library'],
      ['scopes', 'messages:write'],
    ]);
    const page = (created.headers.location ?? '').replace(/\?.*/, '');
    const refused = await root.form(page, [['label', 'Library']]);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Choose at least one scope: what the publisher may post.');
    expect(tagOf(refused.body, 'outcome')).toContain('autofocus=""');
    expect(tagOf(refused.body, 'f-scopes-0')).toContain('aria-invalid="true"');
  });
});

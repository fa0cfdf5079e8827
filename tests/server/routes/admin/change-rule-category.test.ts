import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.js';
import { adminAs } from './admin-client.js';

// Issue 87: a rule saved while no Next Steps category existed opened nothing, with only a log line
// to say why. A store without the sample data starts with no category.
let app: FastifyInstance;
let staff: Awaited<ReturnType<typeof adminAs>>;
beforeEach(async () => {
  app = await createTestApp({ env: { SEED_SAMPLES: '0' } });
  staff = await adminAs(app, 'staff');
});
afterEach(async () => app.close());

const NO_CATEGORY =
  'There is no Next Steps category yet, so this rule would open no task: add one under Task choices (/admin/choices) first, then save the rule again.';
const rule = (over: Record<string, string> = {}): Array<[string, string]> =>
  Object.entries({
    opens: 'class-dropped',
    closes: '',
    code: '',
    title: 'Find a replacement class',
    body: 'One of your classes was dropped or cancelled. Find another before the add deadline.',
    link: '/academics',
    category: '',
    due_in_days: '7',
    ...over,
  });
const addCategory = () =>
  staff.form('/admin/choices/category', [
    ['name', 'Registration'],
    ['slug', 'registration'],
  ]);
const stored = () => app.repositories.changeRules.list();

describe('a change rule needs a Next Steps category to open its task in', () => {
  it('the change rules page and the new rule form say up front that a category must exist first, with a link to where categories are made', async () => {
    for (const path of ['/admin/change-rules', '/admin/change-rules/new']) {
      const page = await staff.get(path);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('A rule opens its task in a Next Steps category');
      expect(page.body).toContain(
        '<a href="/admin/choices#h-category">Add a category under Task choices</a>',
      );
    }
    expect((await addCategory()).statusCode).toBe(303);
    expect((await staff.get('/admin/change-rules/new')).body).not.toContain('id="no-category"');
  });

  it('saving a rule while no category exists is refused on the form, what was typed kept and nothing stored; the same save succeeds once a category exists', async () => {
    const refused = await staff.form('/admin/change-rules', rule());
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(NO_CATEGORY);
    expect(refused.body).toContain('value="Find a replacement class"');
    expect(refused.body).toContain('One of your classes was dropped or cancelled.');
    expect(await stored()).toEqual([]);
    expect(await app.repositories.audit.search({ kind: 'change-rule', limit: 1 })).toEqual([]);

    const script = await staff.json('POST', '/admin/change-rules', {
      ...Object.fromEntries(rule()),
      closes: null,
      code: null,
      category: null,
      due_in_days: 7,
    });
    expect(script.statusCode).toBe(400);
    expect(script.json()).toMatchObject({ fields: { category: NO_CATEGORY } });
    expect(await stored()).toEqual([]);

    await addCategory();
    const saved = await staff.form('/admin/change-rules', rule());
    expect(saved.statusCode).toBe(303);
    expect((await stored()).map((r) => r.title)).toEqual(['Find a replacement class']);
  });

  it('editing a rule stored while no category existed is refused the same way, its version unchanged, until one exists', async () => {
    const old = await app.repositories.changeRules.create(
      {
        opens: 'hold-added',
        closes: 'hold-removed',
        code: 'RH',
        title: 'Clear your registration hold',
        body: 'See your Account page.',
        link: '/account#holds',
        category: null,
        due_in_days: 14,
      },
      new Date(),
    );
    const path = `/admin/change-rules/${old.id}`;
    const edit: Array<[string, string]> = [...rule({ title: 'Clear the hold' }), ['version', '1']];
    const refused = await staff.form(path, edit);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(NO_CATEGORY);
    expect(refused.body).toContain('value="Clear the hold"');
    expect(await app.repositories.changeRules.find(old.id)).toMatchObject({
      title: 'Clear your registration hold',
      version: 1,
    });

    await addCategory();
    expect((await staff.form(path, edit)).statusCode).toBe(303);
    expect(await app.repositories.changeRules.find(old.id)).toMatchObject({
      title: 'Clear the hold',
      version: 2,
    });
  });

  it('a rule naming a category that does not exist is refused, naming the field', async () => {
    await addCategory();
    const refused = await staff.form('/admin/change-rules', rule({ category: 'Advising' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(
      'There is no Next Steps category by this name: choose one of the categories.',
    );
    expect(await stored()).toEqual([]);
    const bySlug = await staff.form('/admin/change-rules', rule({ category: 'registration' }));
    expect(bySlug.statusCode).toBe(303);
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminErrorSchema } from '../../../../contract/admin/admin.schema.js';
import { createTestApp } from '../../helpers/app.js';
import { adminAs } from './admin-client.js';
import { post } from './post-input.js';

let app: FastifyInstance;
let staff: Awaited<ReturnType<typeof adminAs>>;
beforeAll(async () => {
  app = await createTestApp();
  staff = await adminAs(app, 'staff');
});
afterAll(async () => app.close());

describe('a post body is bounded in depth before any parser reads it', () => {
  it.each([
    ['48,000 characters of nested <b>', '<b>'.repeat(16_000)],
    ['nested <b> closed at the end', `${'<b>'.repeat(6_000)}x${'</b>'.repeat(6_000)}`],
    ['a quote 16,000 levels deep', '>'.repeat(16_000)],
    ['a list item holding a list 8,000 times', `${'- '.repeat(8_000)}x`],
    [
      'a list indented 150 levels',
      Array.from({ length: 150 }, (_, i) => `${' '.repeat(i * 2)}- x`).join('\n'),
    ],
    ['3,200 nested <div>', '<div>'.repeat(3_200)],
  ])('%s answers 400 with {detail} at once, not 500 or a blocked process', async (_name, body) => {
    const started = performance.now();
    const response = await staff.json('POST', '/admin/posts', post({ body_markdown: body }));
    expect(response.statusCode).toBe(400);
    const answer = adminErrorSchema.parse(response.json());
    expect(answer.detail).toMatch(/body_markdown/);
    expect(answer.fields?.body_markdown).toMatch(/at most 32 levels/);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('the form shows the editor what to change, with the body kept as typed', async () => {
    const response = await staff.form('/admin/posts', [
      ...Object.entries(post()).flatMap(([k, v]) =>
        typeof v === 'string' && k !== 'body_markdown' ? [[k, v] as [string, string]] : [],
      ),
      ['body_markdown', '> '.repeat(200)],
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('at most 32 levels');
  });

  it('while a long body converts, the event loop never stands still a second', async () => {
    await staff.json('POST', '/admin/posts', post({ body_markdown: 'warm' }));
    let last = performance.now();
    let stallMs = 0;
    const sampler = setInterval(() => {
      const now = performance.now();
      stallMs = Math.max(stallMs, now - last);
      last = now;
    }, 10);
    const saved = await staff.json(
      'POST',
      '/admin/posts',
      post({ body_markdown: '<b>x</b>'.repeat(6_000) }),
    );
    clearInterval(sampler);
    stallMs = Math.max(stallMs, performance.now() - last);
    expect(saved.statusCode).toBe(201);
    expect(stallMs).toBeLessThan(1_000);
  }, 60_000);
});

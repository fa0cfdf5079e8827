import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { operationIdOf, tagOf } from '../../../server/openapi/operations.js';
import { createTestApp } from '../helpers/app.js';
import { inlineStylesOf, styleHash } from '../../../server/openapi/docs-styles.js';

let app: FastifyInstance;
afterEach(async () => app.close());

const operationSchema = z.object({
  operationId: z.string().min(1),
  tags: z.array(z.string()).min(1),
  summary: z.string().min(1),
  security: z.array(z.record(z.string(), z.array(z.string()))),
  responses: z.record(
    z.string(),
    z.object({
      description: z.string(),
      content: z.record(z.string(), z.object({ schema: z.unknown() })).optional(),
    }),
  ),
});
const documentSchema = z.object({
  paths: z.record(z.string(), z.record(z.string(), operationSchema)),
  tags: z.array(z.object({ name: z.string(), description: z.string() })),
});

async function documentOf(target: FastifyInstance) {
  return documentSchema.parse((await target.inject({ url: '/api/openapi.json' })).json());
}

describe('the OpenAPI document', () => {
  it('every operation has a unique operationId, a declared tag, a summary and a security requirement', async () => {
    app = await createTestApp();
    const doc = await documentOf(app);
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    expect(operations.length).toBeGreaterThan(30);
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const declared = new Set(doc.tags.map((t) => t.name));
    for (const op of operations) for (const tag of op.tags) expect(declared).toContain(tag);
  });

  it('a token-guarded read declares 401 and 429 with the error schema; a public one needs no credentials', async () => {
    app = await createTestApp();
    const doc = await documentOf(app);
    const holds = doc.paths['/api/integrations/finti/holds']?.get;
    expect(holds?.security).toEqual([{ token: [] }]);
    for (const status of ['401', '429']) {
      const schema = z
        .object({ required: z.array(z.string()) })
        .parse(holds?.responses[status]?.content?.['application/json']?.schema);
      expect(schema.required).toEqual(['detail']);
    }
    expect(doc.paths['/api/campus']?.get?.security).toEqual([]);
    expect(doc.paths['/api/demo-state']?.post?.security).toEqual([{ cookie: [], csrf: [] }]);
    // The two user calls: the session cookie alone (requireCookie), no CSRF token.
    expect(doc.paths['/api/users/user']?.get?.security).toEqual([{ cookie: [] }]);
    expect(doc.paths['/next-steps/api/user/']?.get?.security).toEqual([{ cookie: [] }]);
  });

  it('a route added without any documentation is described from its path, guard and schemas', async () => {
    app = await createTestApp();
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/examples/:id',
      {
        preHandler: app.requireToken,
        config: { access: 'publisher' },
        schema: { params: z.object({ id: z.string() }) },
      },
      async () => ({}),
    );
    const op = (await documentOf(app)).paths['/api/examples/{id}']?.get;
    expect(op).toMatchObject({
      operationId: 'getExamplesById',
      tags: ['examples'],
      security: [{ token: [] }],
    });
    expect(Object.keys(op?.responses ?? {})).toEqual(
      expect.arrayContaining(['400', '401', '404', '429']),
    );
  });

  it('names operations and tags from the path', () => {
    expect(operationIdOf('PATCH', '/next-steps/api/user_task/:id/')).toBe(
      'patchNextStepsUserTaskById',
    );
    expect(tagOf('/next-steps/api/user_task/')).toBe('next-steps');
    expect(tagOf('/api/integrations/finti/holds')).toBe('student-information');
    expect(tagOf('/api/psu_user_profile')).toBe('psu-user-profile');
  });
});

describe('the API reference page', () => {
  it('is served from this origin under the page policy: every script is same-origin, none inline', async () => {
    app = await createTestApp();
    const page = await app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    const csp = page.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe-inline');
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(body?.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attributes ?? '')?.[1] ?? '';
      expect(src).not.toMatch(/^(https?:)?\/\//);
      const url = new URL(src, 'http://portal.test/api/docs').pathname;
      const script = await app.inject({ url });
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toMatch(/javascript/);
    }
    expect(page.body).not.toMatch(/(href|src)="(https?:)?\/\//);
  });
});

describe('the API reference page’s styles', () => {
  it('are files, or inline styles its scripts create that the page policy allows by hash', async () => {
    app = await createTestApp();
    const page = await app.inject({ url: '/api/docs' });
    expect(page.body).not.toMatch(/<style\b|\sstyle=/i);
    const styleSrc = /style-src ([^;]*)/.exec(page.headers['content-security-policy'] ?? '')?.[1];
    expect(styleSrc).toBeDefined();
    expect(styleSrc).not.toContain('unsafe-inline');
    const sources = [...page.body.matchAll(/<script\b[^>]*src="([^"]+)"/g)].map((m) => m[1] ?? '');
    const inline: string[] = [];
    for (const src of sources) {
      const script = await app.inject({
        url: new URL(src, 'http://portal.test/api/docs').pathname,
      });
      inline.push(...inlineStylesOf(script.body));
    }
    // The top bar's SVG logo: refused before, with a style-src error in the console on every load.
    expect(inline.length).toBeGreaterThan(0);
    for (const text of inline) expect(styleSrc).toContain(styleHash(text));
  });
});

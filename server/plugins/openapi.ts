import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { describeOperation, guardsOf } from '../openapi/operations.js';
import { withTags } from '../openapi/document.js';
import { docsStyleHashes } from '../openapi/docs-styles.js';
import { cspDirectives } from './external/security.js';

export const DOCS_PREFIX = '/api/docs';

/**
 * The API contract: `/api/openapi.json` generated from the routes' zod schemas, every operation
 * completed by `describeOperation` (so routes added later are described without extra work), and its
 * reference page at `/api/docs`, served from this origin (no CDN) under the page policy.
 * Registered before any route: the generator learns routes as they are added.
 */
export default fp(
  async function openapi(app: FastifyInstance, opts: { production: boolean }) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Campus Portal API',
          version: '1.0.0',
          description: 'The API of the campus portal and Next Steps. Errors are JSON `{detail}`.',
          license: { name: 'Apache-2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' },
        },
        servers: [{ url: '/' }],
        components: {
          securitySchemes: {
            token: {
              type: 'apiKey',
              in: 'header',
              name: 'Authorization',
              description: '`Token <auth_token>` (the `auth_token` of `GET /api/users/user`)',
            },
            cookie: { type: 'apiKey', in: 'cookie', name: 'portal_session' },
            publisherKey: {
              type: 'http',
              scheme: 'bearer',
              description:
                'A publisher key, `cpk_<publisher>_…` (the inbound API: /admin/publishers)',
            },
            csrf: {
              type: 'apiKey',
              in: 'header',
              name: 'x-csrf-token',
              description: 'The `portal_csrf` cookie, sent back on cookie-authenticated changes',
            },
          },
        },
      },
      transform: ({ schema, url, route, ...document }) =>
        jsonSchemaTransform({
          schema: describeOperation(schema, route, guardsOf(app)),
          url,
          route,
          ...document,
        }),
      transformObject: (document) => withTags(document),
    });

    await app.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      // The page policy of the rest of the portal (API paths otherwise get "default-src 'none'"),
      // with the hashes of the inline styles Swagger UI's scripts create (openapi/docs-styles.ts).
      staticCSP: cspDirectives(opts.production, [], [], [], docsStyleHashes()),
      uiConfig: { validatorUrl: null, deepLinking: false },
      theme: { title: 'Campus Portal API' },
    });

    app.get(
      '/api/openapi.json',
      { config: { access: 'public' }, schema: { hide: true } },
      async () => app.swagger(),
    );
  },
  { name: 'openapi' },
);

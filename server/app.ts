import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import type { FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import client from './plugins/client.js';
import db from './plugins/db.js';
import errors from './plugins/errors.js';
import session from './plugins/session.js';
import type { SessionPolicy } from './plugins/session.js';
import authRoutes from './routes/auth/auth.routes.js';
import healthRoutes from './routes/health/health.routes.js';
import preferencesRoutes from './routes/preferences/preferences.routes.js';
import usersRoutes from './routes/users/users.routes.js';
import nextSteps from './next-steps/plugin.js';
import myNextStepsRoutes from './routes/mynextsteps/mynextsteps.routes.js';
import nextStepsChoicesRoutes from './routes/next-steps/choices.routes.js';
import nextStepsTaskRoutes from './routes/next-steps/tasks.routes.js';
import nextStepsUserRoutes from './routes/next-steps/user.routes.js';

export interface AppOptions {
  config: Config;
  database: Database;
  /** The time source; tests pass a fake clock. */
  clock?: () => Date;
  sessionPolicy?: SessionPolicy;
  logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    clock: () => Date;
  }
}

/** Builds the whole server. It never listens: server.ts does, tests call `app.inject()`. */
export async function buildApp(options: AppOptions) {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.nodeEnv === 'production',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('clock', options.clock ?? (() => new Date()));

  await app.register(swagger, {
    openapi: {
      info: { title: 'Campus Portal API', version: '1.0.0' },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(errors);
  await app.register(db, { database: options.database });
  await app.register(session, {
    secure: config.nodeEnv === 'production',
    ...(options.sessionPolicy ? { policy: options.sessionPolicy } : {}),
  });

  await app.register(healthRoutes);
  await app.register(authRoutes, { productName: 'Campus Portal' });
  await app.register(usersRoutes);
  await app.register(preferencesRoutes);
  await app.register(nextSteps);
  await app.register(nextStepsUserRoutes);
  await app.register(nextStepsTaskRoutes);
  await app.register(nextStepsChoicesRoutes);
  await app.register(myNextStepsRoutes);
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(client, { root: config.clientDir });
  return app;
}

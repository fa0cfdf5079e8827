/**
 * Fastify gives every request its own child logger (bound to the request id). Building one costs a
 * pino child per request even when the request logs nothing, which at the configured level (`warn` in
 * production) is nearly every request. This factory hands out a stand-in that builds the real child
 * the first time a line at an enabled level is written; lines below the level are dropped, as the
 * child would drop them. What a written line carries (request id, serializers) is unchanged.
 */
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Factory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
/** pino's levels (the app defines no others); `silent` writes nothing. */
const RANK: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};
const LEVELS: readonly Level[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

const ignore = () => undefined;

export const lazyRequestLogger: Factory = function lazyRequestLogger(logger, bindings, options) {
  let real: FastifyBaseLogger | undefined;
  const child = () => (real ??= logger.child(bindings, options));
  // The call as written (same arguments, same count), on the real child.
  const forward =
    (name: Level) =>
    (...args: unknown[]) => {
      const to = child();
      Reflect.apply(to[name], to, args);
    };
  // A route may set its own level (`logLevel`); it decides like the real child would.
  const level = options.level ?? logger.level;
  const threshold = RANK[level] ?? 0;
  const stand: Partial<FastifyBaseLogger> = {
    child: (more, moreOptions) => child().child(more, moreOptions),
    silent: ignore,
  };
  for (const name of LEVELS) stand[name] = RANK[name]! >= threshold ? forward(name) : ignore;
  Object.defineProperty(stand, 'level', {
    get: () => real?.level ?? level,
    // Setting a level makes the real child: from then on it decides every line.
    set: (value: string) => {
      child().level = value;
      for (const name of LEVELS) stand[name] = forward(name);
    },
  });
  // Every method Fastify and the routes call is set above (Fastify checks them when it takes one).
  return stand as FastifyBaseLogger;
};

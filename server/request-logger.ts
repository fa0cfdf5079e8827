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

type ChildOptions = Parameters<Factory>[2];
type Bindings = Parameters<Factory>[1];

/**
 * The stand-in's state lives on the instance, its methods on a prototype shared by every request at
 * the same level: building one per request costs one small object, not a closure per level method.
 */
class LazyChild implements FastifyBaseLogger {
  // Set on each level's prototype (standInFor).
  declare fatal: FastifyBaseLogger['fatal'];
  declare error: FastifyBaseLogger['error'];
  declare warn: FastifyBaseLogger['warn'];
  declare info: FastifyBaseLogger['info'];
  declare debug: FastifyBaseLogger['debug'];
  declare trace: FastifyBaseLogger['trace'];
  private real: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
    private readonly startLevel: string,
  ) {}

  /** The real child, made the first time a line is written. */
  made(): FastifyBaseLogger {
    return (this.real ??= this.parent.child(this.bindings, this.options));
  }

  child(more: Bindings, moreOptions?: ChildOptions) {
    return this.made().child(more, moreOptions);
  }

  silent() {}

  get level(): string {
    return this.real?.level ?? this.startLevel;
  }

  // Setting a level makes the real child: from then on it decides every line.
  set level(value: string) {
    this.made().level = value;
    for (const name of LEVELS)
      Object.defineProperty(this, name, { value: forward(name), writable: true });
  }
}

/** The call as written (same arguments, same count), on the real child. */
function forward(name: Level) {
  return function (this: LazyChild, ...args: unknown[]) {
    const to = this.made();
    Reflect.apply(to[name], to, args);
  };
}

/** One stand-in class per level (a route may set its own): lines below it are dropped unwritten. */
const standIns = new Map<string, typeof LazyChild>();
function standInFor(level: string): typeof LazyChild {
  let made = standIns.get(level);
  if (made) return made;
  made = class extends LazyChild {};
  const threshold = RANK[level] ?? 0;
  for (const name of LEVELS) {
    Object.defineProperty(made.prototype, name, {
      value: RANK[name]! >= threshold ? forward(name) : ignore,
      writable: true,
    });
  }
  standIns.set(level, made);
  return made;
}

export const lazyRequestLogger: Factory = function lazyRequestLogger(logger, bindings, options) {
  // A route may set its own level (`logLevel`); it decides like the real child would.
  const level = options.level ?? logger.level;
  const StandIn = standInFor(level);
  // Every method Fastify and the routes call is on its prototype (Fastify checks them when it takes one).
  return new StandIn(logger, bindings, options, level);
};

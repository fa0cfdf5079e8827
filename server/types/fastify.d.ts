// What the portal's plugins add to Fastify's app and request, by declaration merging.
import type { Language } from '../../contract/language.schema.js';
import type { Acting, Actor, Delegating } from '../auth/acting.js';
import type { UserRecord } from '../db/repositories/users.repository.js';
import type { FeedProblems } from '../feeds/feed-problems.js';
import type { InboundCall } from '../inbound/call.js';
import type { Repositories } from '../db/repositories.js';
import type { ViewAsRecord } from '../db/repositories/view-as.repository.js';
import type { Tracing } from '../metrics/tracing.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every repository, built once by plugins/external/repositories.ts. */
    repositories: Repositories;
    /** `draining` turns true when the process got SIGTERM (server.ts): `/readyz` then answers 503. */
    lifecycle: { draining: boolean };
    /** OpenTelemetry traces when OTEL_EXPORTER_OTLP_ENDPOINT is set (metrics/tracing.ts), else null. */
    tracing: Tracing | null;
    /** What the last read of each configured feed found wrong (feeds/feed-problems.ts). */
    feedProblems: FeedProblems;
  }
  interface FastifyRequest {
    /**
     * Whose records the request reads and writes (issue 73: the signed-in person's own, or the student's
     * a support viewer or a delegate reads), for
     * a handler of a route in an authenticated scope (plugins/authenticated.ts), whose hook sets it
     * once the guard found the person. Read anywhere else it throws: a route that needs a person
     * belongs in such a scope.
     */
    readonly subject: UserRecord;
    /**
     * Who is asking and in which capacity they act (`self`, `support`, `delegate`: auth/acting.ts
     * `actingOf`): audit entries and rights checks read it; set and guarded as `subject` is.
     */
    readonly actor: Actor;
    /** The subject and actor the authenticated scope set, null before (plugins/app/session.ts). */
    acting: Acting | null;
    /**
     * The view as a student that the request's session runs (issue 73), found in the store at
     * onRequest (plugins/view-as.ts), whose record it is, and the language the viewer reads (their
     * own choice, else their browser's): the bar speaks it; null when none runs.
     */
    viewing: { view: ViewAsRecord; subject: UserRecord; viewerLanguage: Language } | null;
    /** A delegate the token guard let in (plugins/delegate-guard.ts): `actingOf` makes them the actor. */
    delegating: Delegating | null;
    /** An inbound API call (routes/inbound/): its publisher and key, and what its audit says. */
    inbound: InboundCall | null;
  }
}

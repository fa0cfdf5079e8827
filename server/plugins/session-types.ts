import type { FastifyReply, HookHandlerDoneFunction } from 'fastify';
import type { UpstreamToken } from '../auth/oidc-client.js';
import type { SessionRecord } from '../db/repositories/sessions.repository.js';
import type { UserRecord } from '../db/repositories/users.repository.js';
import type { Authenticated } from './session-memo.js';

/** What the session plugin (session.ts) adds to the app and to each request. */
declare module 'fastify' {
  interface FastifyInstance {
    sessions: {
      /** Starts a new session (a new id every time; any session the request carried ends). */
      start: (
        request: FastifyRequest,
        reply: FastifyReply,
        userId: number,
        options?: {
          sharedComputer?: boolean;
          /** The sign-in's access token for an SIS read as the student (issue 91), kept sealed. */
          sisToken?: UpstreamToken | undefined;
        },
      ) => Promise<{ sessionId: string; token: string }>;
      /**
       * The `x-keep-until` value of an answer read in `session` (contract/offline.rules.ts): when the
       * session ends as of now (idle or absolute, whichever is first), or `nothing` on a shared computer.
       */
      keepUntil: (session: SessionRecord) => string;
      /**
       * Ends the request's session on the server, clears its cookies and the demo cookies, and asks the
       * browser to clear what the origin stored (Clear-Site-Data); answers whose session it was.
       */
      end: (request: FastifyRequest, reply: FastifyReply) => Promise<UserRecord | null>;
      /**
       * When the request carries a session cookie whose session is over (idle, expired, ended
       * elsewhere), clears it and what the browser stored for that person, as logout does.
       */
      forgetEnded: (request: FastifyRequest, reply: FastifyReply) => void;
      fromCookie: (request: FastifyRequest) => Promise<(Authenticated & { token: string }) | null>;
      fromToken: (request: FastifyRequest) => Promise<Authenticated | null>;
      /**
       * fromToken's answer when this process checked the token's session a moment ago (the memo):
       * given at once, without a promise; undefined when the store must be asked (fromToken).
       */
      rememberedToken: (request: FastifyRequest) => Authenticated | undefined;
      /** Drops what this process remembers of a session (another process ended it). */
      forget: (idHash: string) => void;
      /** Drops what this process remembers of a person's sessions (another process changed their rights). */
      forgetUser: (username: string) => void;
      /**
       * A person's rights changed: every process forgets their checked sessions before this answers
       * (with Redis), so even a read the memo would answer sees the new rights.
       */
      rightsChanged: (username: string) => Promise<void>;
      /**
       * Told of every session this process ends (its id hash) and of every person whose rights changed
       * here (`user:<username>`), to tell the other processes (session-sync.ts).
       */
      onEnded: (listener: (subject: string) => Promise<void>) => void;
    };
    /** Guard: 401 unless the request carries `Authorization: Token <auth_token>` of a live session. */
    requireToken: (
      request: FastifyRequest,
      reply: FastifyReply,
      done: HookHandlerDoneFunction,
    ) => void;
    /**
     * Guard for cookie-authenticated state changes: 401 without a live session cookie, 403 unless
     * the request is same-origin and carries the session's CSRF token in `x-csrf-token`.
     */
    requireSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * Guard for the two reads that hand out the API token (`/api/users/user`, Next Steps' user): 401
     * without a live session cookie, 403 for a provisional account; no CSRF token (it is a read).
     */
    requireCookie: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * Guard for a form posted without scripts (Finances' Pay): the session cookie's person, or a
     * delegate by their own cookie; the route checks the form's `csrf` field against whichever acts.
     */
    requireForm: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Guard after requireToken or requireSession: 403 unless the user is staff. */
    requireStaff: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Guard after requireToken or requireSession: 403 unless the user is a superuser. */
    requireSuperuser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    auth: Authenticated | null;
    /**
     * The request's session lookups, made once: the rate limiter's key and the route's guard share
     * them (session.ts only).
     */
    sessionLookup: {
      cookie?: Promise<(Authenticated & { token: string }) | null>;
      token?: Promise<Authenticated | null>;
    } | null;
  }
}

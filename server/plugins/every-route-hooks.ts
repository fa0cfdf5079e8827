/**
 * The hooks every route runs, by lifecycle and function name, each with why it must (issue 78). A
 * hook on every route is paid by every request, the cached read's included (bench:api), so a plugin
 * adds one only with a line here: tests/server/plugins/every-route-hooks.test.ts builds the app and
 * fails on a hook that runs on every route unnamed or unlisted, and on a listed one no longer there.
 * A hook a route needs alone belongs in its route options or its folder's `autohooks.ts`.
 *
 * Hooks present only where their feature is configured are listed too (`MAINTENANCE=1`; the built
 * client in production): the test builds the app both ways.
 */
export const EVERY_ROUTE_HOOKS = {
  onRequest: {
    // @fastify/cookie: the session cookie and the demo-mode cookie are read from any route's request.
    fastifyCookieHandler: 'parses the Cookie header once, for the guards and the demo-mode choice',
    answerWithoutHost: 'a request without Host is answered with the {detail} problem, not reset',
    setSecurityHeaders: 'the security headers (worked out once) and the request id on every answer',
    countRequest: 'the rate limit: every API and admin call is counted, by session or address',
    refuseSourceMaps: 'production only: a source map is never served, whatever the path',
    answerMaintenance: 'MAINTENANCE=1 only: every API call answers 503',
  },
  preParsing: {},
  preValidation: {},
  preHandler: {},
  preSerialization: {},
  onSend: {
    fastifyCookieOnSendHandler: 'writes the cookies a route set (the session after a sign-in)',
    closeWhileDraining: 'while the process drains, every answer closes its connection',
    decideCaching: 'no-store unless the route says otherwise: a new route is private by default',
    countRefusal: 'a 401 for a claimed session counts against the rate limit (token guessing)',
    delegateAnswerWithoutPersonalData:
      'a delegate never gets a student number, birth date or address (issue 73); else one comparison',
  },
  onResponse: {
    observeRequest: 'the request histogram of /metrics, by route and status',
    auditViewAs:
      'support viewing as a student, a delegate: each answer audited (issues 73, 88); else two reads',
  },
  onError: {},
  onTimeout: {},
  onRequestAbort: {},
} as const satisfies Record<string, Record<string, string>>;

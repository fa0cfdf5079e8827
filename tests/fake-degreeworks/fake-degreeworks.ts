import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import type { Plain } from './fixtures.js';
import { STUDENT_ID, studentAudit } from './fixtures.js';

/** What the double does wrong, once set. */
export type DegreeWorksFault =
  | { kind: 'status'; status: number }
  | { kind: 'latency'; ms: number }
  /** An answer that is not an audit: a sign-in page, or JSON without `auditHeader`. */
  | { kind: 'malformed'; body: 'html' | 'json' };

/** The service token the double accepts at first. */
export const SERVICE_TOKEN = 'dw-service-token-1';

/**
 * A student's own session with the Responsive Dashboard, as a published caller presents it ([SC]:
 * icssc/anteater-api, `apps/data-pipeline/degreeworks-scraper/src/components/Scraper.ts`,
 * `Scraper.new`): the cookie `X-AUTH-TOKEN`, whose value is a 7-character prefix ("Bearer ") and a
 * JWT whose `sub` is the student's DegreeWorks id, the `studentId` its audits are read by.
 */
const SESSION_COOKIE = 'X-AUTH-TOKEN';
const SESSION_PREFIX = 'Bearer ';
const claimsSchema = z.object({ sub: z.string(), exp: z.number() });
/** The text's JSON, or null where it is none. */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The JWT of the request's `X-AUTH-TOKEN` cookie, after its prefix; null without one. */
function sessionOf(cookies: string | undefined): string | null {
  for (const pair of (cookies ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (pair.slice(0, at).trim() !== SESSION_COOKIE) continue;
    const value = pair.slice(at + 1).trim();
    return value.startsWith(SESSION_PREFIX) ? value.slice(SESSION_PREFIX.length) : null;
  }
  return null;
}

const list = (v: unknown): Plain[] => (Array.isArray(v) ? (v as Plain[]) : []);
const object = (v: unknown): Plain => (v && typeof v === 'object' ? (v as Plain) : {});

/**
 * The sample student's goal, as `students/myself` names it: `school.key` and `degree.key` (wire.ts
 * [KS] [CH]), the degree's `description` and the goal's `catalogYear` ([KS] reads both); the
 * audit's DEGREE block is "BS".
 */
const GOAL = {
  school: { key: 'UG' },
  degree: { key: 'BS', description: 'Bachelor of Science' },
  catalogYear: '2025',
};

/**
 * DegreeWorks' Responsive Dashboard API, in process on a random port: `GET <api>/audit` by
 * `studentId` and `school` (icssc/anteater-api's `DegreeworksClient.ts` and a browser extension's
 * `…/responsiveDashboard/api/audit?studentId=…&school=…&degree=…`, wire.ts [AC] [TX]); a `degree`,
 * where named, must be one of the student's goals (400 otherwise, as for an unknown student);
 * authenticated by the service token as Bearer, or by a student's own session for their own audit
 * only (`X-AUTH-TOKEN`, [SC] above); anything else: 401. `GET <api>/students/myself` answers the
 * session's student and their goal (wire.ts [KS] [CH]: `_embedded.students[0]`), to a student's
 * session only. Answers the audits of tests/fake-degreeworks/fixtures.ts by `studentId`.
 */
export class FakeDegreeWorks {
  /** Every request: its path, parameters and whether the token was right. */
  readonly calls: { path: string; params: Record<string, string>; authorized: boolean }[] = [];
  /** The service token the double accepts; a test changes it to have the portal's refused. */
  token = SERVICE_TOKEN;
  private readonly audits = new Map<string, Plain>([[STUDENT_ID, studentAudit()]]);
  private fault: DegreeWorksFault | null = null;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<FakeDegreeWorks> {
    const server = createServer();
    const fake = new FakeDegreeWorks(server);
    server.on('request', (req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  /** The API root, as DEGREEWORKS_URL names it. */
  get url(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/responsiveDashboard/api`;
  }

  /** Sets (or with null clears) the fault of every audit read. */
  setFault(fault: DegreeWorksFault | null): void {
    this.fault = fault;
  }

  /** The audits back as they began (each test's start). */
  reset(): void {
    this.audits.set(STUDENT_ID, studentAudit());
    this.fault = null;
    this.token = SERVICE_TOKEN;
    this.refusing = 0;
    this.calls.length = 0;
  }

  /**
   * A class graded ("CS 162" → "A"), as DegreeWorks shows it on its next audit: the class and every
   * rule listing it take the grade, out of progress; a Course rule with all its classes then
   * graded is complete, and the header's percentage is the one given.
   */
  grade(studentId: string, course: string, grade: string, percentComplete: string): void {
    const audit = this.audits.get(studentId);
    if (!audit) return;
    const [discipline, number] = course.split(' ');
    const same = (c: Plain) => c.discipline === discipline && c.number === number;
    for (const c of list(object(audit.classInformation).classArray).filter(same)) {
      Object.assign(c, { letterGrade: grade, inProgress: 'N' });
    }
    const walk = (rules: Plain[]) => {
      for (const rule of rules) {
        const classes = list(object(rule.classesAppliedToRule).classArray);
        if (classes.some(same)) {
          for (const c of classes.filter(same))
            Object.assign(c, { letterGrade: grade, inProgress: 'N' });
          const need = Number(object(rule.requirement).classesBegin ?? 0);
          if (classes.every((c) => c.inProgress !== 'Y') && classes.length >= need) {
            Object.assign(rule, { percentComplete: '100', inProgressIncomplete: 'No' });
          }
        }
        walk(list(rule.ruleArray));
      }
    };
    for (const block of list(audit.blockArray)) walk(list(block.ruleArray));
    Object.assign(object(audit.auditHeader), { percentComplete });
  }

  /**
   * A class registered for (in progress) on the rule `label`, as DegreeWorks shows it on its next
   * audit: listed under the rule's `classesAppliedToRule` with `inProgress: "Y"` and `letterGrade`
   * "IP", and the rule flagged `inProgressIncomplete: "Yes"` (begun, not complete). The shapes are
   * fixtures.ts's, by their sources' tags (server/sis/degreeworks/wire.ts): [FO]
   * `classesAppliedToRule`, `inProgressIncomplete`; [GO] `inProgress`; [TX] `letterGrade` "IP".
   */
  register(studentId: string, label: string, course: string): void {
    const audit = this.audits.get(studentId);
    if (!audit) return;
    const [discipline, number] = course.split(' ');
    const taking = { discipline, number, credits: '4', letterGrade: 'IP', inProgress: 'Y' };
    const walk = (rules: Plain[]) => {
      for (const rule of rules) {
        if (rule.label === label) {
          const applied = object(rule.classesAppliedToRule);
          rule.classesAppliedToRule = { classArray: [...list(applied.classArray), taking] };
          rule.inProgressIncomplete = 'Yes';
        }
        walk(list(rule.ruleArray));
        const part = object(rule.requirement);
        walk(list(object(part.ifPart).ruleArray));
        walk(list(object(part.elsePart).ruleArray));
      }
    };
    for (const block of list(audit.blockArray)) walk(list(block.ruleArray));
  }

  /**
   * A student's session token for `studentId`, as the cookie carries it after its prefix ([SC]): a
   * JWT (unsigned here: the double trusts what it minted) whose `sub` is the id.
   */
  sessionToken(studentId: string, o: { expiresInS?: number } = {}): string {
    const exp = Math.floor(Date.now() / 1000) + (o.expiresInS ?? 3600);
    const claims = { sub: studentId, exp, jti: randomUUID() };
    return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`;
  }

  /** The next `count` students' sessions are refused though live (DegreeWorks ended them). */
  refuseStudentTokens(count: number): void {
    this.refusing = count;
  }
  private refusing = 0;

  /** The student whose live session the request carries, or null (none, refused or ended). */
  private sessionStudent(req: IncomingMessage): string | null {
    const session = sessionOf(req.headers.cookie);
    if (!session) return null;
    if (this.refusing > 0) {
      this.refusing -= 1;
      return null;
    }
    const [, payload = ''] = session.split('.');
    const claims = claimsSchema.safeParse(jsonOf(Buffer.from(payload, 'base64url').toString()));
    return claims.success && claims.data.exp * 1000 > Date.now() ? claims.data.sub : null;
  }

  /**
   * Whether the request's credentials may read `studentId`'s audit, or (`studentId` null) the
   * session's own record; and the session's student, if any.
   */
  private authorizes(req: IncomingMessage, studentId: string | null) {
    if (studentId !== null && req.headers.authorization === `Bearer ${this.token}`) {
      return { authorized: true, student: null };
    }
    const student = this.sessionStudent(req);
    return {
      authorized: student !== null && (studentId === null || student === studentId),
      student,
    };
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://double');
    const myself = url.pathname === '/responsiveDashboard/api/students/myself';
    const { authorized, student } = this.authorizes(
      req,
      myself ? null : (url.searchParams.get('studentId') ?? ''),
    );
    this.calls.push({
      path: url.pathname,
      params: Object.fromEntries(url.searchParams),
      authorized,
    });
    const fault = this.fault;
    if (fault?.kind === 'latency') await new Promise((r) => setTimeout(r, fault.ms));
    if (!authorized) {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'unauthorized' }));
      return;
    }
    if (myself) {
      res.writeHead(200, { 'content-type': 'application/json' });
      // A student's own record, as the published callers read it.
      res.end(JSON.stringify({ _embedded: { students: [{ id: student, goals: [GOAL] }] } }));
      return;
    }
    if (url.pathname !== '/responsiveDashboard/api/audit') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    if (fault?.kind === 'status') {
      res.writeHead(fault.status, { 'content-type': 'text/plain' }).end('Internal Server Error');
      return;
    }
    if (fault?.kind === 'malformed') {
      const html = fault.body === 'html';
      res.writeHead(200, { 'content-type': html ? 'text/html' : 'application/json' });
      res.end(html ? '<html><body>Sign in</body></html>' : '{"blockArray":"none"}');
      return;
    }
    const audit = this.audits.get(url.searchParams.get('studentId') ?? '');
    const degree = url.searchParams.get('degree');
    if (!audit || !url.searchParams.get('school') || (degree && degree !== GOAL.degree.key)) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'No audit for this student' }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(audit));
  }
}

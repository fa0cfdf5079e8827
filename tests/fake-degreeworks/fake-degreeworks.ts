import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
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

const list = (v: unknown): Plain[] => (Array.isArray(v) ? (v as Plain[]) : []);
const object = (v: unknown): Plain => (v && typeof v === 'object' ? (v as Plain) : {});

/**
 * DegreeWorks' Responsive Dashboard API, in process on a random port: `GET <api>/audit` by
 * `studentId` and `school` (icssc/anteater-api's `DegreeworksClient.ts` and a browser extension's
 * `…/responsiveDashboard/api/audit?studentId=…&school=…&degree=…`, wire.ts [AC] [TX]; `degree`, which
 * they also send, is taken and recorded but not needed), Bearer-authenticated with the service token
 * (a wrong one: 401). Answers the audits of tests/fake-degreeworks/fixtures.ts by `studentId`.
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

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://double');
    const authorized = req.headers.authorization === `Bearer ${this.token}`;
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
    if (!audit || !url.searchParams.get('school')) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'No audit for this student' }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(audit));
  }
}

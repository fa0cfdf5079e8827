import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import type { Plain } from './fixtures.js';
import { constituent, enrollment, ibErrorPage, indicator, psJson, STUDENT } from './fixtures.js';
import { awards, photo, studentAccount } from './finances.js';
import { checklist, notification, notifications } from './record-items.js';

/** What the double does wrong on an operation, once set. */
export type PeopleSoftFault =
  | { kind: 'status'; status: number }
  /** Integration Broker's XML error document instead of the message (an operation switched off). */
  | { kind: 'ib-error'; status: number }
  | { kind: 'latency'; ms: number };

interface Student {
  emplid: string;
  indicators: Plain[];
  enrollment: Plain;
  photo: Plain;
  account: Plain;
  checklist: Plain[];
  notifications: Plain[];
}

/** The bearer token's claims the double reads (an unsigned JWT: the double trusts its own issue). */
const claimsSchema = z.object({ sub: z.string(), aud: z.string(), exp: z.number() });

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * PeopleSoft Campus Solutions 9.2's REST listening connector, in process on a random port: the
 * operations the adapter reads (`<base>/<operation>.v1/…`) in PeopleSoft's JSON form, for the
 * student named by the bearer token (PeopleTools 8.58 OAuth2: a token for another audience, or
 * expired, is refused with 401 and an IBResponse, as Integration Broker does) or, with the service
 * account's basic authentication, by `?EMPLID=` (campus wrappers).
 */
export class FakePeopleSoft {
  /** Every request: the operation, how it authenticated and for whom. */
  readonly calls: { operation: string; auth: 'bearer' | 'basic' | 'none'; who: string | null }[] =
    [];
  readonly audience = 'https://cs.example.edu/psft';
  readonly service = { user: 'PORTAL_SVC', password: 'double-password-1' };
  private readonly students = new Map<string, Student>([
    [
      STUDENT.username,
      {
        emplid: STUDENT.emplid,
        indicators: [indicator(STUDENT.emplid)],
        enrollment: enrollment(),
        photo: photo(STUDENT.emplid),
        account: studentAccount(STUDENT.emplid),
        checklist: checklist(STUDENT.emplid),
        notifications: notifications(),
      },
    ],
  ]);
  private readonly faults = new Map<string, PeopleSoftFault>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<FakePeopleSoft> {
    const server = createServer();
    const fake = new FakePeopleSoft(server);
    server.on('request', (req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  /** The REST listening connector with its node, as PEOPLESOFT_BASE_URL names it. */
  get baseUrl(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/PSIGW/RESTListeningConnector/PSFT_CS`;
  }

  /** A sign-in token for `username` (the campus provider's), for this audience unless told. */
  token(username: string, o: { aud?: string; expiresInS?: number } = {}): string {
    const exp = Math.floor(Date.now() / 1000) + (o.expiresInS ?? 3600);
    // Each token its own, as a provider's are (`jti`, RFC 7519 §4.1.7).
    const claims = { sub: username, aud: o.aud ?? this.audience, exp, jti: randomUUID() };
    return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`;
  }

  /** A service indicator placed on the student (a hold added in PeopleSoft). */
  addIndicator(username: string, over: Partial<Record<string, string>>): void {
    const s = this.students.get(username);
    if (s) s.indicators.push(indicator(s.emplid, over));
  }

  /** A class's meetings moved to another room (a section moved in PeopleSoft), by its CLASS_NBR. */
  moveClass(username: string, classNbr: string, room: { facility: string; place: string }): void {
    const terms = this.students.get(username)?.enrollment.SSR_ENRL_TERM;
    for (const term of Array.isArray(terms) ? terms : []) {
      const details = term.ENROLLMENT_DETAIL;
      for (const row of Array.isArray(details) ? details : []) {
        if (row.CLASS_NBR !== classNbr || !Array.isArray(row.CLASS_MEETING_PATTERN)) continue;
        for (const meeting of row.CLASS_MEETING_PATTERN) {
          meeting.FACILITY_ID = room.facility;
          meeting.SSR_MTG_LOC_LONG = room.place;
        }
      }
    }
  }

  /** The student's account changed in PeopleSoft (a payment posted): its elements replaced. */
  setAccount(username: string, over: Plain): void {
    const s = this.students.get(username);
    if (s) s.account = { ...s.account, ...over };
  }

  /** The student's ID photo replaced (its base64), as PeopleSoft keeps it. */
  setPhoto(username: string, base64: string): void {
    const s = this.students.get(username);
    if (s) s.photo = photo(s.emplid, base64);
  }

  /** A checklist item's status set in PeopleSoft (`C` completed), by its SEQ_3C. */
  setChecklistStatus(username: string, seq: string, status: string): void {
    for (const item of this.students.get(username)?.checklist ?? [])
      if (item.SEQ_3C === seq) item.ITEM_STATUS = status;
  }

  /** A notification (an alert) sent to the student in PeopleSoft. */
  notify(username: string, over: Partial<Record<string, string>>): void {
    this.students.get(username)?.notifications.push(notification(over));
  }

  /** Sets (or with null clears) the fault of an operation, by its name (`SSR_GET_ENROLLMENT_R`). */
  fault(operation: string, fault: PeopleSoftFault | null): void {
    if (fault) this.faults.set(operation, fault);
    else this.faults.delete(operation);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private refuse(res: ServerResponse, why: string): void {
    res.writeHead(401, { 'content-type': 'text/xml' }).end(ibErrorPage(why));
  }

  /** Who the request is for, or the refusal's words. */
  private who(req: IncomingMessage, url: URL): { username: string } | { refused: string } {
    const header = req.headers.authorization ?? '';
    if (header.startsWith('Bearer ')) {
      const payload = header.slice(7).split('.')[1] ?? '';
      let claims: z.infer<typeof claimsSchema>;
      try {
        const parsed = claimsSchema.safeParse(
          JSON.parse(Buffer.from(payload, 'base64url').toString()),
        );
        if (!parsed.success) return { refused: 'Invalid token' };
        claims = parsed.data;
      } catch {
        return { refused: 'Invalid token' };
      }
      if (claims.aud !== this.audience) return { refused: 'Token audience not accepted' };
      if (claims.exp * 1000 <= Date.now()) return { refused: 'Token expired' };
      return { username: claims.sub };
    }
    if (header.startsWith('Basic ')) {
      const pair = Buffer.from(header.slice(6), 'base64').toString();
      if (pair !== `${this.service.user}:${this.service.password}`)
        return { refused: 'Invalid user' };
      const emplid = url.searchParams.get('EMPLID') ?? '';
      return { username: emplid };
    }
    return { refused: 'No authorization' };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://double');
    const match = /\/PSIGW\/RESTListeningConnector\/PSFT_CS\/([A-Z_]+)\.v1\//.exec(url.pathname);
    const operation = match?.[1] ?? '';
    const header = req.headers.authorization ?? '';
    const auth = header.startsWith('Bearer ')
      ? 'bearer'
      : header.startsWith('Basic ')
        ? 'basic'
        : 'none';
    const who = this.who(req, url);
    this.calls.push({ operation, auth, who: 'username' in who ? who.username : null });
    const fault = this.faults.get(operation);
    if (fault?.kind === 'latency') await new Promise((r) => setTimeout(r, fault.ms));
    if ('refused' in who) return this.refuse(res, who.refused);
    if (fault?.kind === 'status') {
      res.writeHead(fault.status, { 'content-type': 'text/plain' }).end('Internal Server Error');
      return;
    }
    if (fault?.kind === 'ib-error') {
      res.writeHead(fault.status, { 'content-type': 'text/xml' });
      res.end(ibErrorPage(`Service Operation ${operation} is inactive`));
      return;
    }
    // Service account: the wrapper's EMPLID; as the student: the token's subject, their own record.
    const student =
      this.students.get(who.username) ??
      [...this.students.values()].find((s) => s.emplid === who.username);
    if (!student) return this.refuse(res, 'Unknown user');
    const body = this.message(operation, student);
    if (!body) {
      res.writeHead(404, { 'content-type': 'text/xml' }).end(ibErrorPage('No such operation'));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  private message(operation: string, s: Student): object | null {
    switch (operation) {
      case 'SCC_GETCONST_R':
        return { SCC_GET_CONSTITUENT_RESP: [psJson(constituent(s.emplid))] };
      case 'SSR_GET_ENROLLMENT_R':
        return { SSR_GET_ENROLLMENT_RESP: [psJson(s.enrollment)] };
      case 'SCC_GET_SERVICE_INDICATORS_R':
        return { SCC_GET_SERVICE_IND_RESP: [psJson({ SERVICE_INDICATOR: s.indicators })] };
      case 'SCC_GETPHOTO_R':
        return { SCC_GETPHOTO_RESP: [psJson(s.photo)] };
      case 'SSF_GET_STUDENT_ACCOUNT':
        return { SSF_GET_STUDENT_ACCOUNT_RESP: [psJson(s.account)] };
      case 'SFA_GET_STUDENT_AWARDS':
        return { SFA_GET_STUDENT_AWARDS_RESP: [psJson(awards())] };
      case 'SCC_GET_CHECKLIST_R':
        return { SCC_GET_CHKLST_RESP: [psJson({ PERSON_CHKLST_ITEM: s.checklist })] };
      case 'SCC_GET_NOTIFICATIONS_R':
        return { SCC_GET_NOTIF_RESP: [psJson({ SCC_NTF_ITEM: s.notifications })] };
      default:
        return null;
    }
  }
}

import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { twilioTexter } from '../../../server/notify/texter.js';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'the-auth-token';

interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: URLSearchParams;
}

const bodyOf = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
  });

/** A local server speaking Twilio's Messages API: what it answers next is the test's choice. */
describe("text messages through Twilio's Messages API (a local server speaking it)", () => {
  let server: Server;
  let apiUrl = '';
  const seen: Seen[] = [];
  let answer: { status: number; body: object; delayMs?: number } = { status: 201, body: {} };

  beforeAll(async () => {
    server = createServer((req, res) => {
      void bodyOf(req).then((text) => {
        seen.push({
          method: req.method ?? '',
          path: req.url ?? '',
          authorization: req.headers.authorization,
          contentType: req.headers['content-type'],
          form: new URLSearchParams(text),
        });
        setTimeout(() => {
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(answer.body));
        }, answer.delayMs ?? 0);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    seen.length = 0;
    answer = { status: 201, body: { sid: 'SM1', status: 'queued' } };
  });

  const texter = (from = '+15035550100', timeoutMs = 2000) =>
    twilioTexter({
      accountSid: SID,
      authToken: TOKEN,
      from,
      apiUrl,
      timeoutMs,
      defaultCountry: 'US',
    });
  const message = { jobId: 7, to: '+15035550142', body: 'Due tomorrow.', topic: 'deadlines' };

  it('posts To, From and Body form-encoded to the account’s Messages.json with HTTP basic auth', async () => {
    expect(await texter().send(message, new Date())).toEqual({ state: 'sent' });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(request?.authorization).toBe(
      `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`,
    );
    expect(request?.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      To: '+15035550142',
      From: '+15035550100',
      Body: 'Due tomorrow.',
    });
  });

  it('a Messaging Service sender goes as MessagingServiceSid instead of From', async () => {
    const service = `MG${'f'.repeat(32)}`;
    await texter(service).send(message, new Date());
    expect(seen[0]?.form.get('MessagingServiceSid')).toBe(service);
    expect(seen[0]?.form.has('From')).toBe(false);
  });

  it('a number Twilio refuses for good (21211 invalid number) drops the message with the reason', async () => {
    answer = {
      status: 400,
      body: { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 },
    };
    expect(await texter().send(message, new Date())).toEqual({
      state: 'dropped',
      reason: "Twilio 400 21211: The 'To' number is not a valid phone number.",
    });
  });

  it('a recipient who replied STOP (21610) is dropped too: Twilio handles STOP', async () => {
    answer = {
      status: 400,
      body: { code: 21610, message: 'Attempt to send to unsubscribed recipient' },
    };
    const outcome = await texter().send(message, new Date());
    expect(outcome).toMatchObject({ state: 'dropped' });
  });

  it.each([
    [429, { code: 20429, message: 'Too Many Requests' }],
    [500, { message: 'Internal error' }],
    [401, { code: 20003, message: 'Authenticate' }],
  ])(
    'an answer %i may pass later: the send throws and the job’s backoff retries it',
    async (status, body) => {
      answer = { status, body };
      await expect(texter().send(message, new Date())).rejects.toThrow(`Twilio ${status}`);
    },
  );

  it('a provider that does not answer in time fails the attempt (retried later)', async () => {
    answer = { status: 201, body: {}, delayMs: 500 };
    await expect(texter('+15035550100', 100).send(message, new Date())).rejects.toThrow();
  });

  it('a number that is not one is dropped without asking Twilio', async () => {
    expect(await texter().send({ ...message, to: '12' }, new Date())).toEqual({
      state: 'dropped',
      reason: 'not a valid phone number',
    });
    expect(seen).toHaveLength(0);
  });

  it('a stored E.164 number goes as it is, whatever the campus country', async () => {
    await texter().send({ ...message, to: '+442079460958' }, new Date());
    expect(seen[0]?.form.get('To')).toBe('+442079460958');
  });

  it('a number stored before the phone rule (digits only) is read in the campus country', async () => {
    await texter().send({ ...message, to: '5035550142' }, new Date());
    expect(seen[0]?.form.get('To')).toBe('+15035550142');
  });

  it.each(['5550142', '1234567890123456789'])(
    'a stored number that is no valid number (%s) is dropped, never guessed into one',
    async (to) => {
      expect(await texter().send({ ...message, to }, new Date())).toEqual({
        state: 'dropped',
        reason: 'not a valid phone number',
      });
      expect(seen).toHaveLength(0);
    },
  );
});

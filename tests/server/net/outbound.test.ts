import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outbound, OutboundError } from '../../../server/net/outbound.js';
import type { OutboundRequest } from '../../../server/net/outbound.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

let server: Server;
let port: number;
let handler: Handler;
let requests: IncomingMessage[];

beforeEach(async () => {
  requests = [];
  handler = (_request, response) => response.end('hello');
  server = createServer((request, response) => {
    requests.push(request);
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const LOOPBACK = new Set(['127.0.0.1']);
const limits = { maxBytes: 1024, timeoutMs: 3_000 };

/** A request to the local server, loopback allowed by the explicit option. */
const local = (path: string, more: Partial<OutboundRequest> = {}): OutboundRequest => ({
  url: `http://127.0.0.1:${port}${path}`,
  limits,
  reach: 'public',
  privateHosts: LOOPBACK,
  ...more,
});

async function failureOf(call: Promise<unknown>): Promise<OutboundError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof OutboundError) return err;
    throw err;
  }
  throw new Error('The request succeeded.');
}

describe('the bounded outbound request', () => {
  it('gives the status, headers and body of an answer from a host the request allows', async () => {
    handler = (_request, response) => {
      response.setHeader('etag', '"v1"');
      response.end('hello');
    };
    const answer = await outbound(local('/feed?x=1'));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('etag')).toBe('"v1"');
    expect(answer.body.toString()).toBe('hello');
    expect(requests[0]?.url).toBe('/feed?x=1');
  });

  it('refuses a loopback address someone else named, without connecting', async () => {
    const failure = await failureOf(outbound(local('/', { privateHosts: new Set() })));
    expect(failure.failure).toBe('refused-address');
    expect(requests).toHaveLength(0);
  });

  it('refuses a name that resolves to a private address, without connecting', async () => {
    const failure = await failureOf(
      outbound({
        url: `http://feeds.example.edu:${port}/`,
        limits,
        reach: 'public',
        resolve: () => Promise.resolve([{ address: '10.0.0.7', family: 4 }]),
      }),
    );
    expect(failure.failure).toBe('refused-address');
  });

  it('connects to the one address resolved, which DNS cannot move afterwards', async () => {
    let lookups = 0;
    const answer = await outbound({
      url: `http://feeds.campus.test:${port}/`,
      limits,
      reach: 'configured',
      // feeds.campus.test exists in no DNS: the connection can only have used this answer.
      resolve: () => {
        lookups += 1;
        return Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
      },
    });
    expect(answer.body.toString()).toBe('hello');
    expect(lookups).toBe(1);
    expect(requests[0]?.headers.host).toBe(`feeds.campus.test:${port}`);
  });

  it('aborts a body that streams past the size cap, whatever its length header said', async () => {
    handler = (_request, response) => {
      response.writeHead(200);
      const write = () => {
        if (!response.destroyed && response.write(Buffer.alloc(512))) setImmediate(write);
        else response.once('drain', write);
      };
      write();
    };
    const failure = await failureOf(outbound(local('/endless')));
    expect(failure.failure).toBe('too-large');
  });

  it('refuses an answer whose declared length is over the cap before reading it', async () => {
    handler = (_request, response) => {
      response.writeHead(200, { 'content-length': '5000' });
      response.write('a');
    };
    const failure = await failureOf(outbound(local('/big')));
    expect(failure.failure).toBe('too-large');
  });

  it('keeps only the first bytes of an error answer, without failing', async () => {
    handler = (_request, response) => {
      response.writeHead(403);
      response.end('Rate Limit Exceeded'.padEnd(4000, '.'));
    };
    const answer = await outbound(local('/', { limits: { ...limits, maxErrorBytes: 19 } }));
    expect(answer.status).toBe(403);
    expect(answer.body.toString()).toBe('Rate Limit Exceeded');
  });

  it('gives up on headers that do not come within the headers time limit', async () => {
    handler = () => undefined;
    const started = Date.now();
    const failure = await failureOf(
      outbound(local('/', { limits: { ...limits, headersTimeoutMs: 200 } })),
    );
    expect(failure.failure).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('gives up on a body that falls silent within the body time limit', async () => {
    handler = (_request, response) => {
      response.writeHead(200);
      response.write('the first half');
    };
    const failure = await failureOf(
      outbound(local('/', { limits: { ...limits, bodyTimeoutMs: 200 } })),
    );
    expect(failure.failure).toBe('timeout');
  });

  it('gives up on a body that trickles on past the whole time limit', async () => {
    handler = (_request, response) => {
      response.writeHead(200);
      const timer = setInterval(() => response.write('.'), 50);
      response.on('close', () => clearInterval(timer));
    };
    const started = Date.now();
    const failure = await failureOf(
      outbound(local('/', { limits: { ...limits, timeoutMs: 400, bodyTimeoutMs: 300 } })),
    );
    expect(failure.failure).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('refuses a redirect unless the request follows redirects', async () => {
    handler = (request, response) => {
      if (request.url === '/moved') response.writeHead(302, { location: '/here' }).end();
      else response.end('here');
    };
    const failure = await failureOf(outbound(local('/moved')));
    expect(failure).toMatchObject({ failure: 'redirect', status: 302 });
    const followed = await outbound(local('/moved', { redirects: 1 }));
    expect(followed.body.toString()).toBe('here');
    expect(followed.url.pathname).toBe('/here');
  });

  it('checks the address of every redirect as it checked the first', async () => {
    handler = (_request, response) => {
      response.writeHead(302, { location: `http://127.0.0.1:${port}/inside` }).end();
    };
    const failure = await failureOf(
      outbound({
        url: `http://localhost:${port}/outside`,
        limits,
        reach: 'public',
        privateHosts: new Set(['localhost']),
        resolve: () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]),
        redirects: 3,
      }),
    );
    expect(failure.failure).toBe('refused-address');
    expect(requests.map((r) => r.url)).toEqual(['/outside']);
  });

  it('stops after the number of redirects it follows', async () => {
    handler = (_request, response) => response.writeHead(302, { location: '/again' }).end();
    const failure = await failureOf(outbound(local('/', { redirects: 2 })));
    expect(failure.failure).toBe('redirect');
    expect(requests).toHaveLength(3);
  });

  it('follows a redirect to another origin neither when the caller names same-origin nor, on a configured reach, to a private address', async () => {
    handler = (_request, response) => {
      response.writeHead(302, { location: `http://localhost:${port}/inside` }).end();
    };
    const sameOrigin = await failureOf(outbound(local('/', { redirects: 3, sameOrigin: true })));
    expect(sameOrigin).toMatchObject({ failure: 'redirect', status: 302 });
    const configured = await failureOf(
      outbound({
        url: `http://127.0.0.1:${port}/`,
        limits,
        reach: 'configured',
        resolve: () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]),
        redirects: 3,
      }),
    );
    expect(configured.failure).toBe('refused-address');
    expect(requests.map((r) => r.url)).toEqual(['/', '/']);
  });

  it("ends as a timeout when the caller's own signal ends first", async () => {
    handler = () => undefined;
    const started = Date.now();
    const failure = await failureOf(outbound(local('/', { signal: AbortSignal.timeout(200) })));
    expect(failure.failure).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('lets the caller refuse an answer by its headers before the body is read', async () => {
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<html>');
    };
    const refused = new Error('not an image');
    await expect(
      outbound(
        local('/', {
          inspect: (_status, headers) => {
            if (headers.get('content-type') === 'text/html') throw refused;
          },
        }),
      ),
    ).rejects.toBe(refused);
  });

  it('says a host that is not listening could not be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port: gone } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const failure = await failureOf(outbound({ ...local('/'), url: `http://127.0.0.1:${gone}/` }));
    expect(failure.failure).toBe('unreachable');
  });
});

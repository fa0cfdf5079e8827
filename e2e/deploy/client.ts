import http from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import https from 'node:https';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they came: nothing is decompressed. */
  body: Buffer;
}

export interface Ask {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The address the connection comes from (any of 127.0.0.0/8 on loopback). */
  localAddress?: string;
}

/**
 * One request on a connection of its own, from `localAddress` when given; the test's self-signed
 * certificate is accepted. An answer that arrives before the body is all sent (413) still counts.
 */
export function ask(url: string, options: Ask = {}): Promise<Answer> {
  const target = new URL(url);
  const lib = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = lib.request(
      target,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        localAddress: options.localAddress,
        rejectUnauthorized: false,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** The `name=value` pairs of an answer's Set-Cookie headers, as a Cookie header. */
export const cookiesOf = (answer: Answer) =>
  (answer.headers['set-cookie'] ?? []).map((c) => c.split(';')[0] ?? '').join('; ');

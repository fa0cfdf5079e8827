import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  IdpMetadataError,
  loadIdpMetadata,
  METADATA_MAX_BYTES,
} from '../../../server/auth/saml-idp-metadata.js';

let server: Server;
let handler: (res: ServerResponse) => void;
let otherCalls = 0;
const url = (path: string) =>
  new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`);

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/other') {
      otherCalls += 1;
      return res.end('<EntityDescriptor/>');
    }
    return handler(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  otherCalls = 0;
});

describe('fetching the IdP metadata', () => {
  it('cuts a streaming body off once it passes 2 MB, without a Content-Length to warn it', async () => {
    let sent = 0;
    let ended = false;
    handler = (res) => {
      res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' });
      const piece = `<x>${'a'.repeat(64 * 1024)}</x>`;
      res.on('error', () => undefined);
      const more = () => {
        while (sent < 20 * METADATA_MAX_BYTES && !res.destroyed) {
          sent += piece.length;
          if (!res.write(piece)) return void res.once('drain', more);
        }
        ended = !res.destroyed;
        res.end();
      };
      res.write('<EntityDescriptor>');
      more();
    };
    const error = await loadIdpMetadata({ url: url('/metadata') }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(IdpMetadataError);
    expect(String(error)).toMatch(/larger than 2 MB/);
    expect(ended).toBe(false);
    expect(sent).toBeLessThan(20 * METADATA_MAX_BYTES);
  });

  it('follows no redirect', async () => {
    handler = (res) => res.writeHead(302, { location: url('/other').href }).end();
    await expect(loadIdpMetadata({ url: url('/metadata') })).rejects.toThrow(/redirected/);
    expect(otherCalls).toBe(0);
  });
});

import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PinnedAgents } from '../../../server/notify/push-agents.js';
import { FakePushService } from '../../fake-push/fake-push.js';

describe('the pinned push agents', () => {
  let push: FakePushService;
  beforeAll(async () => {
    push = await FakePushService.start();
  });
  afterAll(() => push.close());

  it('connect to the address checked whatever the name would resolve to, keeping the name as Host', async () => {
    // The test's certificate names 127.0.0.1 only; the name is checked by TLS in real use.
    const agents = new PinnedAgents({ ca: push.cert, checkServerIdentity: () => undefined });
    const port = push.host.split(':')[1];
    const device = push.device();
    const hostname = 'push.invalid'; // a name no resolver answers (RFC 6761)
    const target = {
      ok: true as const,
      href: `https://${hostname}:${port}/push/${device.id}`,
      hostname,
      address: '127.0.0.1',
      family: 4 as const,
    };
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(target.href, { method: 'POST', agent: agents.for(target) }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end('hello');
    });
    // One agent (and its pooled connections) per checked address, whatever name led there.
    expect(agents.for(target)).toBe(agents.for({ ...target, hostname: 'other.invalid' }));
    agents.close();
    expect(status).toBe(201);
    expect(push.received.map((m) => [m.device, m.headers.host])).toEqual([
      [device.id, `${hostname}:${port}`],
    ]);
  });
});

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sisSchemas } from '../../server/sis/endpoints.js';
import type { SisEndpoint } from '../../server/sis/endpoints.js';
import { HttpSis } from '../../server/sis/http-adapter.js';
import { SisNotFoundError } from '../../server/sis/port.js';
// @ts-expect-error -- the example is plain JavaScript, outside the TypeScript projects on purpose.
import { bridge } from '../../examples/sis-csv-bridge/bridge.mjs';

let server: Server;
let sis: HttpSis;

beforeAll(async () => {
  const folder = path.resolve('examples/sis-csv-bridge/data');
  server = (bridge as (folder: string, token: string) => Server)(folder, 'bridge-token');
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  sis = new HttpSis({
    baseUrl: `http://127.0.0.1:${port}/`,
    token: 'bridge-token',
    timeoutMs: 2000,
  });
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('the reference CSV bridge (examples/sis-csv-bridge)', () => {
  it('answers every one of the twenty-one reads in the contract the HTTP adapter checks', async () => {
    const person = { username: 'tlee', persona: null };
    for (const read of Object.keys(sisSchemas) as SisEndpoint[]) {
      const term =
        read === 'courses' || read === 'schedule' || read === 'grades' ? '202604' : undefined;
      await expect(sis.read(read, person, term), read).resolves.toBeDefined();
    }
    expect(await sis.read('schedule', person, '202604')).toContainEqual(
      expect.objectContaining({ SUBJECTCODE: 'MTH', DAYS: 'MW', STARTTIME: '09:00' }),
    );
    expect(await sis.read('holds', person)).toHaveLength(1);
  });

  it('a person the files do not know is 404, which the adapter reads as no record', async () => {
    await expect(sis.read('identity', { username: 'nobody', persona: null })).rejects.toThrow(
      SisNotFoundError,
    );
  });
});

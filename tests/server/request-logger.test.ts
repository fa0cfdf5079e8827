import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { lazyRequestLogger } from '../../server/request-logger.js';

/** A Fastify app logging at `level` into `lines`, with the lazy request loggers. */
function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({
    logger: { level, stream },
    childLoggerFactory: lazyRequestLogger,
    genReqId: () => 'req-7',
  });
  app.get('/quiet', async (request) => {
    request.log.info('an info line');
    request.log.debug({ detail: 1 }, 'a debug line');
    return { ok: true };
  });
  app.get('/loud', async (request) => {
    request.log.warn({ endpoint: 'holds' }, 'a warning with %s', 'an argument');
    request.log.error(new Error('boom'));
    return { ok: true };
  });
  app.get('/chatty', { logLevel: 'debug' }, async (request) => {
    request.log.debug('a debug line the route asked for');
    return { ok: true };
  });
  return { app, lines };
}

describe('request loggers', () => {
  it('write nothing and build no child logger for a request whose lines are all below the level', async () => {
    const { app, lines } = appLoggingAt('warn');
    await app.ready();
    const child = vi.spyOn(app.log, 'child');
    const answer = await app.inject({ url: '/quiet' });
    expect(answer.statusCode).toBe(200);
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    await app.close();
  });

  it('write a line at the level with the request id, its fields and its formatted message', async () => {
    const { app, lines } = appLoggingAt('warn');
    await app.inject({ url: '/loud' });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: 40,
      reqId: 'req-7',
      endpoint: 'holds',
      msg: 'a warning with an argument',
    });
    expect(lines[1]).toMatchObject({ level: 50, reqId: 'req-7', msg: 'boom' });
    expect(lines[1]?.err).toMatchObject({ message: 'boom' });
    await app.close();
  });

  it("follow a route's own level", async () => {
    const { app, lines } = appLoggingAt('warn');
    await app.inject({ url: '/chatty' });
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 20,
        reqId: 'req-7',
        msg: 'a debug line the route asked for',
      }),
    );
    await app.close();
  });

  it('decide every line by a level set on the request logger, below the app level too', async () => {
    const { app, lines } = appLoggingAt('warn');
    app.get('/relevelled', async (request) => {
      expect(request.log.level).toBe('warn');
      request.log.level = 'debug';
      request.log.debug('a debug line once the level was lowered');
      return { level: request.log.level };
    });
    const answer = await app.inject({ url: '/relevelled' });
    expect(answer.json()).toEqual({ level: 'debug' });
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 20,
        reqId: 'req-7',
        msg: 'a debug line once the level was lowered',
      }),
    );
    await app.close();
  });

  it('write lines below warn when the app logs at info', async () => {
    const { app, lines } = appLoggingAt('info');
    await app.inject({ url: '/quiet' });
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 30, reqId: 'req-7', msg: 'an info line' }),
    );
    expect(lines.filter((line) => line.level === 20)).toEqual([]);
    await app.close();
  });
});

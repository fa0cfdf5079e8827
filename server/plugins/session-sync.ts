import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { closeRedis, whenReady } from '../cache/redis-client.js';

const START_WAIT_MS = 2000;

/** The channel a process announces an ended session on (its id hash, never the id). */
export const sessionEndedChannel = (keyPrefix: string) => `${keyPrefix}session-ended`;

/**
 * With Redis, a sign-out (or a new sign-in replacing a session) on one process is refused at once by
 * every other: each process remembers checked sessions for a moment (plugins/session.ts), and this
 * tells them all to forget the ended one. A subscribing connection cannot run other commands, hence
 * its own. When Redis is down the message is lost and the memo's two seconds bound the delay.
 */
export default fp(
  async function sessionSync(app: FastifyInstance) {
    const redis = app.redis;
    if (!redis) return;
    const channel = sessionEndedChannel(app.config.redis.keyPrefix);
    const subscriber = redis.duplicate();
    subscriber.on('error', (err) => app.redisWarning(err, 'Redis is unavailable: session sync'));
    subscriber.on('message', (from: string, idHash: string) => {
      if (from === channel) app.sessions.forget(idHash);
    });
    // On every (re)connection: a subscription asked for while Redis was down never happened.
    const subscribe = () =>
      subscriber.subscribe(channel).catch((err: unknown) => {
        app.redisWarning(err, 'could not subscribe to ended sessions');
      });
    // The start already waited for Redis (plugins/redis.ts): when it is down, do not wait again.
    if (redis.status === 'ready' && (await whenReady(subscriber, START_WAIT_MS))) await subscribe();
    subscriber.on('ready', () => void subscribe());
    app.sessions.onEnded(async (idHash) => {
      try {
        await redis.publish(channel, idHash);
      } catch (err) {
        app.redisWarning(err, 'could not announce an ended session');
      }
    });
    app.addHook('onClose', async () => closeRedis(subscriber));
  },
  { name: 'session-sync', dependencies: ['session', 'redis'] },
);

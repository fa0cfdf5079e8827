import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { closeRedis, whenReady } from '../../cache/redis-client.js';

const START_WAIT_MS = 2000;
/** How long a sign-out waits for the other processes to confirm they forgot the session. */
export const ACK_WAIT_MS = 500;

/** Announces a person whose rights changed (a username has no spaces), rather than one session. */
const USER_SUBJECT = 'user:';

/**
 * The channel a process announces an ended session on (its id hash, never the id), or a person whose
 * rights changed (`user:<username>`: their checked sessions are forgotten).
 */
export const sessionEndedChannel = (keyPrefix: string) => `${keyPrefix}session-ended`;
/** The channel each process confirms on that it forgot an announced session. */
export const sessionForgottenChannel = (keyPrefix: string) => `${keyPrefix}session-forgotten`;

/**
 * With Redis, a sign-out (or a new sign-in replacing a session) on one process is refused at once by
 * every other: each process remembers checked sessions for a moment (plugins/app/session.ts), and this
 * tells them all to forget the ended one. A grant or a revocation is announced the same way, so no
 * process answers even a read with the person's former rights. A subscribing connection cannot run other commands, hence
 * its own.
 *
 * "At once" means before the sign-out answers: a message on its way to another process could
 * otherwise arrive after the browser's next request to it. Each announcement carries a nonce; every
 * process that received it (PUBLISH counts them, this one included) confirms on a second channel once
 * it has forgotten the session, and the sign-out waits for all of them, ACK_WAIT_MS at most. When Redis
 * is down, or a process does not answer in time, the memo's two seconds bound the delay.
 */
export default fp(
  async function sessionSync(app: FastifyInstance) {
    const redis = app.redis;
    if (!redis) return;
    const { keyPrefix } = app.config.redis;
    const ended = sessionEndedChannel(keyPrefix);
    const forgotten = sessionForgottenChannel(keyPrefix);
    /** Announcements of this process still waiting: nonce → told of one more confirmation. */
    const waiting = new Map<string, () => void>();
    const subscriber = redis.duplicate();
    subscriber.on('error', (err) => app.redisWarning(err, 'Redis is unavailable: session sync'));
    subscriber.on('message', (from: string, message: string) => {
      if (from === forgotten) return waiting.get(message)?.();
      if (from !== ended) return;
      const [subject = '', nonce] = message.split(' ');
      if (subject.startsWith(USER_SUBJECT))
        app.sessions.forgetUser(subject.slice(USER_SUBJECT.length));
      else app.sessions.forget(subject);
      if (nonce) {
        redis.publish(forgotten, nonce).catch((err: unknown) => {
          app.redisWarning(err, 'could not confirm a forgotten session');
        });
      }
    });
    // On every (re)connection: a subscription asked for while Redis was down never happened.
    const subscribe = () =>
      subscriber.subscribe(ended, forgotten).catch((err: unknown) => {
        app.redisWarning(err, 'could not subscribe to ended sessions');
      });
    // The start already waited for Redis (plugins/external/redis.ts): when it is down, do not wait again.
    if (redis.status === 'ready' && (await whenReady(subscriber, START_WAIT_MS))) await subscribe();
    subscriber.on('ready', () => void subscribe());

    app.sessions.onEnded(async (subject) => {
      const nonce = randomUUID();
      let confirmed = 0;
      let receivers = Number.POSITIVE_INFINITY;
      let timer: NodeJS.Timeout | undefined;
      const outcome = new Promise<'confirmed' | 'late' | 'unannounced'>((resolve) => {
        // Confirmations may come back before PUBLISH's own answer does: they travel another connection.
        const check = () => confirmed >= receivers && resolve('confirmed');
        waiting.set(nonce, () => {
          confirmed += 1;
          check();
        });
        timer = setTimeout(() => resolve('late'), ACK_WAIT_MS);
        redis.publish(ended, `${subject} ${nonce}`).then(
          (count) => {
            receivers = count;
            check();
          },
          (err: unknown) => {
            app.redisWarning(err, 'could not announce an ended session');
            resolve('unannounced');
          },
        );
      });
      const heard = await outcome;
      clearTimeout(timer);
      waiting.delete(nonce);
      if (heard === 'late') {
        app.log.warn(
          { confirmed, receivers },
          'not every process confirmed an ended session in time; their memo forgets it within 2 s',
        );
      }
    });
    app.addHook('onClose', async () => closeRedis(subscriber));
  },
  { name: 'session-sync', dependencies: ['session', 'redis'] },
);

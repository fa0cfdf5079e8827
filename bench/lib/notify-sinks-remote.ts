// bench:notify's side of the sinks' own process (notify-sinks-process.ts): their ports, an agent
// that trusts the push sink's certificate, and what has arrived so far.
import { fork } from 'node:child_process';
import { Agent } from 'node:https';
import { z } from 'zod';

const tally = z.object({ size: z.number(), last: z.number(), duplicates: z.number() });
const ready = z.object({
  type: z.literal('ready'),
  smtpPort: z.number(),
  pushPort: z.number(),
  tarpitPort: z.number(),
  cert: z.string(),
});
const summary = z.object({
  type: z.literal('summary'),
  emails: tally,
  alerts: tally,
  messages: tally,
});
export type Arrived = z.infer<typeof summary>;

export async function remoteSinks() {
  const child = fork(new URL('./notify-sinks-process.ts', import.meta.url), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const first = await new Promise<unknown>((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the sinks' process left with ${code}`)));
  });
  const ports = ready.parse(first);
  return {
    ...ports,
    agent: new Agent({ ca: ports.cert, keepAlive: true, maxSockets: 64 }),
    /** What has arrived at the SMTP and push sinks so far. */
    arrived: () =>
      new Promise<Arrived>((resolve) => {
        child.once('message', (m) => resolve(summary.parse(m)));
        child.send('summary');
      }),
    /** Forgets what has arrived (a new round). */
    reset: () =>
      new Promise<void>((resolve) => {
        child.once('message', () => resolve());
        child.send('reset');
      }),
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send('close');
      }),
  };
}

// The parent's side of portal-process.ts: several portal servers, each a process of its own, on one
// PostgreSQL schema and one Redis prefix, as a campus runs replicas behind a balancer.
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { z } from 'zod';

const ready = z.object({ type: z.literal('ready'), base: z.string() });
const announced = z.object({ type: z.literal('announced'), planned: z.number() });

export interface PortalProcess {
  base: string;
  /** Plans a message's "also notify" in this process; resolves to how many jobs. */
  announce(messageId: number): Promise<number>;
  close(): Promise<void>;
}

function answer<T>(child: ChildProcess, schema: z.ZodType<T>) {
  return new Promise<T>((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`a portal process left with ${code}`));
    child.once('exit', exited);
    child.once('message', (m) => {
      child.off('exit', exited);
      resolve(schema.parse(m));
    });
  });
}

export async function startProcesses(
  count: number,
  init: { env: Record<string, string>; schema: string; shiftMs: number; pushCa?: string },
): Promise<PortalProcess[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const child = fork(new URL('./portal-process.ts', import.meta.url), {
        // BENCH_CPU_PROF=<folder>: each process writes its CPU profile there as it leaves.
        execArgv: [
          '--import',
          'tsx',
          ...(process.env.BENCH_CPU_PROF
            ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
            : []),
        ],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      child.send(init);
      const { base } = await answer(child, ready);
      return {
        base,
        announce: async (messageId: number) => {
          const done = answer(child, announced);
          child.send({ type: 'announce', messageId });
          return (await done).planned;
        },
        close: () =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.send({ type: 'close' });
          }),
      };
    }),
  );
}

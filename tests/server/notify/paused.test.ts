import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database.js';
import { createTestApp } from '../helpers/app.js';

const NOW = new Date('2026-11-23T18:00:00.000Z');

/** The embedded default (sample student with a task due soon, outbox mailer), fast timings. */
async function start(env: Record<string, string>) {
  const database = await openDatabase({ sqliteFile: ':memory:' });
  const app = await createTestApp({
    database,
    env,
    clock: () => NOW,
    notify: { run: true, pollMs: 50, firstPlanMs: 10, planMs: 100 },
  });
  await app.ready();
  return app;
}

describe('NOTIFY_PAUSED=1: a restored copy sends nothing until told to', () => {
  it('with NOTIFY_PAUSED=1 the planner and the worker do not run: no job is planned and the outbox stays empty, where the same process unpaused sends', async () => {
    const paused = await start({ NOTIFY_PAUSED: '1' });
    expect(paused.config.notify.paused).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await paused.notify.jobs.all()).toEqual([]);
    expect(await paused.notify.outbox.count()).toBe(0);
    await paused.close();

    const running = await start({ NOTIFY_PAUSED: '0' });
    await expect
      .poll(() => running.notify.outbox.count(), { timeout: 10_000, interval: 100 })
      .toBeGreaterThan(0);
    await running.close();
  }, 30_000);
});

import { describe, expect, it } from 'vitest';
import {
  IMAGE_WORK,
  ImageWorkBusyError,
  imageWorkStats,
  runImageWork,
} from '../../../server/media/image-work.js';

/** A job held open until its `release` is called. */
function heldJob() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let started = false;
  const done = runImageWork(async () => {
    started = true;
    await gate;
  });
  return { done, release, started: () => started };
}

describe('the image queue runs at most two jobs at once', () => {
  it('five jobs: two run, three wait, and each finished job lets the next one start', async () => {
    const jobs = Array.from({ length: 5 }, heldJob);
    expect(imageWorkStats()).toMatchObject({ running: 2, waiting: 3 });
    jobs[0]!.release();
    await jobs[0]!.done;
    expect(imageWorkStats()).toMatchObject({ running: 2, waiting: 2 });
    for (const job of jobs) job.release();
    await Promise.all(jobs.map((job) => job.done));
    expect(jobs.every((job) => job.started())).toBe(true);
    expect(imageWorkStats()).toMatchObject({ running: 0, waiting: 0, peak: 2 });
  });

  it('a job past the waiting limit is refused at once, never started', async () => {
    const jobs = Array.from({ length: IMAGE_WORK.concurrent + IMAGE_WORK.maxWaiting }, heldJob);
    const refused = heldJob();
    await expect(refused.done).rejects.toBeInstanceOf(ImageWorkBusyError);
    expect(refused.started()).toBe(false);
    for (const job of jobs) job.release();
    await Promise.all(jobs.map((job) => job.done));
    expect(imageWorkStats()).toMatchObject({ running: 0, waiting: 0, peak: 2 });
  });
});

// Next Steps filter switching in Chromium: ms from choosing a filter to the new list laid out, for a
// user with 1,000 tasks, against a baseline user with 10 tasks measured in the same run.
// Needs `npm run build` first. Writes bench/results/tasks.json.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { Page } from 'playwright-core';
import { chromiumLaunch } from '../playwright.config.js';
import { openDatabase } from '../server/db/database.js';
import { NextStepsProfileRepository } from '../server/db/repositories/next-steps-profile.repository.js';
import { NextStepsTasksRepository } from '../server/db/repositories/next-steps-tasks.repository.js';
import { seedNextSteps } from '../server/next-steps/seed.js';

const port = Number(process.env.BENCH_PORT ?? process.env.E2E_PORT ?? 4185);
const base = `http://127.0.0.1:${port}`;
const ROUNDS = 6;
const FILTERS = ['Overdue', 'Bookmarks', 'Done', 'Dismissed', 'Up Next'];
const DAY = 86_400_000;

async function prepare(dataDir: string) {
  const database = await openDatabase({ dataDir });
  const tasks = new NextStepsTasksRepository(database.db);
  const now = new Date();
  await seedNextSteps(new NextStepsProfileRepository(database.db), tasks, now);
  // Only the benchmark's tasks are visible: the sample ones are unpublished here.
  await database.db.updateTable('ns_tasks').set({ published: 0 }).execute();
  const category = await database.db
    .selectFrom('ns_categories')
    .select('id')
    .executeTakeFirstOrThrow();
  for (const [name, count] of [
    ['Benchmark 1000', 1000],
    ['Benchmark 10', 10],
  ] as const) {
    const { id } = await database.db
      .insertInto('ns_student_types')
      .values({ name })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < count; i += 1) {
      const overdue = i % 13 === 0;
      const ends = new Date(now.getTime() + (overdue ? -(1 + (i % 5)) : 1 + (i % 90)) * DAY);
      await tasks.insertTask(
        {
          title: `${name} task ${i + 1}`,
          description: `Benchmark task ${i + 1}.`,
          category_id: category.id,
          starts_on: i % 3 === 0 ? new Date(now.getTime() - (i % 20) * DAY).toISOString() : null,
          ends_on: ends.toISOString(),
          has_deadline: Number(i % 2 === 0 || overdue),
          is_important: Number(i % 11 === 0),
          important_reason: '',
          new_student_checklist: 0,
          checklist_rank: null,
          action_date: null,
          periodicity: 'once',
          sort_by: 'START',
          modality: 'ONLINE',
          published: 1,
        },
        [id],
      );
    }
  }
  await database.close();
}

/** Signs in, joins the benchmark student type, and marks some tasks done, dismissed and starred. */
async function signInWithTasks(page: Page, persona: string, studentType: string) {
  await page.goto(`${base}/auth/login?next=%2F`);
  await page.getByRole('button', { name: `Sign in as ${persona}`, exact: true }).click();
  await page.waitForURL(`${base}/`);
  await page.evaluate(async (typeName) => {
    const [user] = (await (await fetch('/next-steps/api/user/')).json()) as Array<{
      auth_token: string;
    }>;
    const headers = {
      authorization: `Token ${user?.auth_token ?? ''}`,
      'content-type': 'application/json',
    };
    const types = (await (
      await fetch('/next-steps/api/student_types/', { headers })
    ).json()) as Array<{ id: number; name: string }>;
    const [mine] = (await (
      await fetch('/next-steps/api/user_student_types/', { headers })
    ).json()) as Array<{ pk: number }>;
    const wanted = types.find((t) => t.name === typeName)!.id;
    await fetch(`/next-steps/api/user_student_types/${mine?.pk ?? 0}/`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ student_types: [wanted] }),
    });
    const list = (await (
      await fetch('/next-steps/api/user_task/?published=True', { headers })
    ).json()) as Array<{ id: number }>;
    const now = new Date().toISOString();
    for (const [i, t] of list.entries()) {
      const body =
        i % 5 === 1
          ? { completed_on: now }
          : i % 9 === 2
            ? { does_not_apply_on: now }
            : i % 7 === 3
              ? { starred: true }
              : null;
      if (body) {
        await fetch(`/next-steps/api/user_task/${t.id}/`, {
          method: 'PATCH',
          headers,
          body: JSON.stringify(body),
        });
      }
    }
  }, studentType);
}

/** ms from clicking a filter to its list committed and laid out, for each switch. */
async function measure(page: Page): Promise<{ shown: number[]; complete: number[] }> {
  await page.goto(`${base}/next-steps/task`);
  await page.locator('.task-list').waitFor();
  const times: number[] = [];
  const complete: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const name of FILTERS) {
      await page.getByRole('button', { name: 'FILTER' }).click();
      await page.getByRole('link', { name, exact: true }).waitFor();
      const ms = await page.evaluate(async (label) => {
        const heading = document.querySelector('.tasks__heading')!;
        const link = [...document.querySelectorAll<HTMLAnchorElement>('.filter-menu__list a')].find(
          (a) => a.textContent === label,
        )!;
        const changed = new Promise<void>((resolve) => {
          const observer = new MutationObserver(() => {
            if (heading.textContent === label) {
              observer.disconnect();
              resolve();
            }
          });
          observer.observe(heading, { childList: true, characterData: true, subtree: true });
        });
        const start = performance.now();
        link.click();
        await changed;
        void document.body.offsetHeight; // forces style and layout of the new list
        const shown = performance.now() - start;
        // Then the whole list: the rest of the items follow in an interruptible render.
        for (;;) {
          const ul = document.querySelector('.task-list');
          if (!ul || ul.children.length >= Number(ul.getAttribute('data-count'))) break;
          await new Promise((r) => setTimeout(r, 0));
        }
        void document.body.offsetHeight;
        return [shown, performance.now() - start] as const;
      }, name);
      times.push(ms[0]);
      complete.push(ms[1]);
    }
  }
  return { shown: times, complete };
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return {
    switches: values.length,
    medianMs: +at(0.5).toFixed(1),
    p95Ms: +at(0.95).toFixed(1),
    maxMs: +sorted[sorted.length - 1]!.toFixed(1),
    meanMs: +(values.reduce((s, v) => s + v, 0) / values.length).toFixed(1),
  };
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-tasks-'));
await prepare(dataDir);
const server = spawn('node', ['dist/server/server.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  for (let i = 0; ; i += 1) {
    if ((await fetch(`${base}/readyz`).catch(() => null))?.ok) break;
    if (i > 100) throw new Error('The server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const browser = await chromium.launch(chromiumLaunch);
  const results: Record<
    string,
    { shown: ReturnType<typeof stats>; complete: ReturnType<typeof stats> }
  > = {};
  for (const [key, persona, type] of [
    ['tasks10', 'New student', 'Benchmark 10'],
    ['tasks1000', 'Student', 'Benchmark 1000'],
  ] as const) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await signInWithTasks(page, persona, type);
    await measure(page); // warm-up
    const m = await measure(page);
    results[key] = { shown: stats(m.shown), complete: stats(m.complete) };
    await context.close();
  }
  await browser.close();
  const report = {
    measuredAt: new Date().toISOString(),
    what:
      'ms per filter switch in Chromium: "shown" = click to the new heading and first items ' +
      'committed and laid out; "complete" = until every item of the filter is rendered',
    targetMs: 50,
    baseline: results.tasks10,
    tasks1000: results.tasks1000,
    ratioToBaseline: +(results.tasks1000!.shown.medianMs / results.tasks10!.shown.medianMs).toFixed(
      2,
    ),
    meetsTarget: results.tasks1000!.shown.p95Ms <= 50,
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/tasks.json', `${JSON.stringify(report, null, 2)}\n`);
  console.log(report);
} finally {
  server.kill('SIGTERM');
}

import type { SampleIds, SamplesRepository } from '../db/repositories/samples.repository.js';
import { sampleMessages } from '../messages/sample-messages.js';
import { sampleTasks } from '../next-steps/sample-data.js';
import { dashboardPosts } from './sample-dashboard.js';
import { pagePosts, samplePages } from './sample-pages.js';

/**
 * `npm run samples -- list|remove` (issue 62): what the sample seed (SEED_SAMPLES) created and no one
 * touched since. 1.0.0 seeded the samples into every new store and marked none of them, so a row is
 * the seed's when it is the sample itself and was never edited:
 * - a post: a sample's slug and title (or the title an earlier release gave it), still at version 1
 *   (every admin edit bumps it), and no editor's Markdown (the admin writes Markdown; the seed wrote
 *   HTML only);
 * - a page: a sample page's path, still at version 1 (its post list is changed through the admin,
 *   which bumps it); an edited page stays, and only the untouched sample posts leave its list;
 * - a Next Steps task: a sample's title and description, still at version 1;
 * - a message: a sample's seed key (staff's messages have none; messages are never edited).
 * The demo mode's own messages, and the Next Steps categories and student types staff's tasks use,
 * stay.
 */

/** One row the seed made, as the command prints it. */
export interface SampleRow {
  kind: 'post' | 'page' | 'task' | 'message';
  id: number;
  /** The slug, path or title a person recognises. */
  name: string;
}

const samplePosts = [...dashboardPosts, ...pagePosts];

/**
 * The titles earlier releases' seed gave sample posts whose title has since changed (a fixed date
 * that went by): a store seeded then still holds them, and they are the seed's all the same.
 */
const FORMER_TITLES: ReadonlyArray<readonly [slug: string, title: string]> = [
  ['winter-term-welcome', 'Winter term starts January 6'],
  ['winter-term-employees', 'Winter term starts January 6'],
  ['winter-term-faculty', 'Winter term starts January 6'],
  ['open-enrollment-benefits', 'Benefits open enrollment closes November 30'],
  ['homecoming-weekend', 'Homecoming weekend, October 17–19'],
];

/** The rows the sample seed created that are still as it made them. */
export async function sampleRows(repo: SamplesRepository): Promise<SampleRow[]> {
  const postTitles = new Set(
    [...samplePosts.map((p) => [p.slug, p.title] as const), ...FORMER_TITLES].map(
      ([slug, title]) => `${slug}\n${title}`,
    ),
  );
  const posts = (await repo.postsBySlug(samplePosts.map((p) => p.slug))).filter(
    (p) => p.version === 1 && p.body_markdown === null && postTitles.has(`${p.slug}\n${p.title}`),
  );
  const pagePaths = samplePages(dashboardPosts.map((p) => p.slug)).map((p) => p.path);
  const pages = (await repo.pagesByPath(pagePaths)).filter((p) => p.version === 1);
  const taskText = new Map(sampleTasks.map((t) => [t.title, t.description]));
  const tasks = (await repo.tasksByTitle([...taskText.keys()])).filter(
    (t) => t.version === 1 && taskText.get(t.title) === t.description,
  );
  // The seed keys do not depend on the day the seed ran: any day gives them.
  const keys = sampleMessages(new Date(0)).map((m) => m.seed_key);
  const messages = await repo.messagesBySeedKey(keys);
  return [
    ...pages.map((p) => ({ kind: 'page' as const, id: p.id, name: p.path })),
    ...posts.map((p) => ({ kind: 'post' as const, id: p.id, name: p.slug })),
    ...tasks.map((t) => ({ kind: 'task' as const, id: t.id, name: t.title })),
    ...messages.map((m) => ({ kind: 'message' as const, id: m.id, name: m.title })),
  ];
}

/** Removes the rows `sampleRows` finds, all or none; answers what it removed. */
export async function removeSamples(repo: SamplesRepository): Promise<SampleRow[]> {
  const rows = await sampleRows(repo);
  const ids: SampleIds = { posts: [], pages: [], tasks: [], messages: [] };
  const table = { post: ids.posts, page: ids.pages, task: ids.tasks, message: ids.messages };
  for (const row of rows) table[row.kind].push(row.id);
  await repo.remove(ids);
  return rows;
}

/** The rows as the command prints them: one line each, then a count. */
export function sampleLines(rows: readonly SampleRow[], verb: 'sample' | 'removed'): string[] {
  if (rows.length === 0) {
    return [verb === 'removed' ? 'Nothing removed: no sample content left.' : 'No sample content.'];
  }
  const lines = rows.map((row) => `  ${row.kind.padEnd(8)} #${row.id} ${row.name}`);
  const count = `${rows.length} row${rows.length === 1 ? '' : 's'}`;
  return [...lines, verb === 'removed' ? `Removed ${count}.` : `${count} of sample content.`];
}

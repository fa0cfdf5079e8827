import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import { seedRows } from './changes/tasks.js';
import { seedContent } from './content/seed.js';
import type { StartStep } from './db/database.js';
import type { Dialect } from './db/dialect.js';
import { repositoriesOn } from './db/repositories.js';
import type { DatabaseSchema } from './db/schema.js';
import { demoMessages } from './demo/demo-messages.js';
import { storedLink } from './messages/links.js';
import { sampleMessages } from './messages/sample-messages.js';
import { seedNextSteps } from './next-steps/seed.js';

/** What the start's seed is told: whether the samples go in (SEED_SAMPLES), the day, the campus zone. */
export interface SeedOptions {
  samples: boolean;
  now: Date;
  zone: string;
}

/** What one seed stored: nothing at all on a store seeded before. */
export interface SeedReport {
  /** The sample posts and pages (none when any post exists). */
  content: boolean;
  /** The Next Steps sample tasks and their choices (none when any task exists). */
  nextSteps: boolean;
  /** Sample messages added (each once, by its seed key). */
  sampleMessages: number;
  /** Demo mode's own messages added, with or without the samples. */
  demoMessages: number;
}

/**
 * Every seed the start makes, in one place (issue 71): the sample content, the Next Steps samples and
 * the sample messages when SEED_SAMPLES is on, and demo mode's messages always. A step of the store's
 * start (`openDatabase`'s `seed`), after the migrations and under their lock, in one transaction, so
 * two processes starting on one empty store take turns and the second finds the first's rows; each
 * insert is `ON CONFLICT DO NOTHING` besides. It used to run in three plugins, inside Fastify's
 * plugin time limit, which a loaded machine overran.
 */
export async function seedStore(
  db: Kysely<DatabaseSchema>,
  dialect: Dialect,
  options: SeedOptions,
): Promise<SeedReport> {
  const repos = repositoriesOn(db, dialect);
  const { samples, now, zone } = options;
  const content = samples && (await seedContent(repos.content, now));
  const nextSteps =
    samples && (await seedNextSteps(repos.nextStepsProfile, repos.nextStepsTasks, now, zone));
  // The sample data's change rules (issue 74) with its Next Steps data, once.
  if (nextSteps) await repos.changeRules.seed(await seedRows(repos), now);
  const linked = <M extends { action_link?: string | null }>(list: M[]) =>
    list.map((message) => ({ ...message, action_link: storedLink(message.action_link) }));
  const sampled = samples ? await repos.messages.seed(linked(sampleMessages(now))) : 0;
  const demo = await repos.messages.seed(linked(demoMessages(now)));
  return { content, nextSteps, sampleMessages: sampled, demoMessages: demo };
}

/** The log lines of a seed: one per thing it stored, none for what it did not. */
export function seedLines(report: SeedReport): Array<{ msg: string; added?: number }> {
  return [
    ...(report.content ? [{ msg: 'seeded the sample content' }] : []),
    ...(report.nextSteps ? [{ msg: 'seeded the Next Steps sample data' }] : []),
    ...(report.sampleMessages > 0
      ? [{ msg: 'seeded the sample messages', added: report.sampleMessages }]
      : []),
    ...(report.demoMessages > 0
      ? [{ msg: 'seeded the demo messages', added: report.demoMessages }]
      : []),
  ];
}

/** The seed as the store's start step; `told` hears what it stored. */
export function seedStep(options: SeedOptions, told?: (report: SeedReport) => void): StartStep {
  return async (db, dialect) => {
    const report = await seedStore(db, dialect, options);
    told?.(report);
  };
}

/** The start's seed as the configuration asks for it (SEED_SAMPLES, the campus zone), dated `now`. */
export function configuredSeed(
  config: Pick<Config, 'seedSamples' | 'campus'>,
  now: Date = new Date(),
  told?: (report: SeedReport) => void,
): StartStep {
  return seedStep({ samples: config.seedSamples, now, zone: config.campus.timeZone }, told);
}

import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import * as initial from './001-initial.js';
import * as nextSteps from './002-next-steps.js';
import * as auditLog from './003-audit-log.js';
import * as content from './005-content.js';

type Step = { up: (db: Kysely<unknown>, dialect: Dialect) => Promise<void> };

/** Every migration in order. Add a file `NNN-name.ts` and list it here. */
const steps: Record<string, Step> = {
  '001-initial': initial,
  '002-next-steps': nextSteps,
  '003-audit-log': auditLog,
  '005-content': content,
};

export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(steps).map(([name, step]) => [name, { up: (db) => step.up(db, dialect) }]),
  );
}

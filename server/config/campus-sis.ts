import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ethosResources } from './ethos-resources.js';
import type { EthosResource } from './ethos-resources.js';
import { ConfigError } from './env.js';
import { studentAccountSchema } from './peoplesoft-account.js';

/** Where a hold of one Ethos category comes from, and what it stops (next-steps.md §3 holds). */
const holdCategorySchema = z.object({
  office: z.string().min(1).max(20),
  officeDescription: z.string().min(1).max(120),
  processes: z.array(z.string().min(1).max(60)).max(10),
});
export type HoldCategory = z.infer<typeof holdCategorySchema>;

/** The default table: Ethos `person-hold-types.category` → the office and the processes it stops. */
export const DEFAULT_HOLD_CATEGORIES: Record<string, HoldCategory> = {
  academic: {
    office: 'ACAD',
    officeDescription: 'Academic Affairs',
    processes: ['Registration'],
  },
  financial: {
    office: 'BURS',
    officeDescription: 'Student Accounts',
    processes: ['Registration', 'Transcripts', 'Graduation'],
  },
  disciplinary: {
    office: 'DOS',
    officeDescription: 'Dean of Students',
    processes: ['Registration'],
  },
  administrative: {
    office: 'REG',
    officeDescription: 'Registrar',
    processes: ['Registration'],
  },
  graduation: { office: 'REG', officeDescription: 'Registrar', processes: ['Graduation'] },
  transcripts: { office: 'REG', officeDescription: 'Registrar', processes: ['Transcripts'] },
  health: { office: 'HLTH', officeDescription: 'Student Health', processes: ['Registration'] },
};
/** A category the table does not name. */
export const FALLBACK_HOLD_CATEGORY: HoldCategory = {
  office: 'REG',
  officeDescription: 'Registrar',
  processes: ['Registration'],
};

const versionsSchema = z
  .record(z.string(), z.number().int().min(1).max(99))
  .refine((v) => Object.keys(v).every((k) => ethosResources.includes(k as EthosResource)), {
    error: `names a resource the adapter does not read (it reads ${ethosResources.join(', ')})`,
  });

/**
 * The campus configuration's `sis` part, server-only (it is not in `GET /api/campus`): the Ethos
 * resource versions the campus's tenant offers where they differ from the adapter's, and the hold
 * category table, merged over the defaults; for PeopleSoft, where the student account's amounts are
 * read in its message (`peoplesoft-account.ts`), merged over the defaults field by field.
 */
const campusSisSchema = z
  .object({
    ethos: z
      .object({
        versions: versionsSchema.default({}),
        holdCategories: z.record(z.string().max(60), holdCategorySchema).default({}),
      })
      .prefault({}),
    peoplesoft: z.object({ studentAccount: studentAccountSchema }).prefault({}),
  })
  .prefault({});

export type CampusSis = z.infer<typeof campusSisSchema>;

/** Reads `sis` from the `CAMPUS_CONFIG` file (already read and checked as JSON by campus.ts). */
export function readCampusSis(file: string | undefined): CampusSis {
  const raw: unknown = file ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const sis = z.looseObject({ sis: z.unknown() }).safeParse(raw);
  const parsed = campusSisSchema.safeParse(sis.success ? sis.data.sis : undefined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `CAMPUS_CONFIG sis.${i.path.join('.')}: ${i.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return parsed.data;
}

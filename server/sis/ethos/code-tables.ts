import type { z } from 'zod';
import type { EthosClient } from './client.js';
import { Memo } from './memo.js';
import {
  academicLevelSchema,
  academicPeriodSchema,
  advisorTypeSchema,
  buildingSchema,
  gradeDefinitionSchema,
  holdTypeSchema,
  programSchema,
  roomSchema,
  standingDefinitionSchema,
  subjectSchema,
} from './models.js';
import type { EthosResource } from '../../config/ethos-resources.js';

/** Code tables change a few times a year: read once for everyone, again a day later. */
export const CODE_TABLE_MS = 24 * 3_600_000;

/** One code table: read whole on first use, kept a day for everyone. */
class CodeTable<S extends z.ZodType<{ id: string }>> {
  private readonly memo: Memo<Map<string, z.output<S>>>;

  constructor(
    private readonly client: EthosClient,
    private readonly resource: EthosResource,
    private readonly schema: S,
    clock: () => number,
  ) {
    this.memo = new Memo(CODE_TABLE_MS, 1, clock);
  }

  /** The whole table by GUID. */
  all(): Promise<Map<string, z.output<S>>> {
    return this.memo.get('all', async () => {
      const rows = await this.client.list(this.resource, this.schema);
      return new Map(rows.map((row) => [row.id, row]));
    });
  }

  /** One row; an unknown GUID is undefined, for the mapping to decide. */
  async one(id: string | undefined): Promise<z.output<S> | undefined> {
    return id === undefined ? undefined : (await this.all()).get(id);
  }

  clear(): void {
    this.memo.clear();
  }
}

/**
 * The code tables (issue 58 §5), shared by every student, so a week of six classes costs no room,
 * building or subject calls.
 */
export function codeTables(client: EthosClient, clock: () => number) {
  const table = <S extends z.ZodType<{ id: string }>>(resource: EthosResource, schema: S) =>
    new CodeTable(client, resource, schema, clock);
  const all = {
    periods: table('academic-periods', academicPeriodSchema),
    subjects: table('subjects', subjectSchema),
    rooms: table('rooms', roomSchema),
    buildings: table('buildings', buildingSchema),
    grades: table('grade-definitions', gradeDefinitionSchema),
    holdTypes: table('person-hold-types', holdTypeSchema),
    advisorTypes: table('advisor-types', advisorTypeSchema),
    levels: table('academic-levels', academicLevelSchema),
    programs: table('academic-programs', programSchema),
    standings: table('academic-standings', standingDefinitionSchema),
  };
  return {
    ...all,
    /** Loads every table now (sis:check measures a student's reads once they are loaded). */
    async load() {
      await Promise.all(Object.values(all).map((t) => t.all()));
    },
    clear() {
      for (const t of Object.values(all)) t.clear();
    },
  };
}
export type CodeTables = ReturnType<typeof codeTables>;

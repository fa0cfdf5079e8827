import { z } from 'zod';
import type { CacheStore } from '../../cache/store.js';
import type { EthosClient } from './client.js';
import {
  academicLevelSchema,
  academicPeriodSchema,
  advisorTypeSchema,
  gradeDefinitionSchema,
  holdTypeSchema,
  programSchema,
  roomSchema,
  standingDefinitionSchema,
  subjectSchema,
} from './models.js';
import { buildingSchema, siteSchema } from './building-model.js';
import type { EthosResource } from '../../config/ethos-resources.js';

/** Code tables change a few times a year: read once for everyone, again a day later. */
export const CODE_TABLE_MS = 24 * 3_600_000;

/**
 * A code table's key in the shared store, by its resource and the version read: a campus that moves
 * a resource to another version reads it again rather than take the old shape. Every table has one
 * owner (`ethos:code-tables`), so the tables go together with one prefix.
 */
export const codeTableKey = (resource: EthosResource, version: number) =>
  `ethos:code-tables:${resource}:v${version}`;

interface TableOptions {
  clock: () => number;
  /** The store every process shares (Redis), when there is one: a table one process read, all use. */
  shared?: CacheStore | undefined;
  /** Told when the shared store fails: the table is then read from Ethos as if it held nothing. */
  onSharedError?: ((err: unknown) => void) | undefined;
}

/**
 * One code table: read whole on first use, kept a day for everyone. With a shared store, the table
 * and its freshness are stored there as read, and another process takes them (parsed back with the
 * table's schema, never trusted) instead of reading Ethos again; in each process one load at a
 * time (single flight), a failed load kept by nobody.
 */
class CodeTable<S extends z.ZodType<{ id: string }>> {
  private held: { until: number; rows: Map<string, z.output<S>> } | undefined;
  private loading: Promise<Map<string, z.output<S>>> | undefined;

  constructor(
    private readonly client: EthosClient,
    private readonly resource: EthosResource,
    private readonly schema: S,
    private readonly options: TableOptions,
  ) {}

  /** The whole table by GUID. */
  all(): Promise<Map<string, z.output<S>>> {
    if (this.held && this.options.clock() < this.held.until) return Promise.resolve(this.held.rows);
    if (this.loading) return this.loading;
    const loading = this.load().then(({ until, rows }) => {
      if (this.loading === loading) this.held = { until, rows };
      return rows;
    });
    this.loading = loading;
    const done = () => {
      if (this.loading === loading) this.loading = undefined;
    };
    loading.then(done, done);
    return loading;
  }

  /** One row; an unknown GUID is undefined, for the mapping to decide. */
  async one(id: string | undefined): Promise<z.output<S> | undefined> {
    return id === undefined ? undefined : (await this.all()).get(id);
  }

  clear(): void {
    this.held = undefined;
    this.loading = undefined;
  }

  private async load() {
    const { clock, shared } = this.options;
    const key = codeTableKey(this.resource, this.client.versionOf(this.resource));
    const stored = shared ? await this.attempt(() => shared.get(key), undefined) : undefined;
    if (stored && clock() < stored.freshUntil) {
      const parsed = z.array(this.schema).safeParse(stored.value);
      if (parsed.success) return { until: stored.freshUntil, rows: byId(parsed.data) };
    }
    const list = await this.client.list(this.resource, this.schema);
    const at = clock();
    const until = at + CODE_TABLE_MS;
    if (shared) {
      const entry = { value: list, storedAt: at, freshUntil: until };
      await this.attempt(() => shared.set(key, entry, CODE_TABLE_MS), undefined);
    }
    return { until, rows: byId(list) };
  }

  private async attempt<T>(call: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await call();
    } catch (err) {
      this.options.onSharedError?.(err);
      return fallback;
    }
  }
}

const byId = <R extends { id: string }>(rows: readonly R[]) =>
  new Map(rows.map((row) => [row.id, row]));

/**
 * The code tables (issue 58 §5), shared by every student, so a week of six classes costs no room,
 * building or subject calls; with a shared store (issue 72), shared by every process too.
 */
export function codeTables(client: EthosClient, options: TableOptions) {
  const table = <S extends z.ZodType<{ id: string }>>(resource: EthosResource, schema: S) =>
    new CodeTable(client, resource, schema, options);
  const all = {
    periods: table('academic-periods', academicPeriodSchema),
    subjects: table('subjects', subjectSchema),
    rooms: table('rooms', roomSchema),
    buildings: table('buildings', buildingSchema),
    sites: table('sites', siteSchema),
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
    /** Forgets what this process holds (the shared store keeps its copies until they expire). */
    clear() {
      for (const t of Object.values(all)) t.clear();
    },
  };
}
export type CodeTables = ReturnType<typeof codeTables>;

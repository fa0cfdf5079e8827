import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import type { AuditLogTable, DatabaseSchema } from '../schema.js';

export type AuditValue = string | number | boolean | null;
export type AuditDetail = Record<string, AuditValue>;

export interface AuditEntry {
  at: Date;
  userId: number | null;
  username: string | null;
  /** Dot-cased `domain.verb`: `auth.signIn`, `auth.signOut`, `demo.toggle`, `admin.…`. */
  action: string;
  detail: AuditDetail;
  address: string | null;
  /** The kind of object an admin change touched (`task`, `category`, `post`…), and which one. */
  kind?: string | null;
  objectId?: string | null;
  changes?: AuditChanges;
}

/** What staff filter the log by: a person's username, a kind of object, a date range (UTC days). */
export interface AuditFilter {
  username?: string | undefined;
  kind?: string | undefined;
  from?: Date | undefined;
  until?: Date | undefined;
  limit: number;
  /** Keyset: only entries older than this one (a smaller id). */
  before?: number | undefined;
}

const detailSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
const changesSchema = z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() }));
/** The fields an admin change altered, each with its value before and after. */
export type AuditChanges = z.infer<typeof changesSchema>;

function parsed<T>(schema: z.ZodType<T>, text: string, empty: T): T {
  try {
    const result = schema.safeParse(JSON.parse(text));
    return result.success ? result.data : empty;
  } catch {
    return empty;
  }
}

function toEntry(row: Selectable<AuditLogTable>): AuditEntry & { id: number } {
  return {
    id: row.id,
    at: new Date(row.at),
    userId: row.user_id,
    username: row.username,
    action: row.action,
    detail: parsed(detailSchema, row.detail, {}),
    address: row.address,
    kind: row.kind,
    objectId: row.object_id,
    changes: parsed(changesSchema, row.changes, {}),
  };
}

/** The audit log only grows: entries are recorded and read, never changed. */
export class AuditRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.db
      .insertInto('audit_log')
      .values({
        at: entry.at.toISOString(),
        user_id: entry.userId,
        username: entry.username,
        action: entry.action,
        detail: JSON.stringify(entry.detail),
        address: entry.address,
        kind: entry.kind ?? null,
        object_id: entry.objectId ?? null,
        changes: JSON.stringify(entry.changes ?? {}),
      })
      .execute();
  }

  /** The newest entries first. */
  async latest(limit: number): Promise<Array<AuditEntry & { id: number }>> {
    return this.search({ limit });
  }

  /** The newest entries first that match every filter given. */
  async search(filter: AuditFilter): Promise<Array<AuditEntry & { id: number }>> {
    let select = this.db.selectFrom('audit_log').selectAll();
    if (filter.username) select = select.where('username', '=', filter.username);
    if (filter.kind) select = select.where('kind', '=', filter.kind);
    if (filter.from) select = select.where('at', '>=', filter.from.toISOString());
    if (filter.until) select = select.where('at', '<', filter.until.toISOString());
    if (filter.before !== undefined) select = select.where('id', '<', filter.before);
    const rows = await select.orderBy('id', 'desc').limit(filter.limit).execute();
    return rows.map(toEntry);
  }

  /** One entry, with every value as recorded; undefined when there is none of that id. */
  async byId(id: number): Promise<(AuditEntry & { id: number }) | undefined> {
    const row = await this.db
      .selectFrom('audit_log')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toEntry(row);
  }

  /** The kinds of object the log names, for the filter's choices. */
  async kinds(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('audit_log')
      .select('kind')
      .distinct()
      .where('kind', 'is not', null)
      .orderBy('kind')
      .execute();
    return rows.flatMap((r) => (r.kind === null ? [] : [r.kind]));
  }
}

import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import type { AuditLogTable, DatabaseSchema } from '../schema.js';

export type AuditDetail = Record<string, string | number | boolean | null>;

export interface AuditEntry {
  at: Date;
  userId: number | null;
  username: string | null;
  /** Dot-cased `domain.verb`: `auth.signIn`, `auth.signOut`, `demo.toggle`, `admin.…`. */
  action: string;
  detail: AuditDetail;
  address: string | null;
}

const detailSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

function toEntry(row: Selectable<AuditLogTable>): AuditEntry & { id: number } {
  const detail = detailSchema.safeParse(JSON.parse(row.detail));
  return {
    id: row.id,
    at: new Date(row.at),
    userId: row.user_id,
    username: row.username,
    action: row.action,
    detail: detail.success ? detail.data : {},
    address: row.address,
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
      })
      .execute();
  }

  /** The newest entries first. */
  async latest(limit: number): Promise<Array<AuditEntry & { id: number }>> {
    const rows = await this.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toEntry);
  }
}

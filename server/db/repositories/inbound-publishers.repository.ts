import type { Kysely, Selectable } from 'kysely';
import type {
  InboundAuditTable,
  InboundKeysTable,
  InboundPublishersTable,
} from '../inbound.schema.js';
import type { DatabaseSchema } from '../schema.js';

export type PublisherRow = Selectable<InboundPublishersTable>;
export type KeyRow = Selectable<InboundKeysTable>;
export type AuditRow = Selectable<InboundAuditTable>;

export interface NewPublisher {
  name: string;
  label: string;
  scopes: readonly string[];
  roles: readonly string[];
  groups: readonly string[];
  maxRecipients: number;
}

export interface NewAudit {
  publisherId: number | null;
  keyId: string | null;
  method: string;
  sourceId: string | null;
  audienceSize: number | null;
  status: number;
  detail: string;
}

/** Publishers of the inbound API (issue 60), their keys (hashes only) and the audit of their calls. */
export class InboundPublishersRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async create(p: NewPublisher, now: Date): Promise<number> {
    const row = await this.db
      .insertInto('inbound_publishers')
      .values({ ...this.columns(p), name: p.name, created_at: now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, p: Omit<NewPublisher, 'name'>): Promise<void> {
    await this.db
      .updateTable('inbound_publishers')
      .set(this.columns(p))
      .where('id', '=', id)
      .execute();
  }

  private columns(p: Omit<NewPublisher, 'name'>) {
    return {
      label: p.label,
      scopes: JSON.stringify(p.scopes),
      roles: JSON.stringify(p.roles),
      groups: JSON.stringify(p.groups),
      max_recipients: p.maxRecipients,
    };
  }

  async list(): Promise<PublisherRow[]> {
    return this.db.selectFrom('inbound_publishers').selectAll().orderBy('name').execute();
  }

  async byId(id: number): Promise<PublisherRow | undefined> {
    return this.db
      .selectFrom('inbound_publishers')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async byName(name: string): Promise<PublisherRow | undefined> {
    return this.db
      .selectFrom('inbound_publishers')
      .selectAll()
      .where('name', '=', name)
      .executeTakeFirst();
  }

  async addKey(publisherId: number, id: string, hash: string, now: Date): Promise<void> {
    await this.db
      .insertInto('inbound_keys')
      .values({ id, publisher_id: publisherId, hash, created_at: now.toISOString() })
      .execute();
  }

  /** The publisher's keys, newest first, revoked ones too. */
  async keys(publisherId: number): Promise<KeyRow[]> {
    return this.db
      .selectFrom('inbound_keys')
      .selectAll()
      .where('publisher_id', '=', publisherId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }

  async key(id: string): Promise<KeyRow | undefined> {
    return this.db.selectFrom('inbound_keys').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Revokes a live key; false when there is no such live key. */
  async revokeKey(id: string, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('inbound_keys')
      .set({ revoked_at: now.toISOString() })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The live key whose hash this is, with its publisher; undefined when none (or revoked). */
  async liveKeyByHash(hash: string): Promise<{ key: KeyRow; publisher: PublisherRow } | undefined> {
    const key = await this.db
      .selectFrom('inbound_keys')
      .selectAll()
      .where('hash', '=', hash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!key) return undefined;
    const publisher = await this.byId(key.publisher_id);
    return publisher && { key, publisher };
  }

  async touchKey(id: string, now: Date): Promise<void> {
    await this.db
      .updateTable('inbound_keys')
      .set({ last_used_at: now.toISOString() })
      .where('id', '=', id)
      .execute();
  }

  async audit(entry: NewAudit, now: Date): Promise<void> {
    await this.db
      .insertInto('inbound_audit')
      .values({
        at: now.toISOString(),
        publisher_id: entry.publisherId,
        key_id: entry.keyId,
        method: entry.method,
        source_id: entry.sourceId,
        audience_size: entry.audienceSize,
        status: entry.status,
        detail: entry.detail.slice(0, 500),
      })
      .execute();
  }

  /** The publisher's latest calls, newest first. */
  async auditOf(publisherId: number, limit = 100): Promise<AuditRow[]> {
    return this.db
      .selectFrom('inbound_audit')
      .selectAll()
      .where('publisher_id', '=', publisherId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}

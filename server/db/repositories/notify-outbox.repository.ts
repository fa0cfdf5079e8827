import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DatabaseSchema } from '../schema.js';

export interface OutboxMessage {
  jobId: number | null;
  recipient: string;
  subject: string;
  topic: string;
  headers: Record<string, string>;
  text: string;
  html: string;
  /** `email` unless given; `sms` for a text message (no subject of its own, no HTML). */
  channel?: 'email' | 'sms';
}

export interface OutboxEntry extends OutboxMessage {
  id: number;
  createdAt: string;
  /** The state of the job that wrote it (`sent`, or `running` while its sender is finishing). */
  state: string;
}

const headersSchema = z.record(z.string(), z.string());

/** Email kept in the database when no SMTP server is configured; staff read it at /admin/outbox. */
export class NotifyOutboxRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async add(message: OutboxMessage, now: Date): Promise<number> {
    const row = await this.db
      .insertInto('notify_outbox')
      .values({
        job_id: message.jobId,
        recipient: message.recipient,
        subject: message.subject,
        topic: message.topic,
        headers: JSON.stringify(message.headers),
        text_body: message.text,
        html_body: message.html,
        created_at: now.toISOString(),
        ...(message.channel ? { channel: message.channel } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  private select() {
    return this.db
      .selectFrom('notify_outbox as o')
      .leftJoin('notify_jobs as j', 'j.id', 'o.job_id')
      .selectAll('o')
      .select('j.state');
  }

  /** The newest `limit` messages first, older than `before` (a keyset cursor) when given. */
  async list(limit: number, before?: number): Promise<OutboxEntry[]> {
    let select = this.select();
    if (before !== undefined) select = select.where('o.id', '<', before);
    const rows = await select.orderBy('o.id', 'desc').limit(limit).execute();
    return rows.map(toEntry);
  }

  async find(id: number): Promise<OutboxEntry | undefined> {
    const row = await this.select().where('o.id', '=', id).executeTakeFirst();
    return row && toEntry(row);
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('notify_outbox')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

function toEntry(row: {
  id: number;
  job_id: number | null;
  recipient: string;
  subject: string;
  topic: string;
  headers: string;
  text_body: string;
  html_body: string;
  created_at: string;
  state: string | null;
  channel: string;
}): OutboxEntry {
  return {
    id: row.id,
    jobId: row.job_id,
    recipient: row.recipient,
    subject: row.subject,
    topic: row.topic,
    headers: headersSchema.parse(JSON.parse(row.headers)),
    text: row.text_body,
    html: row.html_body,
    createdAt: row.created_at,
    state: row.state ?? 'sent',
    channel: row.channel === 'sms' ? 'sms' : 'email',
  };
}

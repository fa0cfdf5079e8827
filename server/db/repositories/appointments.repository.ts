import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../schema.js';

/** An appointment as the inbound API writes it (issue 92). */
export interface AppointmentValues {
  userId: number;
  withName: string;
  withOffice: string | null;
  startsAt: Date;
  endsAt: Date;
  place: string | null;
  onlineLink: string | null;
  cancelled: boolean;
  idempotencyKey?: string | undefined;
}

export interface AppointmentRecord extends Omit<AppointmentValues, 'idempotencyKey'> {
  id: number;
  publisherId: number;
  externalId: string;
  /** The office that posted it: its publisher's label. */
  from: string;
  idempotencyKey: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * Appointments (migration 055): one per publisher and booking-system id, so posting the same id
 * again updates it in place; read per person by when they end. Times are stored as ISO-8601 UTC
 * text of one length (`toISOString`), so text order is time order on both stores.
 */
export class AppointmentsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  private select() {
    return this.db
      .selectFrom('appointments')
      .innerJoin('inbound_publishers', 'inbound_publishers.id', 'appointments.publisher_id')
      .selectAll('appointments')
      .select('inbound_publishers.label as publisher_label');
  }

  async find(publisherId: number, externalId: string): Promise<AppointmentRecord | undefined> {
    const row = await this.select()
      .where('appointments.publisher_id', '=', publisherId)
      .where('appointments.external_id', '=', externalId)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /** Writes the appointment of `externalId`, new or updated; resolves to its id. */
  async save(
    publisherId: number,
    externalId: string,
    values: AppointmentValues,
    now: Date,
  ): Promise<number> {
    const at = now.toISOString();
    const columns = {
      user_id: values.userId,
      with_name: values.withName,
      with_office: values.withOffice,
      starts_at: values.startsAt.toISOString(),
      ends_at: values.endsAt.toISOString(),
      place: values.place,
      online_link: values.onlineLink,
      cancelled: values.cancelled ? 1 : 0,
      idempotency_key: values.idempotencyKey ?? null,
      updated_at: at,
    };
    const row = await this.db
      .insertInto('appointments')
      .values({
        publisher_id: publisherId,
        external_id: externalId,
        created_at: at,
        timed_at: at,
        ...columns,
      })
      // `timed_at` moves only with the start (migration 056): a repost of the same time keeps it.
      .onConflict((oc) =>
        oc.columns(['publisher_id', 'external_id']).doUpdateSet({
          ...columns,
          timed_at: sql<string>`CASE WHEN appointments.starts_at = excluded.starts_at
            THEN coalesce(appointments.timed_at, excluded.timed_at) ELSE excluded.timed_at END`,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * The person's appointments not over at `since`, soonest first, at most `limit`, cancelled ones
   * included: the read asks from now (one under way still counts: its Join is still wanted), the
   * calendar feed from a while back.
   */
  async endingAfter(userId: number, since: Date, limit: number): Promise<AppointmentRecord[]> {
    const rows = await this.select()
      .where('appointments.user_id', '=', userId)
      .where('appointments.ends_at', '>', since.toISOString())
      .orderBy('appointments.starts_at')
      .orderBy('appointments.id')
      .limit(limit)
      .execute();
    return rows.map(toRecord);
  }
}

interface Row {
  id: number;
  publisher_id: number;
  external_id: string;
  user_id: number;
  with_name: string;
  with_office: string | null;
  starts_at: string;
  ends_at: string;
  place: string | null;
  online_link: string | null;
  cancelled: number;
  idempotency_key: string | null;
  created_at: string;
  updated_at: string;
  publisher_label: string;
}

function toRecord(row: Row): AppointmentRecord {
  return {
    id: row.id,
    publisherId: row.publisher_id,
    externalId: row.external_id,
    userId: row.user_id,
    withName: row.with_name,
    withOffice: row.with_office,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    place: row.place,
    onlineLink: row.online_link,
    cancelled: Number(row.cancelled) === 1,
    from: row.publisher_label,
    idempotencyKey: row.idempotency_key,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

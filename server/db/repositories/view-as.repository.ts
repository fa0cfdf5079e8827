import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import type { ViewAsSessionsTable } from '../view-as.schema.js';

/**
 * How a view-as session ended: the End button, the staff member's sign-out, its time running out,
 * or their Support right revoked.
 */
export type ViewAsEnd = 'end' | 'sign-out' | 'expiry' | 'revoked';

/** One view-as session (issue 73). */
export interface ViewAsRecord {
  id: number;
  actorId: number;
  actorUsername: string;
  actorName: string;
  subjectId: number;
  sessionHash: string;
  reason: string;
  ticket: string | null;
  startedAt: Date;
  endsAt: Date;
  endedAt: Date | null;
  endedBy: ViewAsEnd | null;
  /** The office the student is told looked (the viewer's Support grant's); null: VIEW_AS_OFFICE. */
  office: string | null;
}

const isEnd = (value: string | null): value is ViewAsEnd =>
  value === 'end' || value === 'sign-out' || value === 'expiry' || value === 'revoked';
const endOf = (value: string | null): ViewAsEnd | null => (isEnd(value) ? value : null);

function toRecord(row: Selectable<ViewAsSessionsTable>): ViewAsRecord {
  return {
    id: row.id,
    actorId: row.actor_id,
    actorUsername: row.actor_username,
    actorName: row.actor_name,
    subjectId: row.subject_id,
    sessionHash: row.session_hash,
    reason: row.reason,
    ticket: row.ticket,
    startedAt: new Date(row.started_at),
    endsAt: new Date(row.ends_at),
    endedAt: row.ended_at === null ? null : new Date(row.ended_at),
    endedBy: endOf(row.ended_by),
    office: row.office,
  };
}

/** A person found on the view-as page. */
export interface FoundPerson {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  nine_number: string;
  primary_role: string;
}

/**
 * View-as sessions (migration 042), read on every request of a support staff member's session so that
 * an end on one process holds on every other.
 */
export class ViewAsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** Starts a view; any view the same portal session had running ends first (`end`). */
  async start(view: Omit<ViewAsRecord, 'id' | 'endedAt' | 'endedBy'>): Promise<ViewAsRecord> {
    await this.endBySession(view.sessionHash, view.startedAt, 'end');
    const row = await this.db
      .insertInto('view_as_sessions')
      .values({
        actor_id: view.actorId,
        actor_username: view.actorUsername,
        actor_name: view.actorName,
        subject_id: view.subjectId,
        session_hash: view.sessionHash,
        reason: view.reason,
        ticket: view.ticket,
        started_at: view.startedAt.toISOString(),
        ends_at: view.endsAt.toISOString(),
        office: view.office,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  /** The view the portal session runs, if one has not been ended (it may have run out: the caller checks). */
  async openOf(sessionHash: string): Promise<ViewAsRecord | undefined> {
    const row = await this.db
      .selectFrom('view_as_sessions')
      .selectAll()
      .where('session_hash', '=', sessionHash)
      .where('ended_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /** Ends the session's open view (if any) at `now`, or at its end-by time when that came first. */
  endBySession(sessionHash: string, now: Date, by: ViewAsEnd): Promise<ViewAsRecord[]> {
    return this.endWhere('session_hash', sessionHash, now, by);
  }

  /** Ends every open view a staff member runs (their Support right revoked), as `endBySession`. */
  endByActor(actorId: number, now: Date, by: ViewAsEnd): Promise<ViewAsRecord[]> {
    return this.endWhere('actor_id', actorId, now, by);
  }

  private async endWhere(
    column: 'session_hash' | 'actor_id',
    value: string | number,
    now: Date,
    by: ViewAsEnd,
  ): Promise<ViewAsRecord[]> {
    const open = await this.db
      .selectFrom('view_as_sessions')
      .selectAll()
      .where(column, '=', value)
      .where('ended_at', 'is', null)
      .execute();
    const ended: ViewAsRecord[] = [];
    for (const row of open) {
      const expired = row.ends_at < now.toISOString();
      const at = expired ? row.ends_at : now.toISOString();
      const done = await this.db
        .updateTable('view_as_sessions')
        .set({ ended_at: at, ended_by: expired ? 'expiry' : by })
        .where('id', '=', row.id)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      // Ended meanwhile by another process: that one audits it.
      if (Number(done.numUpdatedRows) === 1) ended.push(toRecord(row));
    }
    return ended;
  }

  /** The views of a student's portal, newest first. */
  async ofSubject(subjectId: number, limit = 50): Promise<ViewAsRecord[]> {
    const rows = await this.db
      .selectFrom('view_as_sessions')
      .selectAll()
      .where('subject_id', '=', subjectId)
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toRecord);
  }

  /** People by username or student number (exactly) or by name (a part of the first or last name). */
  async find(query: string, limit = 20): Promise<FoundPerson[]> {
    const q = query.trim().toLowerCase();
    if (q === '') return [];
    // No wildcard of the searcher's own: a name part matches as typed.
    const like = `%${q.replace(/[\\%_]/g, '')}%`;
    return this.db
      .selectFrom('users')
      .select(['id', 'username', 'first_name', 'last_name', 'nine_number', 'primary_role'])
      .where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['username']), '=', q),
          eb('nine_number', '=', query.trim()),
          eb(eb.fn('lower', ['first_name']), 'like', like),
          eb(eb.fn('lower', ['last_name']), 'like', like),
        ]),
      )
      .orderBy('last_name')
      .orderBy('first_name')
      .limit(limit)
      .execute();
  }
}

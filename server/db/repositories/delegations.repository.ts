import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import type { Dialect } from '../dialect.js';
import type { DatabaseSchema } from '../schema.js';
import type {
  DelegationConsentsTable,
  DelegationsTable,
  DelegatesTable,
} from '../delegates.schema.js';

export type DelegationRow = Selectable<DelegationsTable>;
export type DelegateRow = Selectable<DelegatesTable>;
export type ConsentRow = Selectable<DelegationConsentsTable>;

/** A grant with its delegate's name and address. */
export interface DelegationWithDelegate extends DelegationRow {
  delegate_name: string;
  delegate_email: string;
  delegate_language: string;
}

/** What a new consent record says (its id is the store's). */
export type ConsentEntry = Omit<ConsentRow, 'id'>;

/**
 * Access a student grants (issue 73, migration 043): delegates, their grants, the consent records
 * (only ever inserted: this repository has no statement that updates or deletes one) and each view.
 * It applies no rule: `delegates/` decides what is active and what may be read.
 */
export class DelegationsRepository {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly dialect: Dialect = 'sqlite',
  ) {}

  /** The delegate with this address, made with `name` and `language` when there is none. */
  async delegateFor(email: string, name: string, language: string, now: Date) {
    const address = email.toLowerCase();
    await this.db
      .insertInto('delegates')
      .values({ email: address, name, language, created_at: now.toISOString() })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
    return this.db
      .selectFrom('delegates')
      .selectAll()
      .where('email', '=', address)
      .executeTakeFirstOrThrow();
  }

  async delegate(id: number): Promise<DelegateRow | undefined> {
    return this.db.selectFrom('delegates').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async delegateByEmail(email: string): Promise<DelegateRow | undefined> {
    return this.db
      .selectFrom('delegates')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  }

  async add(
    values: Pick<
      DelegationRow,
      'student_id' | 'delegate_id' | 'categories' | 'purpose' | 'starts_at' | 'ends_at'
    >,
    now: Date,
  ): Promise<number> {
    const at = now.toISOString();
    const row = await this.db
      .insertInto('delegations')
      .values({ ...values, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  private withDelegate() {
    return this.db
      .selectFrom('delegations as g')
      .innerJoin('delegates as d', 'd.id', 'g.delegate_id')
      .selectAll('g')
      .select(['d.name as delegate_name', 'd.email as delegate_email'])
      .select('d.language as delegate_language');
  }

  async find(id: number): Promise<DelegationWithDelegate | undefined> {
    return this.withDelegate().where('g.id', '=', id).executeTakeFirst();
  }

  /** A student's grants, newest first (the newest `limit` when given). */
  async ofStudent(studentId: number, limit?: number): Promise<DelegationWithDelegate[]> {
    let select = this.withDelegate().where('g.student_id', '=', studentId).orderBy('g.id', 'desc');
    if (limit !== undefined) select = select.limit(limit);
    return select.execute();
  }

  /**
   * Issue 87: a delegate's grants that read at `now`, newest first, at most `limit`, cut in the
   * query: accepted, not revoked, begun and not ended (the store's side of `delegates/rules.ts`
   * `isActive`, which the caller still applies: times are ISO-8601 UTC, compared as text).
   */
  async activeOfDelegate(
    delegateId: number,
    now: Date,
    limit: number,
  ): Promise<DelegationWithDelegate[]> {
    const at = now.toISOString();
    return this.withDelegate()
      .where('g.delegate_id', '=', delegateId)
      .where('g.accepted_at', 'is not', null)
      .where('g.revoked_at', 'is', null)
      .where('g.starts_at', '<=', at)
      .where('g.ends_at', '>', at)
      .orderBy('g.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Every grant (the FERPA admin), newest first. */
  async all(limit: number, before?: number): Promise<DelegationWithDelegate[]> {
    let select = this.withDelegate();
    if (before !== undefined) select = select.where('g.id', '<', before);
    return select.orderBy('g.id', 'desc').limit(limit).execute();
  }

  /** Grants past their end that nobody was told of yet. */
  async endedUntold(now: Date): Promise<DelegationWithDelegate[]> {
    return this.withDelegate()
      .where('g.ends_at', '<=', now.toISOString())
      .where('g.revoked_at', 'is', null)
      .where('g.expiry_told_at', 'is', null)
      .execute();
  }

  /** Marks the grant's end told; false when another process told it first. */
  async markExpiryTold(id: number, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('delegations')
      .set({ expiry_told_at: now.toISOString() })
      .where('id', '=', id)
      .where('expiry_told_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async change(
    id: number,
    values: Pick<DelegationRow, 'categories' | 'purpose' | 'ends_at'>,
    now: Date,
  ): Promise<void> {
    await this.db
      .updateTable('delegations')
      .set({ ...values, updated_at: now.toISOString() })
      .where('id', '=', id)
      .execute();
  }

  async accept(id: number, now: Date): Promise<void> {
    await this.db
      .updateTable('delegations')
      .set({ accepted_at: now.toISOString() })
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .execute();
  }

  /** Revokes the grant; false when it was revoked already. */
  async revoke(id: number, by: string, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('delegations')
      .set({ revoked_at: now.toISOString(), revoked_by: by, updated_at: now.toISOString() })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Writes a consent record; there is no statement to change one. */
  async sign(entry: ConsentEntry): Promise<number> {
    const row = await this.db
      .insertInto('delegation_consents')
      .values(entry)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A grant's consent records, oldest first (the latest `limit` when given). */
  async consents(delegationId: number, limit?: number): Promise<ConsentRow[]> {
    const select = this.db
      .selectFrom('delegation_consents')
      .selectAll()
      .where('delegation_id', '=', delegationId);
    if (limit === undefined) return select.orderBy('id').execute();
    return (await select.orderBy('id', 'desc').limit(limit).execute()).reverse();
  }

  /**
   * Records a view of `category`, unless one was recorded since `since`: one statement, so the
   * several reads a page makes at once record one view (a read, then an insert, let each of them
   * find none and insert).
   */
  async viewed(delegationId: number, category: string, since: Date, now: Date): Promise<void> {
    // A page's reads arrive at once: on PostgreSQL each insert first waits for the others of the
    // same grant and category (a lock held to the end of its transaction), so the second sees the
    // first's row and adds none. SQLite runs one write at a time, and the statement is one.
    await this.db.transaction().execute(async (tx) => {
      if (this.dialect === 'postgres')
        await sql`select pg_advisory_xact_lock(${delegationId}, hashtext(${category}))`.execute(tx);
      await this.viewOnce(tx, delegationId, category, since, now);
    });
  }

  private async viewOnce(
    db: Kysely<DatabaseSchema>,
    delegationId: number,
    category: string,
    since: Date,
    now: Date,
  ): Promise<void> {
    await db
      .insertInto('delegate_views')
      .columns(['delegation_id', 'category', 'viewed_at'])
      .expression(
        db
          .selectNoFrom((eb) => [
            eb.val(delegationId).as('delegation_id'),
            eb.val(category).as('category'),
            eb.val(now.toISOString()).as('viewed_at'),
          ])
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('delegate_views')
                  .select('id')
                  .where('delegation_id', '=', delegationId)
                  .where('category', '=', category)
                  .where('viewed_at', '>', since.toISOString()),
              ),
            ),
          ),
      )
      .execute();
  }

  /** The views of the grants, newest first, at most `limit` of each grant (ranked in the store). */
  async views(delegationIds: readonly number[], limit: number) {
    if (delegationIds.length === 0) return [];
    const ranked = this.db
      .selectFrom('delegate_views')
      .select((eb) => [
        'delegation_id',
        'category',
        'viewed_at',
        eb.fn
          .agg<number>('row_number')
          .over((ob) =>
            ob.partitionBy('delegation_id').orderBy('viewed_at', 'desc').orderBy('id', 'desc'),
          )
          .as('place'),
      ])
      .where('delegation_id', 'in', delegationIds);
    return this.db
      .selectFrom(ranked.as('v'))
      .select(['delegation_id', 'category', 'viewed_at'])
      .where('place', '<=', limit)
      .orderBy('viewed_at', 'desc')
      .execute();
  }
}

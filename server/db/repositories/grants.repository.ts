import type { Kysely, Selectable } from 'kysely';
import { rightSchema } from '../../../contract/grants.schema.js';
import type { Grant, Right } from '../../../contract/grants.schema.js';
import type { DatabaseSchema, GrantsTable } from '../schema.js';

function toGrant(row: Selectable<GrantsTable>): Grant | undefined {
  const right = rightSchema.safeParse(row.right);
  // A right this version does not know (written by a newer one) grants nothing here.
  if (!right.success) return undefined;
  return {
    username: row.username,
    right: right.data,
    granted_by: row.granted_by,
    granted_at: new Date(row.granted_at).toISOString(),
    office: row.office,
  };
}

const known = (grants: (Grant | undefined)[]) => grants.filter((g) => g !== undefined);

/** The rights superusers grant by username: read at every sign-in, managed at `/api/admin/grants`. */
export class GrantsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** By username, then right; the first `limit` when given. */
  async list(username?: string, limit?: number): Promise<Grant[]> {
    let query = this.db.selectFrom('grants').selectAll();
    if (username !== undefined) query = query.where('username', '=', username);
    query = query.orderBy('username').orderBy('right');
    if (limit !== undefined) query = query.limit(limit);
    const rows = await query.execute();
    return known(rows.map(toGrant));
  }

  async rightsOf(username: string): Promise<Set<Right>> {
    return new Set((await this.list(username)).map((g) => g.right));
  }

  /**
   * Grants the right (a second grant of the same right keeps the first, but for a newly named
   * office); answers the grant.
   */
  async put(
    username: string,
    right: Right,
    grantedBy: string | null,
    now: Date,
    office: string | null = null,
  ): Promise<Grant> {
    const at = now.toISOString();
    await this.db
      .insertInto('grants')
      .values({ username, right, granted_by: grantedBy, granted_at: at, office })
      .onConflict((oc) =>
        office === null
          ? oc.columns(['username', 'right']).doNothing()
          : oc.columns(['username', 'right']).doUpdateSet({ office }),
      )
      .execute();
    const row = await this.db
      .selectFrom('grants')
      .selectAll()
      .where('username', '=', username)
      .where('right', '=', right)
      .executeTakeFirstOrThrow();
    const grant = toGrant(row);
    if (!grant) throw new Error(`Grant ${right} of ${username} could not be read back`);
    return grant;
  }

  /** The office a person's Support grant names, if any (a superuser's Support has none). */
  async officeOf(username: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('grants')
      .select('office')
      .where('username', '=', username)
      .where('right', '=', 'support')
      .executeTakeFirst();
    return row?.office ?? null;
  }

  /** Answers whether there was such a grant. */
  async delete(username: string, right: Right): Promise<boolean> {
    const result = await this.db
      .deleteFrom('grants')
      .where('username', '=', username)
      .where('right', '=', right)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import { distinctRoles, roleSchema } from '../../../contract/roles.schema.js';
import type { PersonFields, User } from '../../../contract/user.schema.js';
import type { Persona } from '../../sis/personas.js';
import type { DatabaseSchema, UsersTable } from '../schema.js';
import { z } from 'zod';

/** A stored person: the user record's fields (contract/user.schema.ts) that live in the store. */
export interface UserRecord extends PersonFields, Pick<User, 'role_acknowledged_on'> {
  id: number;
  /** The demo persona this person signed in as, if any. */
  persona: string | null;
  /** Issue 73: holds the Support right (view as a student, read only). */
  can_support: boolean;
}

/** What sign-in knows of a person: from the persona (demo) or the provider's claims and the SIS. */
export type UserProfile = Omit<UserRecord, 'id' | 'role_acknowledged_on' | 'can_support'> & {
  /** Set by sign-in from the grants (auth/rights.ts rightsOf); otherwise the stored value stays. */
  can_support?: boolean;
  /** Set only by a source that knows it (a persona); otherwise the stored value stays. */
  is_new_student?: boolean;
};

/** Stored other roles: a row written before they were kept distinct reads each once (issue 87). */
const storedRolesSchema = z.array(roleSchema).transform((roles) => [...new Set(roles)]);

function toRecord(row: Selectable<UsersTable>): UserRecord {
  return {
    id: row.id,
    username: row.username,
    persona: row.persona,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    nine_number: row.nine_number,
    primary_role: roleSchema.parse(row.primary_role),
    other_roles: storedRolesSchema.parse(JSON.parse(row.other_roles)),
    is_staff: row.is_staff === 1,
    is_superuser: row.is_superuser === 1,
    can_use_demo: row.can_use_demo === 1,
    can_support: row.can_support === 1,
    financial_dashboard_access: row.financial_dashboard_access === 1,
    has_provisional_account: row.has_provisional_account === 1,
    role_acknowledged_on: row.role_acknowledged_on,
  };
}

export class UsersRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async findById(id: number): Promise<UserRecord | undefined> {
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  async findByUsername(username: string): Promise<UserRecord | undefined> {
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', username)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /**
   * The superuser flag of the person with `id` and of the one named `username` (1 or 0), in id order;
   * `forUpdate` locks both rows until the transaction ends (PostgreSQL; SQLite has no row locks and
   * runs one transaction at a time). A grant change reads it inside its transaction (auth/rights.ts).
   */
  async superuserFlags(
    id: number,
    username: string,
    { forUpdate }: { forUpdate: boolean },
  ): Promise<Array<{ id: number; is_superuser: number }>> {
    let rows = this.db
      .selectFrom('users')
      .select(['id', 'is_superuser'])
      .where((eb) => eb.or([eb('id', '=', id), eb('username', '=', username)]))
      .orderBy('id');
    if (forUpdate) rows = rows.forUpdate();
    return rows.execute();
  }

  /**
   * Of `userIds`, the people stored, with their email address, first name and email choice
   * (`contact_by_email`; null before their preferences exist): whom an email can reach.
   */
  async emailContacts(userIds: readonly number[]): Promise<
    Array<{
      id: number;
      email: string;
      firstName: string;
      allowed: number | null;
      /** The language they chose, else the one they last signed in with (issues 59, 76); null: English. */
      language: string | null;
    }>
  > {
    return this.db
      .selectFrom('users as u')
      .leftJoin('preferences as p', 'p.user_id', 'u.id')
      .select([
        'u.id',
        'u.email',
        'u.first_name as firstName',
        'p.contact_by_email as allowed',
        // Chosen, else the language of the last sign-in (issue 76); null: English.
        sql<string | null>`coalesce(p.language, p.signed_in_language)`.as('language'),
      ])
      .where('u.id', 'in', userIds)
      .execute();
  }

  /**
   * The stored people whose email address is one of `emails` (lower case), whatever the case it is
   * stored in: each with that address lower-cased, in id order (an office calendar's attendees,
   * issue 92).
   */
  async byEmails(
    emails: readonly string[],
  ): Promise<Array<{ id: number; email: string; username: string }>> {
    if (emails.length === 0) return [];
    return this.db
      .selectFrom('users')
      .select((eb) => ['id', eb.fn<string>('lower', ['email']).as('email'), 'username'])
      .where((eb) => eb(eb.fn('lower', ['email']), 'in', emails))
      .orderBy('id')
      .execute();
  }

  /**
   * Everyone stored (or only the person named `username`), in id order, with their roles as stored
   * (the caller reads them: a message's audience, notify/message-planner.ts).
   */
  async withRoles(
    username?: string,
  ): Promise<Array<{ id: number; username: string; primary_role: string; other_roles: string }>> {
    let query = this.db
      .selectFrom('users')
      .select(['id', 'username', 'primary_role', 'other_roles']);
    if (username !== undefined) query = query.where('username', '=', username);
    return query.orderBy('id').execute();
  }

  /** Stores the roles the student information system reports for the user. */
  async setRoles(id: number, roles: Pick<UserRecord, 'primary_role' | 'other_roles'>, now: Date) {
    await this.db
      .updateTable('users')
      .set({
        primary_role: roles.primary_role,
        other_roles: JSON.stringify(distinctRoles(roles).other_roles),
        updated_at: now.toISOString(),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Sets one right of a stored user (a grant or a revocation applying at once); unknown users are skipped. */
  async setFlag(
    username: string,
    flag: 'is_staff' | 'is_superuser' | 'can_use_demo' | 'can_support',
    value: boolean,
    now: Date,
  ) {
    await this.db
      .updateTable('users')
      .set({ [flag]: Number(value), updated_at: now.toISOString() })
      .where('username', '=', username)
      .execute();
  }

  /** Test fixtures: creates the persona's user on first sign-in and refreshes it from the persona afterwards. */
  async upsertFromPersona(persona: Persona, now: Date): Promise<UserRecord> {
    const { id, label: _label, ...profile } = persona;
    return this.upsert({ ...profile, persona: id }, now);
  }

  /** Creates the user on first sign-in and refreshes name, contact and roles on every later one. */
  async upsert(profile: UserProfile, now: Date): Promise<UserRecord> {
    const fields = {
      persona: profile.persona,
      first_name: profile.first_name,
      last_name: profile.last_name,
      email: profile.email,
      nine_number: profile.nine_number,
      primary_role: profile.primary_role,
      other_roles: JSON.stringify(distinctRoles(profile).other_roles),
      is_staff: Number(profile.is_staff),
      is_superuser: Number(profile.is_superuser),
      can_use_demo: Number(profile.can_use_demo),
      financial_dashboard_access: Number(profile.financial_dashboard_access),
      has_provisional_account: Number(profile.has_provisional_account),
      ...(profile.can_support === undefined ? {} : { can_support: Number(profile.can_support) }),
      ...(profile.is_new_student === undefined
        ? {}
        : { is_new_student: Number(profile.is_new_student) }),
      updated_at: now.toISOString(),
    };
    await this.db
      .insertInto('users')
      .values({ ...fields, username: profile.username, created_at: now.toISOString() })
      .onConflict((oc) => oc.column('username').doUpdateSet(fields))
      .execute();
    const user = await this.findByUsername(profile.username);
    if (!user) throw new Error(`User ${profile.username} vanished after upsert`);
    return user;
  }
}

/**
 * PostgreSQL's introspection for the portal's store: the tables and views of the connection's own
 * schema (`current_schema()`: the schema DATABASE_URL's search path or a test's `schema` names), read
 * from pg_catalog alone. Kysely's own introspector reads every schema of the database and calls
 * `has_schema_privilege` and `pg_get_serial_sequence` on each table it finds, so a schema another
 * process drops meanwhile fails the read ("schema … does not exist", "relation … does not exist"),
 * and a table of the same name in another schema counts as ours. The migrator asks it whether its
 * bookkeeping tables exist, and a migration which columns a table has (018-notify-schedule.ts).
 */
import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  PostgresDialect,
  sql,
} from 'kysely';
import type {
  DatabaseIntrospector,
  DatabaseMetadata,
  DatabaseMetadataOptions,
  Kysely,
  SchemaMetadata,
  TableMetadata,
} from 'kysely';

interface ColumnRow {
  schema: string;
  table: string;
  kind: string;
  column: string | null;
  type: string | null;
  not_null: boolean | null;
  has_default: boolean | null;
  identity: string | null;
}

const BOOKKEEPING = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);

export class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<SchemaMetadata>`
      select nspname as name from pg_catalog.pg_namespace order by nspname`.execute(this.db);
    return rows;
  }

  async getTables(options?: DatabaseMetadataOptions): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select n.nspname as schema, c.relname as table, c.relkind as kind, a.attname as column,
        format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null,
        a.atthasdef as has_default, a.attidentity as identity
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      left join pg_catalog.pg_attribute a
        on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
      order by c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (!options?.withInternalKyselyTables && BOOKKEEPING.has(row.table)) continue;
      const table = tables.get(row.table) ?? {
        name: row.table,
        schema: row.schema,
        isView: row.kind === 'v',
        columns: [],
      };
      tables.set(row.table, table);
      if (row.column === null) continue;
      table.columns.push({
        name: row.column,
        dataType: row.type ?? '',
        isNullable: row.not_null !== true,
        hasDefaultValue: row.has_default === true,
        isAutoIncrementing: (row.identity ?? '') !== '',
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** PostgreSQL with the introspection above. */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}

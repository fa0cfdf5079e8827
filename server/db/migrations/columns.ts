import type { CreateTableBuilder } from 'kysely';
import type { Dialect } from '../dialect.js';

/** An auto-numbered primary key `id`, spelled as each dialect wants it. */
export function idColumn<T extends string>(table: CreateTableBuilder<T>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** The two stores the portal runs on: one query layer, one set of migrations, for both. */
export type Dialect = 'sqlite' | 'postgres';

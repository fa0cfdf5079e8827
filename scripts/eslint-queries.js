// The `no-restricted-syntax` entries that keep queries in server/db/repositories (eslint.config.js).

/**
 * Every query lives in server/db/repositories (and the migrations): a domain module, plugin or route
 * calls a repository method, never Kysely's query builders or `sql` itself. The builders are caught
 * by their entry points (a call of `.selectFrom(`, `.insertInto(`, …), raw SQL by the `sql` tag and
 * by importing `sql` from kysely (which `sql.raw`, `sql.lit`, `sql.ref` … need too), and the other
 * ways to it (issue 71): `CompiledQuery` (`db.executeQuery(CompiledQuery.raw(…))`), any call of
 * `.executeQuery(`, a `sql` tag reached as a member (`k.sql\`…\``), and kysely's values reached
 * other than by name: a namespace import (`import * as k`), a dynamic import, a re-export.
 * Type-only imports stay allowed.
 */
const QUERIES_GO =
  'Queries live in server/db/repositories: add or use a repository method (app.repositories).';
export const queryBuilders = [
  {
    selector:
      'CallExpression > MemberExpression.callee[property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]',
    message: QUERIES_GO,
  },
];
const KYSELY_VALUES = "ImportDeclaration[source.value='kysely'][importKind!='type']";
export const rawSql = [
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: QUERIES_GO },
  {
    selector: "TaggedTemplateExpression > MemberExpression.tag[property.name='sql']",
    message: QUERIES_GO,
  },
  {
    selector: `${KYSELY_VALUES} > ImportSpecifier[importKind!='type'][imported.name=/^(sql|CompiledQuery)$/]`,
    message: QUERIES_GO,
  },
  { selector: `${KYSELY_VALUES} > ImportNamespaceSpecifier`, message: QUERIES_GO },
  {
    selector:
      "ImportExpression[source.value='kysely'], ExportNamedDeclaration[source.value='kysely'][exportKind!='type'], ExportAllDeclaration[source.value='kysely'][exportKind!='type']",
    message: QUERIES_GO,
  },
  { selector: "MemberExpression[object.name='CompiledQuery']", message: QUERIES_GO },
  {
    selector: "CallExpression > MemberExpression.callee[property.name='executeQuery']",
    message: QUERIES_GO,
  },
];

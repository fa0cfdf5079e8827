import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect as KyselyDialect,
  Driver,
  OperationNode,
  QueryResult,
} from 'kysely';
import type { Dialect } from './dialect.js';

/**
 * Issue 90: a span for each store query, a child of the request (or job) that made it. The dialect's
 * driver is wrapped only when tracing is on (`openDatabase`'s `traced`); off, Kysely runs its own
 * driver as it is and nothing here is ever called.
 *
 * A span is named by its operation and table (`SELECT notify_jobs`) and carries the semantic
 * conventions' `db.system`, `db.operation.name`, `db.collection.name` and `db.query.text`: the
 * statement as compiled, with its placeholders (`$1`, `?`) and never the values bound to them,
 * cut at `STATEMENT_LIMIT` characters. The transaction's own statements (BEGIN, COMMIT) are the
 * driver's and have none; nor has a streamed query (`.stream()`, which no request makes).
 */
export const STATEMENT_LIMIT = 1000;

const tracer = () => trace.getTracer('campus-portal');

const SYSTEM: Record<Dialect, string> = { sqlite: 'sqlite', postgres: 'postgresql' };

const OPERATIONS: Record<string, string> = {
  SelectQueryNode: 'SELECT',
  InsertQueryNode: 'INSERT',
  UpdateQueryNode: 'UPDATE',
  DeleteQueryNode: 'DELETE',
  MergeQueryNode: 'MERGE',
};

/** The table a node names: a table, or an aliased one (`from students as s`). */
function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  const shape = node as unknown as {
    kind: string;
    table?: { identifier?: { name?: string } };
    node?: OperationNode;
  };
  if (shape.kind === 'TableNode') return shape.table?.identifier?.name;
  if (shape.kind === 'AliasNode') return tableName(shape.node);
  return undefined;
}

/** The table a query works on: the first of its FROM, its INSERT's INTO, its UPDATE's table. */
function collectionOf(query: CompiledQuery['query']): string | undefined {
  const shape = query as unknown as {
    from?: { froms?: readonly OperationNode[] };
    into?: OperationNode;
    table?: OperationNode;
  };
  return tableName(shape.into ?? shape.table ?? shape.from?.froms?.[0]);
}

/** The operation and table of a compiled query; a raw one (sql``) by its first word. */
function describeQuery(compiled: CompiledQuery): {
  operation: string;
  collection: string | undefined;
} {
  const operation = OPERATIONS[compiled.query.kind];
  if (operation) return { operation, collection: collectionOf(compiled.query) };
  const word = /^\s*([a-z]+)/i.exec(compiled.sql)?.[1]?.toUpperCase() ?? 'QUERY';
  return { operation: word, collection: undefined };
}

function tracedConnection(connection: DatabaseConnection, system: string): DatabaseConnection {
  return {
    executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
      const { operation, collection } = describeQuery(compiled);
      const attributes: Record<string, string> = {
        'db.system': system,
        'db.system.name': system,
        'db.operation.name': operation,
        'db.query.text': compiled.sql.slice(0, STATEMENT_LIMIT),
      };
      if (collection) attributes['db.collection.name'] = collection;
      const name = collection ? `${operation} ${collection}` : operation;
      return tracer().startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, async (span) => {
        try {
          return await connection.executeQuery<R>(compiled);
        } catch (err) {
          span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).name });
          throw err;
        } finally {
          span.end();
        }
      });
    },
    streamQuery: (compiled, chunkSize) => connection.streamQuery(compiled, chunkSize),
  };
}

/** The driver with each of its connections' queries in a span; the driver's own calls unwrapped. */
function tracedDriver(driver: Driver, system: string): Driver {
  const inner = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const unwrap = (connection: DatabaseConnection) => inner.get(connection) ?? connection;
  return {
    init: () => driver.init(),
    acquireConnection: async () => {
      const connection = await driver.acquireConnection();
      const wrapped = tracedConnection(connection, system);
      inner.set(wrapped, connection);
      return wrapped;
    },
    beginTransaction: (c, settings) => driver.beginTransaction(unwrap(c), settings),
    commitTransaction: (c) => driver.commitTransaction(unwrap(c)),
    rollbackTransaction: (c) => driver.rollbackTransaction(unwrap(c)),
    ...(driver.savepoint && {
      savepoint: (c, name, compile) => driver.savepoint!(unwrap(c), name, compile),
    }),
    ...(driver.rollbackToSavepoint && {
      rollbackToSavepoint: (c, name, compile) =>
        driver.rollbackToSavepoint!(unwrap(c), name, compile),
    }),
    ...(driver.releaseSavepoint && {
      releaseSavepoint: (c, name, compile) => driver.releaseSavepoint!(unwrap(c), name, compile),
    }),
    releaseConnection: (c) => driver.releaseConnection(unwrap(c)),
    destroy: () => driver.destroy(),
  };
}

/** `dialect` with a span around each query its driver runs. */
export function tracedDialect(dialect: KyselyDialect, store: Dialect): KyselyDialect {
  const system = SYSTEM[store];
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => tracedDriver(dialect.createDriver(), system),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

// PostgreSQL behind Kysely (FORGE_DATABASE_URL=postgres://…): one pool for queries and a small
// second pool whose connections only hold advisory locks (dialect.ts withRepoLock), so waiting
// for a lock never takes a connection a lock holder needs for its own queries.
import {
  Kysely,
  OperationNodeTransformer,
  PostgresDialect,
  DataTypeNode,
  type ColumnDefinitionNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { databaseLockPoolSize, databasePoolSize } from '../config.ts';
import { scopedPool, type PgScopes } from './pg-scopes.ts';
import { newWriteBook } from './write-scopes.ts';

export const isPostgresUrl = (target: string) => /^postgres(ql)?:\/\//i.test(target);

// The forge's numbers are JavaScript numbers: counts (int8) and sums (numeric) come back from pg
// as strings unless told otherwise; every value the forge stores fits in 2^53.
const INT8 = 20;
const NUMERIC = 1700;
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (v: string) => (v === null ? null : Number(v));
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/**
 * The migrations declare `integer … primary key autoincrement` (SQLite's words); on PostgreSQL the
 * same column is `serial primary key`. Applied to schema statements only.
 */
class SerialIds extends OperationNodeTransformer {
  protected override transformColumnDefinition(node: ColumnDefinitionNode): ColumnDefinitionNode {
    const n = super.transformColumnDefinition(node);
    return n.autoIncrement ? { ...n, autoIncrement: undefined, dataType: DataTypeNode.create('serial') } : n;
  }
}
const serialIds: KyselyPlugin = {
  transformQuery: (args: PluginTransformQueryArgs): RootOperationNode =>
    args.node.kind === 'CreateTableNode' ? new SerialIds().transformNode(args.node) : args.node,
  transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => args.result,
};

export interface PgHandles {
  pool: pg.Pool;
  locks: pg.Pool;
  /** This process's writes by scope, and its transaction ids (db/pg-scopes.ts). */
  scopes: PgScopes;
}

export function openPostgres(url: string): { db: Kysely<Database>; handles: PgHandles } {
  const max = databasePoolSize();
  const pool = new pg.Pool({ connectionString: url, max, types, idleTimeoutMillis: 30_000 });
  // A push holds its repository's lock for as long as the client uploads, so this bounds how many
  // repositories one process can be pushing to or merging in at once (the rest wait their turn);
  // connections are opened only while locks are held and closed after 30 s idle.
  const lockMax = databaseLockPoolSize();
  const locks = new pg.Pool({ connectionString: url, max: lockMax, types, idleTimeoutMillis: 30_000, allowExitOnIdle: true });
  // An idle client's error (the server restarted, say) must not end the process; the next
  // query gets a fresh connection.
  pool.on('error', (e) => console.error('PostgreSQL connection error:', e.message));
  locks.on('error', (e) => console.error('PostgreSQL connection error:', e.message));
  const scopes: PgScopes = { book: newWriteBook(), own: new Set() };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: scopedPool(pool, scopes) }), plugins: [serialIds] });
  return { db, handles: { pool, locks, scopes } };
}

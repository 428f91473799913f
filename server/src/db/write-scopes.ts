// What each write statement of this process touched, by table and, where the statement says so
// plainly, by repository or user (issue #22): answers kept between writes (api/answer-memo.ts)
// then stay valid across writes elsewhere — an issue opened in one repository leaves the issue
// lists of the others alone. Read from the SQL text and its parameters as the driver runs them
// (db/index.ts for SQLite, db/pg-scopes.ts for PostgreSQL): a statement that cannot be read
// plainly counts as a write to its whole table, and one whose table cannot be told (raw SQL,
// schema changes) as a write to everything. Writes by other processes are the `epoch` (bumped by
// the dialect's own check), which every version includes. An update that sets only a table's
// counters (a repository's issue and pull request counts) is recorded as a write to
// `<table>:counts` (countsTable()), so that what shows other repositories' rows but not their
// counts (repository search, say) is not redone for every issue opened.

export interface WriteBook {
  /** Writes to anything, and writes whose table is unknown (these also move `unknown`). */
  total: number;
  unknown: number;
  /** Writes by other processes or connections seen so far (PRAGMA data_version, foreign PostgreSQL commits). */
  epoch: number;
  /** What the epoch was last moved for (SQLite: the PRAGMA data_version seen). */
  epochSource?: unknown;
  /** Per table: every write. */
  tables: Map<string, number>;
  /** Per table: writes not confined to one repository / user. */
  wide: Map<string, number>;
  /** Per `table@repo` / `table@user`: writes confined to some repositories (users) by that column. */
  confined: Map<string, number>;
  /** Per `table@repo:<id>` / `table@user:<id>`: writes confined to that repository or user. */
  scoped: Map<string, number>;
}

export const newWriteBook = (): WriteBook => ({
  total: 0,
  unknown: 0,
  epoch: 0,
  tables: new Map(),
  wide: new Map(),
  confined: new Map(),
  scoped: new Map(),
});

const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

/** The columns that confine a table's rows to one repository or user, by table. */
const SCOPE_COLUMNS: Record<string, { repo?: string; user?: string }> = { repository: { repo: 'id' } };
const scopeColumnsOf = (table: string) => SCOPE_COLUMNS[table] ?? { repo: 'repo_id', user: 'user_id' };

/** Columns that count what belongs to a row, by table: updates setting only these go to countsTable(). */
const COUNT_COLUMNS: Record<string, Set<string>> = { repository: new Set(['num_issues', 'num_closed_issues', 'num_pulls', 'num_closed_pulls']) };
/** The name updates of `table`'s counters only are recorded under. */
export const countsTable = (table: string) => `${table}:counts`;

const ASSIGNMENT_RE = /"(\w+)" = /y;
const SET_END_RE = / (?:where|returning|from) /iy;

/** The columns an `update "t" set …` assigns (those outside parentheses), or null when it cannot tell. */
export function setColumns(sql: string): string[] | null {
  const m = /^\s*update "\w+" set /i.exec(sql);
  if (!m) return null;
  const cols: string[] = [];
  let depth = 0;
  let column = true;
  for (let i = m[0].length; i < sql.length; i++) {
    const ch = sql[i];
    if (ch === "'") return null;
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (depth > 0 || (column && ch === ' ')) continue;
    else if (column) {
      ASSIGNMENT_RE.lastIndex = i;
      const a = ASSIGNMENT_RE.exec(sql);
      if (!a) return null;
      cols.push(a[1]!);
      i += a[0].length - 1;
      column = false;
    } else if (ch === ',') column = true;
    else if (ch === ' ') {
      SET_END_RE.lastIndex = i;
      if (SET_END_RE.test(sql)) return cols;
    }
  }
  return cols;
}

const WRITE_RE = /^\s*(?:insert(?: or \w+)? into|replace into|update|delete from) "(\w+)"/i;
const NO_DATA_RE = /^\s*(?:begin|commit|rollback|savepoint|release|end)\b/i;
const READ_RE = /^\s*select\b/i;
/** A SELECT (row locks included) that changes no data; a write inside one would need a function we never call. */
export const isPureSelect = (sql: string) => READ_RE.test(sql) && !/\b(?:insert|update|delete)\b/i.test(sql.replace(/\bfor (?:no key )?update\b/gi, ''));
const PLACEHOLDER = String.raw`(?:\?|\$\d+)`;
const PARAM_LIST_RE = new RegExp(String.raw`\(${PLACEHOLDER}(?:, ${PLACEHOLDER})*\)`, 'g');

/** The parameter a placeholder stands for: `$n` says it, `?` counts those before it. */
function paramAt(sql: string, at: number, token: string, params: readonly unknown[]): unknown {
  if (token.startsWith('$')) return params[Number(token.slice(1)) - 1];
  let n = 0;
  for (let i = sql.indexOf('?'); i >= 0 && i < at; i = sql.indexOf('?', i + 1)) n++;
  return params[n];
}

const idOf = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : typeof v === 'bigint' ? Number(v) : undefined);

/** The ids `column` takes in an insert's rows, when every value is a plain parameter; else null. */
function insertScope(sql: string, table: string, column: string, params: readonly unknown[]): number[] | null {
  const m = new RegExp(String.raw`^\s*insert(?: or \w+)? into "${table}" \(([^)]*)\) values `, 'i').exec(sql);
  if (!m) return null;
  const cols = m[1]!.split(', ').map((c) => c.replace(/^"|"$/g, ''));
  const k = cols.indexOf(column);
  if (k < 0) return null;
  const row = String.raw`\(${PLACEHOLDER}(?:, ${PLACEHOLDER}){${cols.length - 1}}\)`;
  const rest = sql.slice(m[0].length);
  const rows = new RegExp(String.raw`^${row}(?:, ${row})*`).exec(rest);
  if (!rows) return null;
  const tail = rest.slice(rows[0].length);
  // An upsert may change a row other than the one it names: only when the conflict is on the column.
  if (/on conflict/i.test(tail) && !new RegExp(String.raw`on conflict \("${column}"[,)]`, 'i').test(tail)) return null;
  const tokens = rows[0].match(new RegExp(PLACEHOLDER, 'g'))!;
  // The rows' `?` are the parameters after those before them (counted once, not per row).
  const first = sql.slice(0, m[0].length).split('?').length - 1;
  const ids: number[] = [];
  for (let i = k; i < tokens.length; i += cols.length) {
    const token = tokens[i]!;
    const id = idOf(token.startsWith('$') ? params[Number(token.slice(1)) - 1] : params[first + i]);
    if (id === undefined) return null;
    ids.push(id);
  }
  return ids;
}

/** The id an update's or delete's WHERE confines it to (`"column" = ?` among plain ANDs), else null. */
function whereScope(sql: string, table: string, column: string, params: readonly unknown[]): number | null {
  // The statement's own WHERE is the last one (a subquery in SET comes before it; one after it
  // leaves a parenthesis in the clause, which is refused below).
  const w = sql.toLowerCase().lastIndexOf(' where ');
  if (w < 0) return null;
  const end = sql.search(/ returning /i);
  const where = sql.slice(w + ' where '.length, end > w ? end : undefined);
  // A list of plain parameters (`"id" in (?, ?)`) only narrows the rows further; any other
  // parenthesis (a subquery, a grouped OR) may widen them.
  if (/\(|\)| or /i.test(where.replace(PARAM_LIST_RE, ''))) return null;
  const re = new RegExp(String.raw`(?:^| and )(?:"${table}"\.)?"${column}" = (${PLACEHOLDER})(?= and |$)`, 'i');
  const m = re.exec(where);
  if (!m) return null;
  const at = w + ' where '.length + m.index + m[0].length - m[1]!.length;
  return idOf(paramAt(sql, at, m[1]!, params)) ?? null;
}

/** Records what `sql` (run with `params`) may have changed. Reads and transaction control record nothing. */
export function recordWrite(book: WriteBook, sql: string, params: readonly unknown[]): void {
  if (NO_DATA_RE.test(sql)) return;
  const m = WRITE_RE.exec(sql);
  if (!m) {
    if (isPureSelect(sql)) return;
    book.total++;
    book.unknown++;
    return;
  }
  const table = m[1]!;
  const counts = COUNT_COLUMNS[table];
  const set = counts && /^\s*update/i.test(sql) ? setColumns(sql) : null;
  // What the write is recorded as: the table, or its counters alone.
  const name = set?.length && set.every((c) => counts!.has(c)) ? countsTable(table) : table;
  book.total++;
  bump(book.tables, name);
  // Quoted text could hold a `?` that is not a parameter: such statements are not read further.
  const scopes: string[] = [];
  if (!sql.includes("'")) {
    const cols = scopeColumnsOf(table);
    for (const [kind, column] of [
      ['repo', cols.repo],
      ['user', cols.user],
    ] as const) {
      if (!column) continue;
      const insert = /^\s*(?:insert|replace)/i.test(sql);
      const ids = insert ? insertScope(sql, table, column, params) : [whereScope(sql, table, column, params)].filter((x) => x !== null);
      if (!ids?.length) continue;
      bump(book.confined, `${name}@${kind}`);
      scopes.push(...ids.map((id) => `${name}@${kind}:${id}`));
    }
  }
  if (!scopes.length) bump(book.wide, name);
  for (const s of new Set(scopes)) bump(book.scoped, s);
}

/** What a kept answer depends on: tables read per repository or user, and tables it never reads. */
export interface Dependencies {
  /** Tables whose rows of this repository (or user) only matter: `['issue', { repo: 3 }]`. */
  scoped: [string, { repo?: number; user?: number }][];
  /** Tables the answer never reads (writes to them leave it valid). */
  ignored: string[];
  /** When set, the only tables read whole besides the scoped ones: writes to any other leave it valid. */
  only?: string[];
}

/**
 * A value that changes whenever a write may have changed an answer with these dependencies:
 * writes elsewhere (other processes, unknown tables, tables not named — or with `only`, the tables
 * it names) and writes to the scoped tables that are not confined to other repositories or users.
 */
export function scopedVersion(book: WriteBook, deps: Dependencies): string {
  let others = book.total;
  const parts: string[] = [];
  if (deps.only) others = deps.only.reduce((n, t) => n + (book.tables.get(t) ?? 0), book.unknown);
  else for (const t of new Set([...deps.ignored, ...deps.scoped.map(([t]) => t)])) others -= book.tables.get(t) ?? 0;
  for (const [table, by] of deps.scoped) {
    const all = book.tables.get(table) ?? 0;
    // Per column: the writes not confined by it (a delete by repository touches any user's rows)
    // and those confined to this value. Scoped by both, either moving moves the version.
    for (const kind of ['repo', 'user'] as const) {
      const id = by[kind];
      if (id === undefined) continue;
      parts.push(`${all - (book.confined.get(`${table}@${kind}`) ?? 0)}.${book.scoped.get(`${table}@${kind}:${id}`) ?? 0}`);
    }
  }
  return `${book.epoch}:${others}:${parts.join(',')}`;
}

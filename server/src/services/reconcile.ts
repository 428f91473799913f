// Start-up reconciliation of the database with the repository folders (issue #9): repairs or reports
// what a crash left half-done, logging one line per action and a summary. It must stay fast on a
// big forge: one query for the rows, one listing of <data>/repositories, and per repository only a
// few stat/read calls (git runs only for the repositories that need a repair).
//
// What it does, in order:
// 1. Leftover move intents (repo-folders.ts): the folder goes where the committed row says.
// 2. Trash (tmp/trash-<id>-…): back into place when its row still exists and has no folder (the
//    deletion did not commit), else removed. Every other entry of <data>/tmp is a stale work
//    tree or half-prepared repository and is removed (nothing runs yet).
// 3. A folder under repositories/ without a row → moved to <data>/lost+found (never deleted; an
//    administrator decides).
// 4. A row without a valid repository. Gitea's answer to a missing folder is its admin task
//    "Reinitialize all missing Git repositories for which records exist": an empty repository in
//    its place, so the issues, pull request conversations and settings stay reachable and the
//    owner can push again. We do the same at start and mark it empty. A folder that exists but
//    lacks HEAD, objects/ or refs/ (a git init that was cut short) is completed in place with
//    `git init --bare` (which never overwrites what is there) and HEAD set to the default branch,
//    so any objects and refs it holds are kept.
// 5. `is_empty` from the refs: marked empty but has branches (a push whose database update did
//    not happen) → not empty, default branch set when it is missing as push.ts does; marked not
//    empty without any branch → empty.
// 6. Push quarantines (objects/tmp_objdir-incoming-*, objects/incoming-*) that a killed push left
//    in a repository: removed once older than any push lasts (QUARANTINE_MAX_AGE_MS), so one in
//    progress in another process, or a slow push, is never touched.
//
// Several processes on one PostgreSQL database and one data folder (issue #12): a process starts
// while others serve, so "nothing runs yet" no longer holds. On a shared database reconciliation
// runs under a database-wide lock (two processes starting together take turns) and leaves alone
// what another live process may be in the middle of:
//   - entries of <data>/tmp named by a process that still holds its lock (repo-folders.ts
//     processTag, db/dialect.ts processAlive): its creations, forks, deletions' trash and move
//     intents. A dead process's entries are repaired at once, as on SQLite;
//   - other tmp entries (merge work trees, push quarantines) younger than a generous age;
//   - a folder without a row that is younger than that age (a creation or rename about to
//     commit) or whose row has appeared since the rows were read;
//   - a row without a folder while a trash entry or a move intent for it exists, or whose row has
//     gone or changed since;
//   - and a row's repair (steps 4 and 5) runs under its repository's push lock with the row and
//     the disk read again, so it never races a push.
// On SQLite one process serves a data folder and everything is repaired as before.
import fs from 'node:fs';
import path from 'node:path';
import type { Deps } from '../context.ts';
import { repoDir } from '../context.ts';
import { holdProcessLock, isPostgres, processAlive, withDatabaseLock, withRepoLock } from '../db/dialect.ts';
import { nowUnix } from '../db/index.ts';
import type { RepoUpdate } from '../db/schema.ts';
import { findRepoFolderState, listRepoFolderStates, updateRepoColumns, type RepoFolderState } from '../db/repos.ts';
import { findUserLowerName } from '../db/users.ts';
import { initBare, reinitBareInPlace, setHead } from '../git/repo.ts';
import { branchNames } from '../git/refs.ts';
import { removeStaleQuarantines } from '../git/quarantine.ts';
import { folderSize } from './repos.ts';
import { MOVE_PREFIX, TRASH_PREFIX, asidePath, placeRepository, processTag, processTagOf, tmpRoot, type MoveIntent } from './repo-folders.ts';

export interface ReconcileSummary {
  checked: number;
  movesFinished: number;
  restoredFromTrash: number;
  tmpRemoved: number;
  lostAndFound: number;
  reinitialised: number;
  repaired: number;
  emptyFixed: number;
  /** Entries left alone because another live process may be using them (shared database only). */
  leftForOthers: number;
  /** Push quarantine folders removed from repositories (step 6). */
  quarantinesRemoved: number;
  ms: number;
}

/**
 * How old an entry without a live owner must be before a process on a shared database treats it as
 * a leftover: an hour, far longer than any creation, merge or push takes.
 */
export const SHARED_GRACE_MS = 60 * 60 * 1000;

/**
 * How long a push quarantine may go unwritten before it is a leftover. Pushes have no time limit of
 * their own (git-http.ts never kills a receive-pack), but a live one writes its quarantine as the
 * pack arrives and removes it right after its hooks; six hours without a write is far past any
 * push, however slow its link.
 */
export const QUARANTINE_MAX_AGE_MS = 6 * 60 * 60 * 1000;

export interface ReconcileOptions {
  /** SHARED_GRACE_MS unless given (tests use 0 for "long after"). */
  graceMs?: number;
}

/** Kinds that only asidePath makes: without a process tag they come from an older version, whose process is gone. */
const ASIDE_KIND = /^(create|fork|reinit|move|trash-\d+)-/;

const HEADS = 'refs/heads/';

type RepoState = RepoFolderState;

/** Whether a bare repository has at least one branch, read from its files (loose refs, packed-refs). */
export function hasBranchOnDisk(dir: string): boolean {
  const walk = (d: string): boolean => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      return false;
    }
    for (const e of entries) {
      if (e.isDirectory() ? walk(path.join(d, e.name)) : e.isFile() && !e.name.endsWith('.lock')) return true;
    }
    return false;
  };
  if (walk(path.join(dir, 'refs', 'heads'))) return true;
  try {
    return fs.readFileSync(path.join(dir, 'packed-refs'), 'utf8').includes(` ${HEADS}`);
  } catch {
    return false;
  }
}

function isWholeRepository(dir: string): boolean {
  return ['HEAD', 'objects', 'refs'].every((f) => fs.existsSync(path.join(dir, f)));
}

/** A free path for `name` under lost+found/<group>/ (a suffix when one is taken). */
function lostAndFoundPath(dataDir: string, group: string, name: string): string {
  const dir = path.join(dataDir, 'lost+found', group);
  fs.mkdirSync(dir, { recursive: true });
  let target = path.join(dir, name);
  for (let i = 1; fs.existsSync(target); i++) target = path.join(dir, `${name}.${i}`);
  return target;
}

export async function reconcileDataDir(
  deps: Deps,
  log: (line: string) => void = (l) => console.log(l),
  opts: ReconcileOptions = {},
): Promise<ReconcileSummary> {
  // Before any work of ours can appear under <data>/tmp, so that others see it is in progress.
  await holdProcessLock(deps.db, processTag);
  return withDatabaseLock(deps.db, 'reconcile', () => reconcile(deps, log, opts));
}

async function reconcile(deps: Deps, log: (line: string) => void, opts: ReconcileOptions): Promise<ReconcileSummary> {
  const started = performance.now();
  const { db, config } = deps;
  const s: ReconcileSummary = {
    checked: 0,
    movesFinished: 0,
    restoredFromTrash: 0,
    tmpRemoved: 0,
    lostAndFound: 0,
    reinitialised: 0,
    repaired: 0,
    emptyFixed: 0,
    leftForOthers: 0,
    quarantinesRemoved: 0,
    ms: 0,
  };
  const say = (line: string) => log(`reconcile: ${line}`);
  const reposRoot = path.join(config.dataDir, 'repositories');
  const shared = isPostgres(db);
  const graceMs = opts.graceMs ?? SHARED_GRACE_MS;
  /** Changed within the grace period (ctime too: a rename into place keeps the folder's mtime). */
  const young = (full: string) => {
    const st = fs.statSync(full, { throwIfNoEntry: false });
    return !!st && Date.now() - Math.max(st.mtimeMs, st.ctimeMs) < graceMs;
  };
  /** Whether another live process may be using this tmp entry (never on SQLite). */
  const inUse = async (name: string): Promise<boolean> => {
    if (!shared) return false;
    const tag = processTagOf(name);
    if (tag) return processAlive(db, tag);
    return !ASIDE_KIND.test(name) && young(path.join(tmp, name));
  };
  const leave = (what: string) => {
    s.leftForOthers++;
    say(`left ${what} alone (another process may be using it)`);
  };

  const readRows = () => listRepoFolderStates(db);
  const rows = await readRows();
  const byDir = new Map(rows.map((r) => [repoDir(config, r.owner_name, r.name), r]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  /** Folders a live process is moving (both ends of its intents). */
  const moving: string[] = [];
  const isMoving = (dir: string) => moving.some((p) => dir === p || dir.startsWith(p + path.sep));

  // 1 and 2: <data>/tmp.
  const tmp = tmpRoot(config);
  const tmpEntries = fs.existsSync(tmp) ? fs.readdirSync(tmp) : [];
  for (const name of tmpEntries.filter((n) => n.startsWith(MOVE_PREFIX) && n.endsWith('.json'))) {
    const file = path.join(tmp, name);
    try {
      const intent = JSON.parse(fs.readFileSync(file, 'utf8')) as MoveIntent;
      if (await inUse(name)) {
        moving.push(intent.from, intent.to);
        leave(`tmp/${name}`);
        continue;
      }
      let want: string | undefined;
      if (intent.kind === 'repo') {
        const r = byId.get(intent.id);
        want = r && repoDir(config, r.owner_name, r.name);
      } else {
        const u = await findUserLowerName(db, intent.id);
        want = u && path.join(reposRoot, u.lower_name);
      }
      const other = want === intent.to ? intent.from : want === intent.from ? intent.to : undefined;
      if (want && other && fs.existsSync(other) && !fs.existsSync(want)) {
        fs.mkdirSync(path.dirname(want), { recursive: true });
        fs.renameSync(other, want);
        s.movesFinished++;
        say(`moved ${path.relative(config.dataDir, other)} to ${path.relative(config.dataDir, want)} (an interrupted ${intent.kind} rename)`);
      }
    } catch (e) {
      say(`could not apply ${name}: ${(e as Error).message}`);
    }
    fs.rmSync(file, { force: true });
  }
  for (const name of tmpEntries.filter((n) => !n.startsWith(MOVE_PREFIX))) {
    const full = path.join(tmp, name);
    if (await inUse(name)) {
      leave(`tmp/${name}`);
      continue;
    }
    const trashOf = name.startsWith(TRASH_PREFIX) ? Number(name.slice(TRASH_PREFIX.length).split('-')[0]) : NaN;
    const row = byId.get(trashOf);
    if (row && !fs.existsSync(repoDir(config, row.owner_name, row.name))) {
      placeRepository(full, repoDir(config, row.owner_name, row.name));
      s.restoredFromTrash++;
      say(`restored ${row.owner_name}/${row.name} from ${name} (its deletion did not commit)`);
      continue;
    }
    fs.rmSync(full, { recursive: true, force: true });
    s.tmpRemoved++;
    say(`removed tmp/${name}`);
  }

  // 3: folders without a row.
  let rowsNow: Set<string> | undefined;
  for (const owner of fs.existsSync(reposRoot) ? fs.readdirSync(reposRoot, { withFileTypes: true }) : []) {
    if (!owner.isDirectory()) continue;
    for (const entry of fs.readdirSync(path.join(reposRoot, owner.name))) {
      const full = path.join(reposRoot, owner.name, entry);
      if (byDir.has(full)) continue;
      if (shared) {
        // A creation, fork or rename about to commit, or one that committed after the rows were read.
        rowsNow ??= new Set((await readRows()).map((r) => repoDir(config, r.owner_name, r.name)));
        if (rowsNow.has(full)) continue;
        if (young(full) || isMoving(full)) {
          leave(`repositories/${owner.name}/${entry}`);
          continue;
        }
      }
      const target = lostAndFoundPath(config.dataDir, owner.name, entry);
      fs.renameSync(full, target);
      s.lostAndFound++;
      say(`repositories/${owner.name}/${entry} has no repository row: moved to ${path.relative(config.dataDir, target)}`);
    }
  }

  // 4 and 5: every row.
  const needsRepair = (dir: string, r: RepoState) => {
    if (!fs.existsSync(dir) || !isWholeRepository(dir)) return true;
    const hasBranch = hasBranchOnDisk(dir);
    return (r.is_empty === 1 && hasBranch) || (r.is_empty === 0 && !hasBranch);
  };
  const repairRow = async (dir: string, r: RepoState) => {
    const label = `${r.owner_name}/${r.name}`;
    const patch: RepoUpdate = {};
    let headReset = false;
    if (!fs.existsSync(dir)) {
      const fresh = asidePath(config, 'reinit', '.git');
      await initBare(fresh, r.default_branch);
      placeRepository(fresh, dir);
      s.reinitialised++;
      say(`${label}: its folder was missing; re-initialised as an empty repository`);
    } else if (!isWholeRepository(dir)) {
      await reinitBareInPlace(dir);
      await setHead(dir, r.default_branch);
      headReset = true;
      s.repaired++;
      say(`${label}: its repository was incomplete (no HEAD, objects or refs); completed in place`);
    }
    const hasBranch = hasBranchOnDisk(dir);
    if (r.is_empty === 1 && hasBranch) {
      patch.is_empty = 0;
      patch.size = folderSize(dir);
    }
    // A HEAD we just wrote, or one a first push never got to set, must name an existing branch.
    if (hasBranch && (headReset || patch.is_empty === 0)) {
      const names = await branchNames(dir);
      if (!names.includes(r.default_branch)) {
        const pick = ['main', 'master'].find((b) => names.includes(b)) ?? [...names].sort()[0]!;
        await setHead(dir, pick);
        patch.default_branch = pick;
      }
    }
    if (r.is_empty === 0 && !hasBranch) patch.is_empty = 1;
    if (patch.is_empty !== undefined || patch.default_branch !== undefined) {
      await updateRepoColumns(db, r.id, { ...patch, updated_unix: nowUnix() });
      const what = patch.is_empty === undefined ? '' : `marked ${patch.is_empty ? 'empty (it has no branch)' : 'not empty (it has branches)'}`;
      if (patch.is_empty !== undefined) s.emptyFixed++;
      say(`${label}: ${[what, patch.default_branch && `default branch ${patch.default_branch}`].filter(Boolean).join(', ')}`);
    }
  };
  for (const [dir, r] of byDir) {
    s.checked++;
    // 6: what a killed push left (one readdir of objects/ per repository).
    for (const name of removeStaleQuarantines(dir, QUARANTINE_MAX_AGE_MS)) {
      s.quarantinesRemoved++;
      say(`${r.owner_name}/${r.name}: removed the push quarantine objects/${name} (a push that did not finish)`);
    }
    if (!needsRepair(dir, r)) continue;
    if (!shared) {
      await repairRow(dir, r);
      continue;
    }
    // Another process may be deleting or renaming it right now: its trash entry or move intent
    // exists until that commits (looked at again now, after the folder was found missing).
    if (!fs.existsSync(dir)) {
      const pending = (fs.existsSync(tmp) ? fs.readdirSync(tmp) : []).some(
        (n) => n.startsWith(`${TRASH_PREFIX}${r.id}-`) || (n.startsWith(MOVE_PREFIX) && n.endsWith('.json')),
      );
      if (pending || isMoving(dir)) {
        leave(`${r.owner_name}/${r.name} (no folder)`);
        continue;
      }
    }
    // Under the push lock, with the row and the disk read again: never half-way through a push.
    await withRepoLock(db, 'push', r.id, async () => {
      const now = await findRepoFolderState(db, r.id);
      if (!now || repoDir(config, now.owner_name, now.name) !== dir || !needsRepair(dir, now)) return;
      await repairRow(dir, now);
    });
  }

  s.ms = Math.round(performance.now() - started);
  say(
    `${s.checked} repositories checked in ${s.ms} ms: ${s.movesFinished} moves finished, ${s.restoredFromTrash} restored from trash, ` +
      `${s.reinitialised} re-initialised, ${s.repaired} repaired, ${s.emptyFixed} empty flags fixed, ` +
      `${s.lostAndFound} folders moved to lost+found, ${s.tmpRemoved} temporary entries removed` +
      (s.quarantinesRemoved ? `, ${s.quarantinesRemoved} push quarantines removed` : '') +
      (s.leftForOthers ? `, ${s.leftForOthers} entries left to other processes` : ''),
  );
  return s;
}

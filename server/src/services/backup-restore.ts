// `forge restore`: unpacks a dump written by `forge dump` (backup.ts) into an empty data folder,
// checking the archive (plain files only, a manifest, a sound database) before anything is in place.
import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { checkDatabase, listRepositories } from '../db/backup.ts';
import { FORMAT, MANIFEST, type Manifest, refuseOnPostgres } from './backup-format.ts';

export interface RestoreOptions {
  archive: string;
  /** Must be empty or absent. */
  dataDir: string;
  /** FORGE_DATABASE_URL: set, a restore (which brings back forge.db) is refused. */
  databaseUrl?: string;
  log?: (message: string) => void;
}

export interface RestoreSummary {
  dataDir: string;
  repositories: number;
  files: number;
}

export async function restoreForge(opts: RestoreOptions): Promise<RestoreSummary> {
  refuseOnPostgres('restore', opts.databaseUrl);
  const log = opts.log ?? ((m: string) => console.log(m));
  const archive = path.resolve(opts.archive);
  const dataDir = path.resolve(opts.dataDir);
  if (!fs.statSync(archive, { throwIfNoEntry: false })?.isFile()) throw new Error(`No such dump: ${archive}`);
  const existing = fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : [];
  if (existing.length > 0) {
    throw new Error(
      `Refusing to restore into ${dataDir}: the folder is not empty (${existing.length} entr${existing.length === 1 ? 'y' : 'ies'}, e.g. ${existing.slice(0, 3).join(', ')}). ` +
        'Restore into an empty or new folder (FORGE_DATA_DIR), then point the forge at it.',
    );
  }
  log(`Restoring ${archive} into ${dataDir}.`);

  // Unpacked beside the target and renamed into place, so a failed restore leaves no half forge.
  const parent = path.dirname(dataDir);
  fs.mkdirSync(parent, { recursive: true });
  const stage = fs.mkdtempSync(path.join(parent, `.${path.basename(dataDir)}.restore-`));
  try {
    let files = 0;
    await tar
      .x({
        file: archive,
        cwd: stage,
        strict: true,
        // Plain files and folders only (no links, devices): nothing in a dump may point outside it.
        filter: (p, entry) => {
          const type = 'type' in entry ? entry.type : entry.isDirectory() ? 'Directory' : 'File';
          const ok = (type === 'File' || type === 'OldFile' || type === 'Directory') && (p === MANIFEST || p === 'data' || p.startsWith('data/'));
          if (ok && type !== 'Directory') files++;
          return ok;
        },
      })
      .catch((e: unknown) => {
        throw new Error(`${archive} is not a readable forge dump: ${e instanceof Error ? e.message : String(e)}`);
      });
    const manifest = readManifest(path.join(stage, MANIFEST));
    if (!manifest || !fs.existsSync(path.join(stage, 'data', 'forge.db')))
      throw new Error(`${archive} is not a forge dump (no ${MANIFEST} or database in it).`);
    if (manifest.format > FORMAT) throw new Error(`${archive} was written by a newer forge (format ${manifest.format}); this one reads format ${FORMAT}.`);

    const check = checkDatabase(path.join(stage, 'data', 'forge.db'));
    if (check.integrity !== 'ok') throw new Error(`The database in ${archive} is damaged: ${check.integrity}`);
    const repos = listRepositories(path.join(stage, 'data', 'forge.db'));
    const absent = repos.filter((r) => !fs.existsSync(path.join(stage, 'data', 'repositories', r.owner.toLowerCase(), `${r.name.toLowerCase()}.git`, 'HEAD')));

    if (fs.existsSync(dataDir)) fs.rmdirSync(dataDir); // empty, checked above
    fs.renameSync(path.join(stage, 'data'), dataDir);
    log(`  dump written ${manifest.created}`);
    log(
      `  database: integrity ok (${Object.entries(check.tables)
        .map(([t, n]) => `${n} ${t}`)
        .join(', ')})`,
    );
    log(
      `  repositories: ${repos.length - absent.length} restored${absent.length ? `; ${absent.length} had no copy in the dump: ${absent.map((r) => `${r.owner}/${r.name}`).join(', ')}` : ''}`,
    );
    log(`  files: ${files} unpacked`);
    log(`Restored. Start the forge with FORGE_DATA_DIR=${dataDir}.`);
    return { dataDir, repositories: repos.length - absent.length, files };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

function readManifest(file: string): Manifest | null {
  try {
    const m = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
    return typeof m?.format === 'number' ? m : null;
  } catch {
    return null;
  }
}

// What `forge dump` writes and `forge restore` reads: the archive's manifest and layout version,
// and the refusal of both on a forge whose database is not the SQLite file in its data folder.

/**
 * A forge on PostgreSQL (FORGE_DATABASE_URL) keeps its database outside the data folder: a dump
 * would copy a forge.db that is not the forge's, and a restore would bring back one it never reads.
 */
export function refuseOnPostgres(command: 'dump' | 'restore', databaseUrl: string | undefined): void {
  if (!databaseUrl) return;
  throw new Error(
    `forge ${command} works on a forge whose database is the SQLite file in its data folder; this one uses PostgreSQL (FORGE_DATABASE_URL is set). ` +
      (command === 'dump'
        ? "Back up the database with PostgreSQL's own tools (pg_dump -Fc -f forge.pgdump DATABASE) and copy the data folder (FORGE_DATA_DIR: repositories, attachments, avatars) beside it, e.g. with the forge stopped or the folder on a snapshotting file system."
        : 'Restore the database with pg_restore (into an empty database: pg_restore -d DATABASE forge.pgdump) and copy the data folder back into FORGE_DATA_DIR.'),
  );
}

/** Version of the archive layout, in forge-dump.json. */
export const FORMAT = 1;
export const MANIFEST = 'forge-dump.json';

export interface Manifest {
  format: number;
  created: string;
  tables: Record<string, number>;
  repositories: number;
  files: number;
}

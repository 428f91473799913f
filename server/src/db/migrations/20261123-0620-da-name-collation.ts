// Issue #12: names sort byte by byte on PostgreSQL as on SQLite (BINARY), whatever the database's
// locale ("a-b" before "a_c" before "ab"), so lists sorted by name come in the same order on both.
import type { Kysely, Migration } from 'kysely';
import { compareBytewise } from '../dialect.ts';

export const migration: Migration = {
  async up(db: Kysely<any>) {
    await compareBytewise(db, [
      ['user', 'lower_name', 'varchar(255)'],
      ['repository', 'lower_name', 'varchar(255)'],
      ['team', 'lower_name', 'varchar(255)'],
      ['label', 'name', 'varchar(255)'],
    ]);
  },
};

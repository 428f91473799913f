// Issue #12 for topics: their names sort byte by byte on PostgreSQL as on SQLite, whatever the
// database's locale, so a repository's topics (listed by name) come in the same order on both.
import type { Kysely, Migration } from 'kysely';
import { compareBytewise } from '../dialect.ts';

export const migration: Migration = {
  async up(db: Kysely<any>) {
    await compareBytewise(db, [['topic', 'name', 'varchar(50)']]);
  },
};

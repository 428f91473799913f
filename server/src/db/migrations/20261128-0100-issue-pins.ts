// Pinned issues and pull requests, as Gitea's issue.pin_order: 0 when not pinned, else the place
// (1, 2, …) among the repository's pinned issues, or among its pinned pull requests.
import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('issue')
      .addColumn('pin_order', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};

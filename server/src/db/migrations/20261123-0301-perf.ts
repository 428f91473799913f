// Repository search sorts by name by default: walk a name index and stop at the page's end; the
// count reads a compact covering index instead of the table.
import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('repository_lower_name').on('repository').column('lower_name').execute();
    await db.schema.createIndex('repository_private_owner').on('repository').columns(['is_private', 'owner_id']).execute();
    // Anonymous search: public repositories only, by name.
    await db.schema.createIndex('repository_private_name').on('repository').columns(['is_private', 'lower_name']).execute();
  },
};

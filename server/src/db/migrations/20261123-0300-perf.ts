// Issue #11: lists hit an index in the order they are sorted in, for the arguments Gitea clients
// send by default (no `type`, state open / all), so a page costs the same at any size.
import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('issue_repo_closed_created').on('issue').columns(['repo_id', 'is_closed', 'created_unix']).execute();
    await db.schema.createIndex('issue_repo_created').on('issue').columns(['repo_id', 'created_unix']).execute();
    await db.schema.createIndex('issue_repo_pull_created').on('issue').columns(['repo_id', 'is_pull', 'created_unix']).execute();
  },
};

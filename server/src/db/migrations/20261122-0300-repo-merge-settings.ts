// A repository's pull request merge settings.
import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<any>) {
    // A repository's pull request merge settings (Gitea keeps them in its pulls unit config).
    const flags: [string, number][] = [
      ['allow_merge_commits', 1],
      ['allow_rebase', 1],
      ['allow_rebase_explicit', 1],
      ['allow_squash_merge', 1],
      ['allow_fast_forward_only_merge', 1],
      ['allow_manual_merge', 1],
      ['default_delete_branch_after_merge', 0],
    ];
    for (const [name, value] of flags)
      await db.schema
        .alterTable('repository')
        .addColumn(name, 'integer', (c) => c.notNull().defaultTo(value))
        .execute();
    await db.schema
      .alterTable('repository')
      .addColumn('default_merge_style', 'varchar(32)', (c) => c.notNull().defaultTo('merge'))
      .execute();
  },
};

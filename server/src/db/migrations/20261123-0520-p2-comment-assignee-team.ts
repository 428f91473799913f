// Review requests to a team leave a review_request event naming the team (Gitea's comment.assignee_team_id).
import type { Kysely, Migration } from 'kysely';
import { now0 } from './columns.ts';

export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('comment').addColumn('assignee_team_id', 'integer', now0).execute();
  },
};

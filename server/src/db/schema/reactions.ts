// Emoji reactions on issues, pull requests and comments (issue #20), as Gitea's `reaction` table.
import type { Generated } from 'kysely';

/** One user's reaction of one type on an issue (comment_id 0) or on one of its comments. */
export interface ReactionTable {
  id: Generated<number>;
  /** Gitea's reaction name: +1, -1, laugh, hooray, confused, heart, rocket or eyes. */
  type: string;
  issue_id: number;
  comment_id: number;
  user_id: number;
  created_unix: number;
}

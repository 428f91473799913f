// Repository topics (Gitea's topic and repo_topic tables).
import type { Generated } from 'kysely';

export interface TopicTable {
  id: Generated<number>;
  /** Lower case, [a-z0-9][-.a-z0-9]*, at most 35 characters (checked by services/topics.ts). */
  name: string;
  /** How many repositories carry it. */
  repo_count: number;
  created_unix: number;
  updated_unix: number;
}

export interface RepoTopicTable {
  repo_id: number;
  topic_id: number;
}

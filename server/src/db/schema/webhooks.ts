// Webhooks and their delivery queue (issue #21; migration 20261127-0600-webhooks).
import type { Generated } from 'kysely';

/** A webhook of a repository (repo_id) or of an organization (owner_id; repo_id 0). */
export interface WebhookTable {
  id: Generated<number>;
  repo_id: number;
  owner_id: number;
  type: string;
  url: string;
  http_method: string;
  /** 1 json, 2 form (Gitea's HookContentType). */
  content_type: number;
  secret: string;
  authorization_header: string;
  /** JSON array of Gitea event names (create, push, issues, pull_request_review_approved, …). */
  events: string;
  branch_filter: string;
  is_active: number;
  /** 0 none yet, 1 succeeded, 2 failed (Gitea's HookStatus). */
  last_status: Generated<number>;
  created_unix: number;
  updated_unix: number;
}

/** One delivery of a payload to a hook; the request and response of its last attempt (JSON). */
export interface HookTaskTable {
  id: Generated<number>;
  hook_id: number;
  uuid: string;
  /** Gitea's HookEventType (push, issues, issue_comment, pull_request_review_approved, …). */
  event_type: string;
  payload_content: string;
  is_delivered: Generated<number>;
  is_succeed: Generated<number>;
  attempts: Generated<number>;
  /** Epoch milliseconds: when the next attempt is due. */
  next_attempt_at: number;
  /** Epoch milliseconds: a worker holds the task until then. */
  claimed_until: Generated<number>;
  request_content: Generated<string>;
  response_content: Generated<string>;
  /** Epoch milliseconds of the last attempt. */
  delivered: Generated<number>;
  duration_ms: Generated<number>;
  created_unix: number;
}

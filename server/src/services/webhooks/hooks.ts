// Webhook rules, as Gitea's routers/api/v1/utils/hook.go: create (types gitea and gogs for now; url
// and content_type required; events default to push; a branch_filter that is not a glob is 422),
// edit (only what is sent changes; events are replaced, as Gitea), the API shape (ToHook: the
// secret never leaves), the test delivery (a push of the branch's latest commit) and the
// deliveries extension (a hook's recent tasks, redelivery).
import type { Deps } from '../../context.ts';
import type { HookTaskRow, UserRow, WebhookRow } from '../../db/schema.ts';
import { findHook, findHookTask, insertHook, updateHook, type HookScope } from '../../db/webhooks.ts';
import { nowUnix, unixToIso } from '../../db/index.ts';
import { notFound, unprocessable } from '../../errors.ts';
import type { ApiHook, ApiHookDelivery, CreateHookInput, EditHookInput } from '../../api/webhook-schemas.ts';
import { getBranch, headBranch } from '../../git/refs.ts';
import { resolveCommit } from '../../git/merge.ts';
import type { RepoContext } from '../repo-access.ts';
import { eventHeader, expandEvents, globToRegExp, passesBranchFilter } from './events.ts';
import { hookEvents, storeTasks } from './subscribers.ts';
import { repoSide, testPushPayload } from './payloads.ts';

/** Gitea's hook types; `gitea` and `gogs` (sent alike, as Gitea's newDefaultRequest) are delivered here, the others answer 422 until they are. */
const GITEA_TYPES = ['dingtalk', 'discord', 'gitea', 'gogs', 'msteams', 'slack', 'telegram', 'feishu', 'wechatwork', 'packagist', 'matrix'];

const CONTENT_TYPES: Record<string, number> = { json: 1, form: 2 };
const contentTypeName = (n: number) => (n === 2 ? 'form' : 'json');

function checkUrl(url: string): void {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw unprocessable('Invalid url: it must be an absolute http:// or https:// URL');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw unprocessable('Invalid url: it must be an absolute http:// or https:// URL');
}

function checkBranchFilter(filter: string | undefined): void {
  if (!filter) return;
  try {
    globToRegExp(filter);
  } catch (e) {
    throw unprocessable(`branch_filter: invalid glob pattern (${(e as Error).message})`);
  }
}

export function toApiHook(h: WebhookRow): ApiHook {
  return {
    id: h.id,
    type: h.type,
    branch_filter: h.branch_filter,
    config: { url: h.url, content_type: contentTypeName(h.content_type) },
    events: hookEvents(h),
    authorization_header: h.authorization_header,
    active: h.is_active === 1,
    updated_at: unixToIso(Number(h.updated_unix)),
    created_at: unixToIso(Number(h.created_unix)),
  };
}

export async function createHook(deps: Deps, scope: HookScope, input: CreateHookInput): Promise<WebhookRow> {
  if (!GITEA_TYPES.includes(input.type)) throw unprocessable(`Invalid hook type: ${input.type}`);
  if (input.type !== 'gitea' && input.type !== 'gogs') throw unprocessable(`Hook type ${input.type} is not delivered by this server yet; use type gitea`);
  for (const name of ['url', 'content_type']) if (!(name in input.config)) throw unprocessable(`Missing config option: ${name}`);
  const contentType = CONTENT_TYPES[input.config.content_type!];
  if (!contentType) throw unprocessable('Invalid content type');
  checkUrl(input.config.url!);
  checkBranchFilter(input.branch_filter);
  const now = nowUnix();
  return insertHook(deps.db, {
    repo_id: 'repoId' in scope ? scope.repoId : 0,
    owner_id: 'ownerId' in scope ? scope.ownerId : 0,
    type: input.type,
    url: input.config.url!,
    http_method: 'POST',
    content_type: contentType,
    secret: input.config.secret ?? '',
    authorization_header: input.authorization_header ?? '',
    events: JSON.stringify(expandEvents(input.events)),
    branch_filter: input.branch_filter ?? '',
    is_active: input.active ? 1 : 0,
    created_unix: now,
    updated_unix: now,
  });
}

export async function getHook(deps: Deps, scope: HookScope, id: number): Promise<WebhookRow> {
  const h = await findHook(deps.db, scope, id);
  if (!h) throw notFound();
  return h;
}

export async function editHook(deps: Deps, scope: HookScope, id: number, input: EditHookInput): Promise<WebhookRow> {
  const h = await getHook(deps, scope, id);
  const set: Partial<WebhookRow> = {};
  if (input.config) {
    if ('url' in input.config) {
      checkUrl(input.config.url!);
      set.url = input.config.url!;
    }
    if ('content_type' in input.config) {
      const ct = CONTENT_TYPES[input.config.content_type!];
      if (!ct) throw unprocessable('Invalid content type');
      set.content_type = ct;
    }
    if ('secret' in input.config) set.secret = input.config.secret!;
  }
  checkBranchFilter(input.branch_filter);
  // As Gitea's editHook: events and branch_filter are replaced by what is sent (none: push only).
  set.events = JSON.stringify(expandEvents(input.events));
  set.branch_filter = input.branch_filter ?? '';
  if (input.authorization_header !== undefined) set.authorization_header = input.authorization_header;
  if (input.active !== undefined) set.is_active = input.active ? 1 : 0;
  set.updated_unix = nowUnix();
  await updateHook(deps.db, h.id, set);
  return { ...h, ...set };
}

/**
 * Gitea's TestHook: a push payload of the latest commit of `ref` (the default branch when none),
 * before = after = that commit; nothing for an empty repository, a hook without the push event or
 * one whose branch filter leaves the branch out (PrepareWebhook). An inactive hook's test is
 * recorded, not sent (deliver.ts).
 */
export async function testHook(deps: Deps, rc: RepoContext, hook: WebhookRow, actor: UserRow, ref?: string): Promise<void> {
  const branch = ref || (await headBranch(rc.dir)) || rc.repo.default_branch;
  const b = await getBranch(rc.dir, branch);
  const sha = b?.sha ?? (await resolveCommit(rc.dir, branch));
  if (!sha) return;
  const fullRef = `refs/heads/${b ? branch : rc.repo.default_branch}`;
  if (!hookEvents(hook).includes('push') || !passesBranchFilter(hook.branch_filter, fullRef)) return;
  const rs = await repoSide(deps, { repo: rc.repo, owner: rc.owner });
  await storeTasks(deps, [hook], 'push', await testPushPayload(deps, rs, rc.dir, actor, fullRef, sha));
}

function parseJson<T>(s: string): T | null {
  if (!s) return null;
  try {
    return JSON.parse(s) as T;
  } catch {
    return null;
  }
}

export function toApiDelivery(t: HookTaskRow): ApiHookDelivery {
  const response = parseJson<{ status?: number; headers?: Record<string, string>; body?: string; error?: string }>(t.response_content);
  const hasResponse = !!response && typeof response.status === 'number';
  return {
    id: t.id,
    uuid: t.uuid,
    event: eventHeader(t.event_type),
    event_type: t.event_type,
    is_delivered: t.is_delivered === 1,
    is_succeed: t.is_succeed === 1,
    attempts: t.attempts,
    delivered_at: t.delivered ? new Date(t.delivered).toISOString() : null,
    duration_ms: t.duration_ms,
    created_at: unixToIso(t.created_unix),
    request: parseJson(t.request_content),
    response: hasResponse ? { status: response.status!, headers: response.headers ?? {}, body: response.body ?? '' } : null,
    error: !hasResponse && response?.error ? response.error : '',
  };
}

/** Sends a recorded delivery's payload again, as a new delivery (Gitea's ReplayHookTask). */
export async function redeliver(deps: Deps, hook: WebhookRow, taskId: number): Promise<void> {
  const t = Number.isSafeInteger(taskId) && taskId > 0 ? await findHookTask(deps.db, hook.id, taskId) : undefined;
  if (!t) throw notFound();
  await storeTasks(deps, [hook], t.event_type, t.payload_content);
}

// Database rows to API objects. The one place that decides what each field says.
import type { Config } from '../config.ts';
import { unixToIso } from '../db/index.ts';
import type { RepoRow, UserRow } from '../db/schema.ts';
import type { AccessMode } from '../services/permissions.ts';
import { topicsOf } from '../services/topics.ts';
import type { ApiRepository, ApiUser } from './schemas.ts';

export function toApiUser(u: UserRow, config: Config, viewer?: UserRow | null): ApiUser {
  // As Gitea's ToUser: anonymous viewers get no email; a hidden email shows as the no-reply address to others.
  const authed = !!viewer && (viewer.is_admin === 1 || viewer.id === u.id);
  const email = !viewer ? '' : u.keep_email_private === 1 && !authed ? `${u.lower_name}@noreply.${config.sshHost}` : u.email;
  return {
    id: u.id,
    login: u.name,
    username: u.name,
    login_name: '',
    source_id: 0,
    full_name: u.full_name,
    email,
    // An uploaded avatar is served by its content hash (never a valid user name), else the generated one.
    avatar_url: u.use_custom_avatar === 1 && u.avatar ? `${config.rootUrl}avatars/${u.avatar}` : `${config.rootUrl}avatars/${encodeURIComponent(u.name)}`,
    html_url: `${config.rootUrl}${encodeURIComponent(u.name)}`,
    language: u.language,
    is_admin: u.is_admin === 1,
    last_login: unixToIso(u.last_login_unix),
    created: unixToIso(u.created_unix),
    restricted: u.restricted === 1,
    active: u.active === 1,
    prohibit_login: u.prohibit_login === 1,
    location: u.location,
    website: u.website,
    description: u.description,
    visibility: (u.visibility as ApiUser['visibility']) ?? 'public',
    followers_count: u.num_followers,
    following_count: u.num_following,
    starred_repos_count: u.num_stars,
  };
}

/**
 * `parent` is a fork's parent as the viewer may see it (services/forks.ts apiParent); left out, the
 * answer has no `parent` field, as for repositories that are not forks.
 */
export function toApiRepo(r: RepoRow, owner: UserRow, mode: AccessMode, config: Config, viewer?: UserRow | null, parent?: ApiRepository | null): ApiRepository {
  const fullName = `${owner.name}/${r.name}`;
  return {
    id: r.id,
    owner: toApiUser(owner, config, viewer),
    name: r.name,
    full_name: fullName,
    description: r.description,
    empty: r.is_empty === 1,
    private: r.is_private === 1,
    fork: r.is_fork === 1,
    template: r.is_template === 1,
    mirror: false,
    // Stored in bytes; Gitea reports KiB.
    size: Math.round(r.size / 1024),
    language: '',
    html_url: `${config.rootUrl}${fullName}`,
    url: `${config.rootUrl}api/v1/repos/${fullName}`,
    link: '',
    ssh_url: `git@${config.sshHost}:${fullName}.git`,
    clone_url: `${config.rootUrl}${fullName}.git`,
    original_url: '',
    website: r.website,
    stars_count: r.num_stars,
    forks_count: r.num_forks,
    watchers_count: r.num_watches,
    open_issues_count: r.num_issues - r.num_closed_issues,
    open_pr_counter: r.num_pulls - r.num_closed_pulls,
    release_counter: 0,
    default_branch: r.default_branch,
    archived: r.is_archived === 1,
    archived_at: unixToIso(r.archived_unix),
    created_at: unixToIso(r.created_unix),
    updated_at: unixToIso(r.updated_unix),
    permissions: { admin: mode >= 3, push: mode >= 2, pull: mode >= 1 },
    has_issues: r.has_issues === 1,
    has_wiki: r.has_wiki === 1,
    has_pull_requests: r.has_pull_requests === 1,
    has_projects: r.has_projects === 1,
    has_releases: r.has_releases === 1,
    has_packages: false,
    has_actions: false,
    internal: false,
    object_format_name: 'sha1',
    avatar_url: '',
    topics: topicsOf(r),
    ...repoMergeSettings(r),
    ...(parent !== undefined ? { parent: parent && withoutParent(parent) } : {}),
  };
}

/** A parent never carries its own parent (Gitea's isParent). */
function withoutParent(repo: ApiRepository): ApiRepository {
  const { parent: _drop, ...rest } = repo;
  return rest;
}

/** A repository's pull request merge settings (Gitea's PullRequestsConfig); services/merge.ts refuses the styles these disallow. */
export function repoMergeSettings(r: RepoRow) {
  return {
    default_merge_style: r.default_merge_style,
    allow_merge_commits: r.allow_merge_commits === 1,
    allow_rebase: r.allow_rebase === 1,
    allow_rebase_explicit: r.allow_rebase_explicit === 1,
    allow_squash_merge: r.allow_squash_merge === 1,
    allow_fast_forward_only_merge: r.allow_fast_forward_only_merge === 1,
    allow_manual_merge: r.allow_manual_merge === 1,
    default_delete_branch_after_merge: r.default_delete_branch_after_merge === 1,
  };
}

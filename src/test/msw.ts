// MSW at the network edge for web tests: a node server, URL helper and Gitea-shaped fixtures.
// Call setupMswServer() at the top of a test file, then server.use(...) per test.
import { afterAll, afterEach, beforeAll } from 'vitest';
import { setupServer } from 'msw/node';
import type { components } from '@/lib/api/schema';

export const server = setupServer();

export function setupMswServer() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}

/** Matches an /api/v1 path on any origin (the app's base URL is configuration). */
export const apiUrl = (path: string) => `*/api/v1${path}`;

type User = components['schemas']['User'];
type Repository = components['schemas']['Repository'];

export function fakeUser(over: Partial<User> = {}): User {
  const login = over.login ?? 'alice';
  return {
    id: 1,
    login,
    username: login,
    login_name: '',
    source_id: 0,
    full_name: '',
    email: `${login}@example.com`,
    avatar_url: '',
    html_url: `http://localhost/${login}`,
    language: '',
    is_admin: false,
    last_login: '2026-01-01T00:00:00Z',
    created: '2026-01-01T00:00:00Z',
    restricted: false,
    active: true,
    prohibit_login: false,
    location: '',
    website: '',
    description: '',
    visibility: 'public',
    followers_count: 0,
    following_count: 0,
    starred_repos_count: 0,
    ...over,
  };
}

export function fakeRepo(over: Partial<Repository> = {}): Repository {
  const owner = over.owner ?? fakeUser();
  const name = over.name ?? 'hello-forge';
  const base = {
    id: 1,
    owner,
    name,
    full_name: `${owner.login}/${name}`,
    description: '',
    empty: false,
    private: false,
    fork: false,
    template: false,
    mirror: false,
    size: 0,
    language: '',
    html_url: `http://localhost/${owner.login}/${name}`,
    url: '',
    link: '',
    ssh_url: '',
    clone_url: `http://localhost/${owner.login}/${name}.git`,
    original_url: '',
    website: '',
    stars_count: 0,
    forks_count: 0,
    watchers_count: 0,
    open_issues_count: 0,
    open_pr_counter: 0,
    release_counter: 0,
    default_branch: 'main',
    archived: false,
    archived_at: '1970-01-01T00:00:00Z',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    permissions: { admin: true, push: true, pull: true },
    has_issues: true,
    has_wiki: true,
    has_pull_requests: true,
    has_projects: false,
    has_releases: true,
    has_packages: false,
    has_actions: false,
    internal: false,
    object_format_name: 'sha1',
    avatar_url: '',
    topics: [],
    default_merge_style: 'merge',
    allow_merge_commits: true,
    allow_rebase: true,
    allow_rebase_explicit: true,
    allow_squash_merge: true,
    default_delete_branch_after_merge: false,
  };
  return { ...base, ...over };
}

type NotificationThread = components['schemas']['NotificationThread'];

/** An issue thread of alice/site (#`index`, unread), as GET /notifications lists it. */
export function fakeThread(id: number, index = id, over: Partial<Pick<NotificationThread, 'unread' | 'pinned'>> & { title?: string } = {}): NotificationThread {
  return {
    id,
    repository: { full_name: 'alice/site' },
    subject: {
      title: over.title ?? `Issue ${index}`,
      url: `https://forge.example/api/v1/repos/alice/site/issues/${index}`,
      html_url: `https://forge.example/alice/site/issues/${index}`,
      latest_comment_url: '',
      latest_comment_html_url: '',
      type: 'Issue',
      state: 'open',
    },
    unread: over.unread ?? true,
    pinned: over.pinned ?? false,
    updated_at: '2026-11-27T10:00:00Z',
    url: `https://forge.example/api/v1/notifications/threads/${id}`,
  } as NotificationThread;
}

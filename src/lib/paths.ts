// Every URL of the web app, Gitea's scheme, with href builders. Routes and links use these only.
const enc = (s: string) => encodeURIComponent(s);
/** Encodes each segment of a path but keeps the slashes. */
export const encPath = (p: string) => p.split('/').map(enc).join('/');

/** A compare ref keeps its ':' readable, as in Gitea's owner:branch (git forbids ':' in branch names). */
const encRef = (p: string) => encPath(p).replace(/%3A/gi, ':');

export type RefKind = 'branch' | 'tag' | 'commit';

export const paths = {
  home: { pattern: '/', href: () => '/' },
  explore: { pattern: '/explore/repos', href: (q?: Record<string, string>) => `/explore/repos${q ? `?${new URLSearchParams(q)}` : ''}` },
  signIn: { pattern: '/user/login', href: (redirectTo?: string) => `/user/login${redirectTo ? `?redirect_to=${enc(redirectTo)}` : ''}` },
  newRepo: { pattern: '/repo/create', href: (templateId?: number) => `/repo/create${templateId ? `?template_id=${templateId}` : ''}` },
  user: { pattern: '/:owner', href: (owner: string) => `/${enc(owner)}` },
  repo: { pattern: '/:owner/:repo', href: (o: string, r: string) => `/${enc(o)}/${enc(r)}` },
  /** /{owner}/{repo}/src/{branch|tag|commit}/{ref}/{path} */
  src: {
    pattern: '/:owner/:repo/src/:kind/*',
    href: (o: string, r: string, kind: RefKind, ref: string, path = '') => `/${enc(o)}/${enc(r)}/src/${kind}/${encPath(ref)}${path ? `/${encPath(path)}` : ''}`,
  },
  /** /{owner}/{repo}/blame/{branch|tag|commit}/{ref}/{path}, as Gitea's blame view. */
  blame: {
    pattern: '/:owner/:repo/blame/:kind/*',
    href: (o: string, r: string, kind: RefKind, ref: string, path: string) => `/${enc(o)}/${enc(r)}/blame/${kind}/${encPath(ref)}/${encPath(path)}`,
  },
  tags: {
    pattern: '/:owner/:repo/tags',
    href: (o: string, r: string, q?: Record<string, string>) => `/${enc(o)}/${enc(r)}/tags${q && Object.keys(q).length ? `?${new URLSearchParams(q)}` : ''}`,
  },
  commits: {
    pattern: '/:owner/:repo/commits/:kind/*',
    href: (o: string, r: string, kind: RefKind, ref: string, path = '', q?: Record<string, string>) =>
      `/${enc(o)}/${enc(r)}/commits/${kind}/${encPath(ref)}${path ? `/${encPath(path)}` : ''}${q && Object.keys(q).length ? `?${new URLSearchParams(q)}` : ''}`,
  },
  commit: { pattern: '/:owner/:repo/commit/:sha', href: (o: string, r: string, sha: string) => `/${enc(o)}/${enc(r)}/commit/${enc(sha)}` },
  branches: { pattern: '/:owner/:repo/branches', href: (o: string, r: string) => `/${enc(o)}/${enc(r)}/branches` },
  settings: { pattern: '/:owner/:repo/settings', href: (o: string, r: string) => `/${enc(o)}/${enc(r)}/settings` },
  issue: { pattern: '/:owner/:repo/issues/:index', href: (o: string, r: string, index: number) => `/${enc(o)}/${enc(r)}/issues/${index}` },
  pull: { pattern: '/:owner/:repo/pulls/:index', href: (o: string, r: string, index: number) => `/${enc(o)}/${enc(r)}/pulls/${index}` },
  pullCommits: { pattern: '/:owner/:repo/pulls/:index/commits', href: (o: string, r: string, index: number) => `/${enc(o)}/${enc(r)}/pulls/${index}/commits` },
  /** Files changed; `q` keeps view options such as style and whitespace in the URL. */
  pullFiles: {
    pattern: '/:owner/:repo/pulls/:index/files',
    href: (o: string, r: string, index: number, q?: Record<string, string>) =>
      `/${enc(o)}/${enc(r)}/pulls/${index}/files${q && Object.keys(q).length ? `?${new URLSearchParams(q)}` : ''}`,
  },
  pulls: {
    pattern: '/:owner/:repo/pulls',
    href: (o: string, r: string, q?: Record<string, string>) => `/${enc(o)}/${enc(r)}/pulls${q && Object.keys(q).length ? `?${new URLSearchParams(q)}` : ''}`,
  },
  /** /{owner}/{repo}/compare/{base}...{head}; without a head, the page asks for one. */
  compare: {
    pattern: '/:owner/:repo/compare/*',
    href: (o: string, r: string, base?: string, head?: string) =>
      `/${enc(o)}/${enc(r)}/compare${base ? `/${encRef(base)}${head ? `...${encRef(head)}` : ''}` : ''}`,
  },
  /** The signed-in user's pull requests across repositories (created, review requested, assigned). */
  yourPulls: { pattern: '/pulls', href: (q?: Record<string, string>) => `/pulls${q && Object.keys(q).length ? `?${new URLSearchParams(q)}` : ''}` },
  issues: {
    pattern: '/:owner/:repo/issues',
    href: (o: string, r: string, q?: Record<string, string>) => `/${enc(o)}/${enc(r)}/issues${q && Object.keys(q).length ? `?${new URLSearchParams(q)}` : ''}`,
  },
  newIssue: { pattern: '/:owner/:repo/issues/new', href: (o: string, r: string) => `/${enc(o)}/${enc(r)}/issues/new` },
  labels: { pattern: '/:owner/:repo/labels', href: (o: string, r: string) => `/${enc(o)}/${enc(r)}/labels` },
  milestones: {
    pattern: '/:owner/:repo/milestones',
    href: (o: string, r: string, q?: Record<string, string>) =>
      `/${enc(o)}/${enc(r)}/milestones${q && Object.keys(q).length ? `?${new URLSearchParams(q)}` : ''}`,
  },
  milestone: { pattern: '/:owner/:repo/milestone/:id', href: (o: string, r: string, id: number) => `/${enc(o)}/${enc(r)}/milestone/${id}` },
  /** The signed-in user's issues across repositories (created, assigned, mentioning). */
  yourIssues: { pattern: '/issues', href: (q?: Record<string, string>) => `/issues${q && Object.keys(q).length ? `?${new URLSearchParams(q)}` : ''}` },
  /** Editing in the browser, as Gitea's URLs: /_edit/{branch}/{path}, /_new/{branch}/{dir}, /_upload/…, /_delete/…. */
  editFile: {
    pattern: '/:owner/:repo/_edit/*',
    href: (o: string, r: string, branch: string, path: string) => `/${enc(o)}/${enc(r)}/_edit/${encPath(branch)}/${encPath(path)}`,
  },
  newFile: {
    pattern: '/:owner/:repo/_new/*',
    href: (o: string, r: string, branch: string, dir = '') => `/${enc(o)}/${enc(r)}/_new/${encPath(branch)}${dir ? `/${encPath(dir)}` : ''}`,
  },
  uploadFiles: {
    pattern: '/:owner/:repo/_upload/*',
    href: (o: string, r: string, branch: string, dir = '') => `/${enc(o)}/${enc(r)}/_upload/${encPath(branch)}${dir ? `/${encPath(dir)}` : ''}`,
  },
  deleteFile: {
    pattern: '/:owner/:repo/_delete/*',
    href: (o: string, r: string, branch: string, path: string) => `/${enc(o)}/${enc(r)}/_delete/${encPath(branch)}/${encPath(path)}`,
  },
  activity: { pattern: '/:owner/:repo/activity', href: (o: string, r: string) => `/${enc(o)}/${enc(r)}/activity` },
  // Users (issue #7): settings pages, explore users, a repository's stargazers.
  userSettings: { pattern: '/user/settings', href: () => '/user/settings' },
  userSettingsKeys: { pattern: '/user/settings/keys', href: () => '/user/settings/keys' },
  userSettingsApplications: { pattern: '/user/settings/applications', href: () => '/user/settings/applications' },
  userSettingsSessions: { pattern: '/user/settings/sessions', href: () => '/user/settings/sessions' },
  userSettingsAccount: { pattern: '/user/settings/account', href: () => '/user/settings/account' },
  signUp: { pattern: '/user/sign_up', href: () => '/user/sign_up' },
  exploreUsers: {
    pattern: '/explore/users',
    href: (q?: Record<string, string>) => `/explore/users${q && Object.keys(q).length ? `?${new URLSearchParams(q)}` : ''}`,
  },
  stargazers: { pattern: '/:owner/:repo/stars', href: (o: string, r: string) => `/${enc(o)}/${enc(r)}/stars` },
  // Forks (issue #8): the list behind the fork count, and the "new fork" form (Gitea's /{owner}/{repo}/fork).
  forks: { pattern: '/:owner/:repo/forks', href: (o: string, r: string) => `/${enc(o)}/${enc(r)}/forks` },
  newFork: { pattern: '/:owner/:repo/fork', href: (o: string, r: string) => `/${enc(o)}/${enc(r)}/fork` },
  // Organizations and teams (Gitea's /org/{org}/… scheme; the organization's home is /{org}).
  newOrg: { pattern: '/org/create', href: () => '/org/create' },
  exploreOrgs: { pattern: '/explore/organizations', href: () => '/explore/organizations' },
  orgMembers: { pattern: '/org/:org/members', href: (org: string) => `/org/${enc(org)}/members` },
  orgTeams: { pattern: '/org/:org/teams', href: (org: string) => `/org/${enc(org)}/teams` },
  orgNewTeam: { pattern: '/org/:org/teams/new', href: (org: string) => `/org/${enc(org)}/teams/new` },
  orgTeam: { pattern: '/org/:org/teams/:team', href: (org: string, team: string) => `/org/${enc(org)}/teams/${enc(team)}` },
  orgSettings: { pattern: '/org/:org/settings', href: (org: string) => `/org/${enc(org)}/settings` },
  orgNewRepo: { pattern: '/org/:org/repo/create', href: (org: string) => `/org/${enc(org)}/repo/create` },
  collaborators: { pattern: '/:owner/:repo/settings/collaborators', href: (o: string, r: string) => `/${enc(o)}/${enc(r)}/settings/collaborators` },
  repoAccess: { pattern: '/:owner/:repo/settings/access', href: (o: string, r: string) => `/${enc(o)}/${enc(r)}/settings/access` },
  // Releases (issue #21): Gitea's /{owner}/{repo}/releases, one release at /releases/tag/{tag}.
  releases: {
    pattern: '/:owner/:repo/releases',
    href: (o: string, r: string, page?: number) => `/${enc(o)}/${enc(r)}/releases${page && page > 1 ? `?page=${page}` : ''}`,
  },
  release: { pattern: '/:owner/:repo/releases/tag/*', href: (o: string, r: string, tag: string) => `/${enc(o)}/${enc(r)}/releases/tag/${encPath(tag)}` },
  releaseNew: {
    pattern: '/:owner/:repo/releases/new',
    href: (o: string, r: string, tag?: string) => `/${enc(o)}/${enc(r)}/releases/new${tag ? `?tag=${enc(tag)}` : ''}`,
  },
  releaseEdit: { pattern: '/:owner/:repo/releases/edit/*', href: (o: string, r: string, tag: string) => `/${enc(o)}/${enc(r)}/releases/edit/${encPath(tag)}` },
  // Code search (an extension): /{owner}/{repo}/search?q=…
  codeSearch: {
    pattern: '/:owner/:repo/search',
    href: (o: string, r: string, q?: Record<string, string>) => `/${enc(o)}/${enc(r)}/search${q && Object.keys(q).length ? `?${new URLSearchParams(q)}` : ''}`,
  },
  /** The notification inbox (Gitea's /notifications): ?status=, ?repo=owner/name, ?type=, ?page=. */
  notifications: {
    pattern: '/notifications',
    href: (q?: Record<string, string>) => `/notifications${q && Object.keys(q).length ? `?${new URLSearchParams(q)}` : ''}`,
  },
} as const;

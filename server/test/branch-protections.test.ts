import { describe, expect, it } from 'vitest';
import { createTestForge, uniq } from './helpers.ts';
import { createFixtureRepo, type FixtureCommit } from './git-fixtures.ts';

const forge = await createTestForge();
const { req } = forge;
const owner = await forge.user('owner');
const reader = await forge.user('reader');
const writer = await forge.user('writer');
const repoAdmin = await forge.user('radmin');
const stranger = await forge.user('stranger');

const history = (): FixtureCommit[] => [
  { id: 'c1', message: 'first\n', files: { 'README.md': 'hello\n' }, date: 1_700_000_000 },
  { id: 'c2', message: 'second\n', files: { 'a.txt': 'a\n' }, date: 1_700_000_100 },
];

/** Makes reader, writer and repoAdmin collaborators of the repository at `base` with their access. */
async function addCollaborators(base: string) {
  for (const [u, permission] of [
    [reader, 'read'],
    [writer, 'write'],
    [repoAdmin, 'admin'],
  ] as const) {
    expect((await req('PUT', `${base}/collaborators/${u.name}`, { token: owner.token, body: { permission } })).status).toBe(204);
  }
}

/** A repository of `owner` with a reader, a writer and an admin collaborator. */
async function makeRepo(opts: { private?: boolean } = {}) {
  const name = uniq('repo');
  const r = await createFixtureRepo(forge.deps, owner, name, history(), opts);
  const base = `/repos/${owner.name}/${name}`;
  await addCollaborators(base);
  return { ...r, name, base };
}

describe('creating a rule', () => {
  it('answers Gitea’s BranchProtection with every default on create', async () => {
    const { base } = await makeRepo();
    const r = await req('POST', `${base}/branch_protections`, { token: owner.token, body: { rule_name: 'main' } });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      branch_name: 'main',
      rule_name: 'main',
      priority: 0,
      enable_push: false,
      enable_push_whitelist: false,
      push_whitelist_usernames: [],
      push_whitelist_teams: [],
      push_whitelist_deploy_keys: false,
      enable_force_push: false,
      enable_force_push_allowlist: false,
      force_push_allowlist_usernames: [],
      force_push_allowlist_teams: [],
      force_push_allowlist_deploy_keys: false,
      enable_merge_whitelist: false,
      merge_whitelist_usernames: [],
      merge_whitelist_teams: [],
      enable_status_check: false,
      status_check_contexts: [],
      required_approvals: 0,
      enable_approvals_whitelist: false,
      approvals_whitelist_username: [],
      approvals_whitelist_teams: [],
      block_on_rejected_reviews: false,
      block_on_official_review_requests: false,
      block_on_outdated_branch: false,
      dismiss_stale_approvals: false,
      ignore_stale_approvals: false,
      require_signed_commits: false,
      protected_file_patterns: '',
      unprotected_file_patterns: '',
      block_admin_merge_override: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(Math.abs(Date.parse(r.body.created_at) - Date.now())).toBeLessThan(60_000);
  });

  it('stores every field sent, resolving user names to whitelist entries', async () => {
    const { base } = await makeRepo();
    const body = {
      rule_name: 'release/*',
      priority: 5,
      enable_push: true,
      enable_push_whitelist: true,
      push_whitelist_usernames: [writer.name.toUpperCase()],
      enable_force_push: true,
      enable_force_push_allowlist: true,
      force_push_allowlist_usernames: [repoAdmin.name],
      enable_merge_whitelist: true,
      merge_whitelist_usernames: [writer.name, repoAdmin.name],
      enable_status_check: true,
      status_check_contexts: ['ci/*', 'lint'],
      required_approvals: 2,
      enable_approvals_whitelist: true,
      approvals_whitelist_username: [reader.name],
      block_on_rejected_reviews: true,
      block_on_official_review_requests: true,
      block_on_outdated_branch: true,
      dismiss_stale_approvals: true,
      ignore_stale_approvals: true,
      require_signed_commits: true,
      protected_file_patterns: '*.lock',
      unprotected_file_patterns: 'docs/**',
      block_admin_merge_override: true,
    };
    const r = await req('POST', `${base}/branch_protections`, { token: owner.token, body });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ ...body, branch_name: '', push_whitelist_usernames: [writer.name] });
    // The same rule comes back from get and list.
    const got = await req('GET', `${base}/branch_protections/${encodeURIComponent('release/*')}`, { token: owner.token });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(r.body);
    expect((await req('GET', `${base}/branch_protections/release/*`, { token: owner.token })).body).toEqual(r.body);
  });

  it('cascades push and force-push switches as Gitea: no whitelist without push, no force push without push', async () => {
    const { base } = await makeRepo();
    const r = await req('POST', `${base}/branch_protections`, {
      token: owner.token,
      body: { rule_name: 'main', enable_push: false, enable_push_whitelist: true, enable_force_push: true, enable_force_push_allowlist: true },
    });
    expect(r.body).toMatchObject({ enable_push: false, enable_push_whitelist: false, enable_force_push: false, enable_force_push_allowlist: false });
  });

  it('drops whitelisted users without write access, as Gitea, and refuses unknown names with 422', async () => {
    const { base } = await makeRepo();
    const r = await req('POST', `${base}/branch_protections`, {
      token: owner.token,
      body: {
        rule_name: 'main',
        enable_push: true,
        enable_push_whitelist: true,
        push_whitelist_usernames: [reader.name, writer.name, stranger.name],
        approvals_whitelist_username: [reader.name, stranger.name],
      },
    });
    expect(r.status).toBe(201);
    expect(r.body.push_whitelist_usernames).toEqual([writer.name]);
    // Approvals need only read access.
    expect(r.body.approvals_whitelist_username).toEqual([reader.name]);

    const unknown = await req('POST', `${base}/branch_protections`, {
      token: owner.token,
      body: { rule_name: 'dev', merge_whitelist_usernames: ['no-such-user'] },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toContain('no-such-user');
    expect((await req('GET', `${base}/branch_protections/dev`, { token: owner.token })).status).toBe(404);
  });

  it('refuses a duplicate rule name with 403 and an empty name with 400', async () => {
    const { base } = await makeRepo();
    expect((await req('POST', `${base}/branch_protections`, { token: owner.token, body: { rule_name: 'main' } })).status).toBe(201);
    const dup = await req('POST', `${base}/branch_protections`, { token: owner.token, body: { rule_name: 'main', priority: 3 } });
    expect(dup.status).toBe(403);
    expect(dup.body.message).toBe('Branch protection already exist');
    // The deprecated branch_name names the rule too.
    expect((await req('POST', `${base}/branch_protections`, { token: owner.token, body: { branch_name: 'main' } })).status).toBe(403);
    expect((await req('POST', `${base}/branch_protections`, { token: owner.token, body: { branch_name: 'dev' } })).body.rule_name).toBe('dev');
    const empty = await req('POST', `${base}/branch_protections`, { token: owner.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('both rule_name and branch_name are empty');
  });
});

describe('teams in whitelists', () => {
  it('resolves team names of the owning organization and refuses unknown teams with 422', async () => {
    const org = uniq('org');
    expect((await req('POST', '/orgs', { token: owner.token, body: { username: org } })).status).toBe(201);
    const orgRow = (await req('GET', `/orgs/${org}`, { token: owner.token })).body;
    const name = uniq('repo');
    await createFixtureRepo(forge.deps, { id: orgRow.id, name: org }, name, history());
    const base = `/repos/${org}/${name}`;
    const team = { name: 'devs', permission: 'write', units_map: { 'repo.code': 'write', 'repo.pulls': 'write' } };
    expect((await req('POST', `/orgs/${org}/teams`, { token: owner.token, body: team })).status).toBe(201);
    expect((await req('PUT', `${base}/teams/devs`, { token: owner.token })).status).toBe(204);
    expect((await req('POST', `/orgs/${org}/teams`, { token: owner.token, body: { ...team, name: 'outsiders' } })).status).toBe(201);

    const r = await req('POST', `${base}/branch_protections`, {
      token: owner.token,
      body: { rule_name: 'main', enable_push: true, enable_push_whitelist: true, push_whitelist_teams: ['DEVS', 'outsiders'], merge_whitelist_teams: ['devs'] },
    });
    expect(r.status).toBe(201);
    // A team without access to the repository is dropped (Gitea's updateTeamWhitelist).
    expect(r.body.push_whitelist_teams).toEqual(['devs']);
    expect(r.body.merge_whitelist_teams).toEqual(['devs']);
    const bad = await req('POST', `${base}/branch_protections`, { token: owner.token, body: { rule_name: 'dev', push_whitelist_teams: ['ghosts'] } });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toContain('ghosts');
  });

  it('ignores team names on a repository owned by a user', async () => {
    const { base } = await makeRepo();
    const r = await req('POST', `${base}/branch_protections`, { token: owner.token, body: { rule_name: 'main', push_whitelist_teams: ['anything'] } });
    expect(r.status).toBe(201);
    expect(r.body.push_whitelist_teams).toEqual([]);
  });
});

describe('listing, editing and deleting rules', () => {
  it('lists rules by priority, then age', async () => {
    const { base } = await makeRepo();
    for (const [rule_name, priority] of [
      ['a', 0],
      ['b', 10],
      ['c', 0],
    ] as const) {
      await req('POST', `${base}/branch_protections`, { token: owner.token, body: { rule_name, priority } });
    }
    const r = await req('GET', `${base}/branch_protections`, { token: owner.token });
    expect(r.status).toBe(200);
    expect(r.body.map((x: any) => x.rule_name)).toEqual(['b', 'a', 'c']);
  });

  it('PATCH changes only the fields sent and answers the rule', async () => {
    const { base } = await makeRepo();
    const created = (
      await req('POST', `${base}/branch_protections`, {
        token: owner.token,
        body: {
          rule_name: 'main',
          enable_push: true,
          enable_push_whitelist: true,
          push_whitelist_usernames: [writer.name],
          required_approvals: 1,
          status_check_contexts: ['ci'],
        },
      })
    ).body;
    const r = await req('PATCH', `${base}/branch_protections/main`, { token: owner.token, body: { required_approvals: 3, block_on_outdated_branch: true } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ...created, required_approvals: 3, block_on_outdated_branch: true, updated_at: r.body.updated_at });
    expect((await req('GET', `${base}/branch_protections/main`, { token: owner.token })).body).toEqual(r.body);

    // A negative approvals count is ignored; lists replace; turning push off turns the whitelist off.
    const r2 = await req('PATCH', `${base}/branch_protections/main`, {
      token: owner.token,
      body: { required_approvals: -1, status_check_contexts: [], enable_push: false },
    });
    expect(r2.body).toMatchObject({
      required_approvals: 3,
      status_check_contexts: [],
      enable_push: false,
      enable_push_whitelist: false,
      push_whitelist_usernames: [writer.name],
    });
    const r3 = await req('PATCH', `${base}/branch_protections/main`, { token: owner.token, body: { merge_whitelist_usernames: ['nobody-here'] } });
    expect(r3.status).toBe(422);
    expect((await req('PATCH', `${base}/branch_protections/nope`, { token: owner.token, body: {} })).status).toBe(404);
  });

  it('DELETE removes the rule (204), then 404', async () => {
    const { base } = await makeRepo();
    await req('POST', `${base}/branch_protections`, { token: owner.token, body: { rule_name: 'release/*' } });
    expect((await req('DELETE', `${base}/branch_protections/${encodeURIComponent('release/*')}`, { token: owner.token })).status).toBe(204);
    expect((await req('GET', `${base}/branch_protections`, { token: owner.token })).body).toEqual([]);
    expect((await req('DELETE', `${base}/branch_protections/${encodeURIComponent('release/*')}`, { token: owner.token })).status).toBe(404);
  });
});

describe('who may manage rules', () => {
  it('lets repository admins only: anonymous 401, reader and writer 403, admin collaborator and site admin 2xx', async () => {
    const { base } = await makeRepo();
    await req('POST', `${base}/branch_protections`, { token: owner.token, body: { rule_name: 'main' } });
    const calls = [
      ['GET', `${base}/branch_protections`, undefined],
      ['GET', `${base}/branch_protections/main`, undefined],
      ['POST', `${base}/branch_protections`, { rule_name: 'x' }],
      ['PATCH', `${base}/branch_protections/main`, { priority: 1 }],
      ['DELETE', `${base}/branch_protections/main`, undefined],
    ] as const;
    for (const [method, url, body] of calls) {
      expect((await req(method, url, { body })).status, `${method} ${url} anonymous`).toBe(401);
      for (const u of [reader, writer, stranger]) expect((await req(method, url, { token: u.token, body })).status, `${method} ${url} ${u.name}`).toBe(403);
    }
    expect((await req('POST', `${base}/branch_protections`, { token: repoAdmin.token, body: { rule_name: 'dev' } })).status).toBe(201);
    expect((await req('PATCH', `${base}/branch_protections/dev`, { token: forge.admin.token, body: { priority: 2 } })).status).toBe(200);
    expect((await req('GET', `${base}/branch_protections`, { token: repoAdmin.token })).body.map((x: any) => x.rule_name)).toEqual(['dev', 'main']);
    expect((await req('DELETE', `${base}/branch_protections/dev`, { token: repoAdmin.token })).status).toBe(204);
  });

  it('hides a private repository’s rules behind 404 from those who cannot see it', async () => {
    const { base } = await makeRepo({ private: true });
    await req('POST', `${base}/branch_protections`, { token: owner.token, body: { rule_name: 'main' } });
    for (const token of [undefined, stranger.token]) {
      expect((await req('GET', `${base}/branch_protections`, { token })).status).toBe(404);
      expect((await req('GET', `${base}/branch_protections/main`, { token })).status).toBe(404);
      expect((await req('POST', `${base}/branch_protections`, { token, body: { rule_name: 'x' } })).status).toBe(404);
    }
    expect((await req('GET', `${base}/branch_protections`, { token: reader.token })).status).toBe(403);
  });
});

// main: c1 - c2 ; ahead: c2 - a1 ; feature/x: c1 - f1 ; release/1: c1 - r1
const branchy = (): FixtureCommit[] => [
  ...history(),
  { id: 'a1', branch: 'ahead', from: 'c2', message: 'ahead\n', files: { 'n.txt': 'n\n' }, date: 1_700_000_150 },
  { id: 'f1', branch: 'feature/x', from: 'c1', message: 'feature\n', files: { 'f.txt': 'f\n' }, date: 1_700_000_200 },
  { id: 'r1', branch: 'release/1', from: 'c1', message: 'release\n', files: { 'r.txt': 'r\n' }, date: 1_700_000_300 },
];

async function makeBranchyRepo() {
  const name = uniq('repo');
  const r = await createFixtureRepo(forge.deps, owner, name, branchy());
  const base = `/repos/${owner.name}/${name}`;
  await addCollaborators(base);
  const protect = async (body: Record<string, unknown>) => {
    const res = await req('POST', `${base}/branch_protections`, { token: owner.token, body });
    expect(res.status).toBe(201);
    return res.body;
  };
  return { ...r, name, base, protect };
}

const headOf = async (dir: string, branch: string) => {
  const { gitCli } = await import('./git-cli.ts');
  return (await gitCli(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`], { cwd: dir }).catch(() => '')).trim();
};

describe('branch objects answer their protection for the caller', () => {
  it('fills protected, approvals, status checks, the rule name (admins only) and user_can_push/merge', async () => {
    const { base, protect } = await makeBranchyRepo();
    await protect({
      rule_name: 'main',
      required_approvals: 2,
      enable_status_check: true,
      status_check_contexts: ['ci/*'],
      enable_push: true,
      enable_push_whitelist: true,
      push_whitelist_usernames: [writer.name],
      enable_merge_whitelist: true,
      merge_whitelist_usernames: [repoAdmin.name],
    });
    const expectations: [string, string | undefined, { user_can_push: boolean; user_can_merge: boolean; effective_branch_protection_name: string }][] = [
      ['anonymous', undefined, { user_can_push: false, user_can_merge: false, effective_branch_protection_name: '' }],
      ['reader', reader.token, { user_can_push: false, user_can_merge: false, effective_branch_protection_name: '' }],
      ['writer', writer.token, { user_can_push: true, user_can_merge: false, effective_branch_protection_name: '' }],
      ['repo admin', repoAdmin.token, { user_can_push: false, user_can_merge: true, effective_branch_protection_name: 'main' }],
      ['owner', owner.token, { user_can_push: false, user_can_merge: false, effective_branch_protection_name: 'main' }],
    ];
    for (const [who, token, want] of expectations) {
      const one = await req('GET', `${base}/branches/main`, { token });
      expect(one.status, who).toBe(200);
      expect(one.body, who).toMatchObject({ protected: true, required_approvals: 2, enable_status_check: true, status_check_contexts: ['ci/*'], ...want });
      const list = await req('GET', `${base}/branches`, { token });
      expect(
        list.body.find((b: any) => b.name === 'main'),
        who,
      ).toMatchObject({ protected: true, ...want });
      // An unprotected branch follows write access to the code.
      const writes = who === 'writer' || who === 'repo admin' || who === 'owner';
      expect(
        list.body.find((b: any) => b.name === 'feature/x'),
        who,
      ).toMatchObject({
        protected: false,
        required_approvals: 0,
        status_check_contexts: [],
        effective_branch_protection_name: '',
        user_can_push: writes,
        user_can_merge: writes,
      });
    }
  });

  it('names the rule that wins: priority first, then a plain name over a glob', async () => {
    const { base, protect } = await makeBranchyRepo();
    await protect({ rule_name: '**', required_approvals: 1 });
    await protect({ rule_name: 'release/*', required_approvals: 3, priority: 2 });
    await protect({ rule_name: 'MAIN', required_approvals: 4 });
    const list = (await req('GET', `${base}/branches`, { token: owner.token })).body;
    const by = (n: string) => list.find((b: any) => b.name === n);
    expect(by('release/1')).toMatchObject({ effective_branch_protection_name: 'release/*', required_approvals: 3 });
    expect(by('main')).toMatchObject({ effective_branch_protection_name: 'MAIN', required_approvals: 4 });
    expect(by('feature/x')).toMatchObject({ effective_branch_protection_name: '**', required_approvals: 1, protected: true });
    // With push enabled, those with write access may push to a protected branch.
    await req('PATCH', `${base}/branch_protections/MAIN`, { token: owner.token, body: { enable_push: true } });
    expect((await req('GET', `${base}/branches/main`, { token: writer.token })).body.user_can_push).toBe(true);
  });
});

describe('the branch API refuses what a rule protects', () => {
  it('never deletes a protected branch (403 "branch protected"), for anyone', async () => {
    const { base, dir, protect, shas } = await makeBranchyRepo();
    await protect({ rule_name: 'feature/*', enable_push: true });
    for (const token of [writer.token, owner.token, forge.admin.token]) {
      const r = await req('DELETE', `${base}/branches/feature/x`, { token });
      expect(r.status).toBe(403);
      expect(r.body.message).toBe('branch protected');
    }
    expect(await headOf(dir, 'feature/x')).toBe(shas.f1);
    await req('DELETE', `${base}/branch_protections/${encodeURIComponent('feature/*')}`, { token: owner.token });
    expect((await req('DELETE', `${base}/branches/feature/x`, { token: writer.token })).status).toBe(204);
    expect(await headOf(dir, 'feature/x')).toBe('');
  });

  it('renames a protected branch only for admins, and its own rule follows it', async () => {
    const { base, dir, protect, shas } = await makeBranchyRepo();
    await protect({ rule_name: 'feature/x', required_approvals: 1 });
    const denied = await req('PATCH', `${base}/branches/feature/x`, { token: writer.token, body: { name: 'feature/y' } });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('User must be a repo or site admin to rename default or protected branches.');
    expect(await headOf(dir, 'feature/x')).toBe(shas.f1);

    expect((await req('PATCH', `${base}/branches/feature/x`, { token: repoAdmin.token, body: { name: 'feature/y' } })).status).toBe(204);
    expect(await headOf(dir, 'feature/y')).toBe(shas.f1);
    const rules = (await req('GET', `${base}/branch_protections`, { token: owner.token })).body;
    expect(rules.map((r: any) => r.rule_name)).toEqual(['feature/y']);
    expect((await req('GET', `${base}/branches/feature/y`, { token: owner.token })).body).toMatchObject({
      protected: true,
      effective_branch_protection_name: 'feature/y',
    });
  });

  it('does not rename a branch protected by a glob rule, even for admins', async () => {
    const { base, dir, protect, shas } = await makeBranchyRepo();
    await protect({ rule_name: 'release/*' });
    const r = await req('PATCH', `${base}/branches/release/1`, { token: owner.token, body: { name: 'release/2' } });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('Branch is protected by glob-based protection rules.');
    expect(await headOf(dir, 'release/1')).toBe(shas.r1);
    expect(await headOf(dir, 'release/2')).toBe('');
  });

  it('moves a protected branch (PUT) only for those the rule lets push, and force only where force push is allowed', async () => {
    const { base, dir, protect, shas } = await makeBranchyRepo();
    const put = (token: string, body: unknown) => req('PUT', `${base}/branches/main`, { token, body });
    // The rule has push off: nobody moves main, not even the owner or a site admin.
    await protect({ rule_name: 'main' });
    const force = await put(owner.token, { new_commit_id: shas.c1, old_commit_id: shas.c2, force: true });
    expect(force.status).toBe(403);
    expect(force.body.message).toBe('Branch main is protected from force push (protection rule "main")');
    for (const token of [owner.token, forge.admin.token]) {
      const ff = await put(token, { new_commit_id: shas.a1 });
      expect(ff.status).toBe(403);
      expect(ff.body.message).toBe('Not allowed to push to protected branch main (protection rule "main")');
    }
    // A stale old_commit_id is 422 (Gitea), whatever the rule says.
    expect((await put(owner.token, { new_commit_id: shas.a1, old_commit_id: shas.c1 })).status).toBe(422);
    expect(await headOf(dir, 'main')).toBe(shas.c2);
    // Push on: those with write access may fast-forward it; readers never reach the rule.
    await req('PATCH', `${base}/branch_protections/main`, { token: owner.token, body: { enable_push: true } });
    expect((await put(reader.token, { new_commit_id: shas.a1 })).status).toBe(403);
    expect((await put(writer.token, { new_commit_id: shas.a1, old_commit_id: shas.c2 })).status).toBe(204);
    expect(await headOf(dir, 'main')).toBe(shas.a1);

    // Push on with a whitelist: only the writer listed may move feature/x.
    await protect({ rule_name: 'feature/x', enable_push: true, enable_push_whitelist: true, push_whitelist_usernames: [writer.name] });
    const fput = (token: string, body: unknown) => req('PUT', `${base}/branches/feature/x`, { token, body });
    const notListed = await fput(owner.token, { new_commit_id: shas.c1, force: true });
    expect(notListed.status).toBe(403);
    expect(notListed.body.message).toContain('is protected from force push');
    await req('PATCH', `${base}/branch_protections/feature%2Fx`, { token: owner.token, body: { enable_force_push: true } });
    const ownerForce = await fput(owner.token, { new_commit_id: shas.c1, force: true });
    expect(ownerForce.status).toBe(403);
    expect(ownerForce.body.message).toContain('Not allowed to force-push to protected branch feature/x');
    expect(await headOf(dir, 'feature/x')).toBe(shas.f1);
    // A non-fast-forward without force is 422 before protection is asked.
    expect((await fput(writer.token, { new_commit_id: shas.c1 })).status).toBe(422);
    expect((await fput(writer.token, { new_commit_id: shas.c1, force: true })).status).toBe(204);
    expect(await headOf(dir, 'feature/x')).toBe(shas.c1);
    // Back to f1 is a fast-forward: the whitelisted writer may, the owner may not.
    const ownerFf = await fput(owner.token, { new_commit_id: shas.f1 });
    expect(ownerFf.status).toBe(403);
    expect(ownerFf.body.message).toContain('Not allowed to push to protected branch feature/x');
    expect((await fput(writer.token, { new_commit_id: shas.f1 })).status).toBe(204);
    expect(await headOf(dir, 'feature/x')).toBe(shas.f1);
  });

  it('creates a branch whose name a rule protects (POST), as Gitea does', async () => {
    const { base, dir, protect, shas } = await makeBranchyRepo();
    await protect({ rule_name: 'hotfix/*' });
    const r = await req('POST', `${base}/branches`, { token: writer.token, body: { new_branch_name: 'hotfix/1', old_ref_name: 'main' } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: 'hotfix/1', protected: true, user_can_push: false });
    expect(await headOf(dir, 'hotfix/1')).toBe(shas.c2);
  });
});

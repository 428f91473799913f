// The leftovers of issue #8 on the server, each as Gitea answers it: protected file patterns refuse
// a merge (services/pull/merge.go "Changed protected files"); POST /branch_protections/priority and
// the list's order (UpdateProtectBranchPriorities, FindRepoProtectedBranchRules); POST
// /pulls/{n}/update for a pull request from a fork (services/pull/update.go); the default merge
// message of a pull request from a fork (getMergeMessage); approvals of whitelisted teams' members
// when a team's review was requested. Real SQLite, real git (and a real clone over HTTP).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitClient, gitUrl, listenForge } from './git-over-http.ts';
import { createTestForge } from './helpers.ts';
import { git, makeRepo, messageOf, openPull, parentsOf, personOf, standardHistory, tipOf } from './merge-fixtures.ts';
import { pushLike, refSha, writeCommit } from './pulls-helpers.ts';
import { repoDir } from '../src/context.ts';
import { nowUnix } from '../src/db/index.ts';
import { protectedFilePatterns } from '../src/services/pulls/merge-checks.ts';

const forge = await createTestForge();
const owner = await forge.user('owner'); // owns the base repositories: their admin
const poster = await forge.user('poster');
const writer = await forge.user('writer');
const forker = await forge.user('forker');
const stranger = await forge.user('stranger');

const protect = async (api: string, rule: Record<string, unknown>) => {
  const r = await forge.req('POST', `${api}/branch_protections`, { token: owner.token, body: { rule_name: 'main', ...rule } });
  expect(r.status, r.text).toBe(201);
  // Gitea's BranchProtection object carries no id; the priority endpoint takes the rows' ids.
  const repo = await forge.deps.db
    .selectFrom('repository')
    .select('id')
    .where('owner_name', '=', api.split('/')[2]!)
    .where('name', '=', api.split('/')[3]!)
    .executeTakeFirstOrThrow();
  const row = await forge.deps.db
    .selectFrom('protected_branch')
    .select('id')
    .where('repo_id', '=', repo.id)
    .where('rule_name', '=', r.body.rule_name)
    .executeTakeFirstOrThrow();
  return { ...(r.body as { rule_name: string; priority: number }), id: row.id };
};
const merge = (api: string, index: number, body: Record<string, unknown> = {}, token = owner.token) =>
  forge.req('POST', `${api}/pulls/${index}/merge`, { token, body: { Do: 'merge', ...body } });
const blockersOf = async (api: string, index: number, token = owner.token) =>
  (await forge.req('GET', `${api}/pulls/${index}`, { token })).body.merge_blockers as string[];

async function setup(rule: Record<string, unknown> | null) {
  const r = await makeRepo(forge, owner, standardHistory(personOf(poster)));
  expect((await forge.req('PUT', `${r.api}/collaborators/${writer.name}`, { token: owner.token, body: { permission: 'write' } })).status).toBe(204);
  if (rule) await protect(r.api, rule);
  return r;
}

describe('protected_file_patterns at merge', () => {
  it('compiles patterns as Gitea: lowercased, ";"-separated, "." and "/" as separators, invalid ones skipped', () => {
    const matches = (patterns: string, file: string) => protectedFilePatterns(patterns).some((p) => p.test(file));
    expect(matches('*.MD', 'readme.md')).toBe(true);
    expect(matches('*.md', 'docs/readme.md')).toBe(false);
    expect(matches('docs/*', 'docs/a.md')).toBe(false); // '*' stops at the '.'
    expect(matches('docs/**', 'docs/a/b.md')).toBe(true);
    expect(matches(' x.txt ; y.txt ', 'y.txt')).toBe(true);
    expect(protectedFilePatterns('[; ;')).toHaveLength(0);
  });

  it('refuses the merge with 405 and lists the files in merge_blockers; an admin may force it', async () => {
    const { repo, dir, api, shas } = await setup({ protected_file_patterns: 'README.md;*.txt' });
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    const msg = 'Changed protected files (feature.txt)';
    expect(await blockersOf(api, index)).toEqual([msg]);
    expect(await blockersOf(api, index, writer.token)).toEqual([msg]);
    for (const [token, body] of [
      [writer.token, {}],
      [writer.token, { force_merge: true }],
      [owner.token, {}],
    ] as const) {
      const r = await merge(api, index, body, token);
      expect([r.status, r.body.message]).toEqual([405, msg]);
    }
    expect(await tipOf(dir, 'main')).toBe(shas.m1);
    // Gitea's ErrDisallowedToMerge: a repository admin's force_merge gets past it.
    expect((await merge(api, index, { force_merge: true })).status).toBe(200);
    expect(await parentsOf(dir, await tipOf(dir, 'main'))).toEqual([shas.m1, shas.f2]);
  });

  it('lets through a pull request that changes no protected file', async () => {
    const { repo, dir, api } = await setup({ protected_file_patterns: 'feature.txt;docs/**' });
    const index = await openPull(forge, repo, dir, poster, { head: 'behind' }); // changes other.txt
    expect(await blockersOf(api, index)).toEqual([]);
    expect((await merge(api, index, {}, writer.token)).status).toBe(200);
  });
});

describe('POST /branch_protections/priority', () => {
  it('reorders the rules: the list and the rule that applies follow the ids', async () => {
    const { api } = await setup(null);
    const glob = await protect(api, { rule_name: 'ma*' });
    const plain = await protect(api, { rule_name: 'main' });
    const release = await protect(api, { rule_name: 'release/*' });
    const names = async () =>
      ((await forge.req('GET', `${api}/branch_protections`, { token: owner.token })).body as any[]).map((r) => [r.rule_name, r.priority]);
    const effective = async () => (await forge.req('GET', `${api}/branches/main`, { token: owner.token })).body.effective_branch_protection_name;
    // Equal priorities: a plain name before globs, then the older rule (Gitea's sort).
    expect(await names()).toEqual([
      ['main', 0],
      ['ma*', 0],
      ['release/*', 0],
    ]);
    expect(await effective()).toBe('main');

    const r = await forge.req('POST', `${api}/branch_protections/priority`, { token: owner.token, body: { ids: [release.id, glob.id, plain.id] } });
    expect(r.status, r.text).toBe(204);
    expect(await names()).toEqual([
      ['release/*', 3],
      ['ma*', 2],
      ['main', 1],
    ]);
    expect(await effective()).toBe('ma*');
    expect((await forge.req('GET', `${api}/branch_protections/main`, { token: owner.token })).body).toMatchObject({ rule_name: 'main', priority: 1 });
  });

  it('answers as Gitea: unknown ids ignored (204), bad bodies 422, admins only', async () => {
    const { api } = await setup(null);
    const a = await protect(api, { rule_name: 'main' });
    const other = await setup(null);
    const foreign = await protect(other.api, { rule_name: 'main' });
    const post = (body: unknown, token = owner.token) => forge.req('POST', `${api}/branch_protections/priority`, { token, body });
    expect((await post({ ids: [foreign.id, 999999, a.id] })).status).toBe(204);
    // Another repository's rule is not touched.
    expect((await forge.req('GET', `${other.api}/branch_protections/main`, { token: owner.token })).body.priority).toBe(0);
    expect((await forge.req('GET', `${api}/branch_protections/main`, { token: owner.token })).body.priority).toBe(1);
    expect((await post({ ids: ['x'] })).status).toBe(422);
    expect((await post({})).status).toBe(204);
    expect((await post({ ids: [a.id] }, writer.token)).status).toBe(403);
    expect((await forge.req('POST', `${api}/branch_protections/priority`, { body: { ids: [a.id] } })).status).toBe(401);
  });
});

describe('pull requests from a fork', () => {
  let base: Awaited<ReturnType<typeof makeRepo>>;
  let forkDir: string;
  let forkId: number;
  let forkApi: string;
  const http = gitClient('p1-fork-');
  let server: Awaited<ReturnType<typeof listenForge>>;

  beforeAll(async () => {
    base = await makeRepo(forge, owner, standardHistory(personOf(owner)));
    const res = await forge.req('POST', `${base.api}/forks`, { token: forker.token, body: {} });
    expect(res.status).toBe(202);
    forkId = res.body.id;
    forkApi = `/repos/${forker.name}/${base.name}`;
    forkDir = repoDir(forge.deps.config, forker.name, base.name);
    server = await listenForge(forge);
  });
  afterAll(() => {
    server.close();
    http.cleanup();
  });

  /** A branch of the fork from its main with one commit, a pull request from it, then main moves on in the base. */
  async function behindFork(branch: string, opts: { maintainerEdit?: boolean } = {}) {
    const forkMain = await refSha(forkDir, 'refs/heads/main');
    await pushLike(forge, forkId, forkDir, forker.id, () => writeCommit(forkDir, branch, forkMain, { [`${branch}.txt`]: `${branch}\n` }, `${branch} work\n`));
    const open = await forge.req('POST', `${base.api}/pulls`, {
      token: forker.token,
      body: { head: `${forker.name}:${branch}`, base: 'main', title: `From ${branch}`, allow_maintainer_edit: !!opts.maintainerEdit },
    });
    expect(open.status, open.text).toBe(201);
    const baseMain = await refSha(base.dir, 'refs/heads/main');
    await pushLike(forge, base.repo.id, base.dir, owner.id, () =>
      writeCommit(base.dir, 'main', baseMain, { [`base-${branch}.txt`]: 'base\n' }, `base moves for ${branch}\n`),
    );
    return { index: open.body.number as number, head: await refSha(forkDir, `refs/heads/${branch}`), main: await refSha(base.dir, 'refs/heads/main') };
  }
  const update = (index: number, token?: string, style = 'merge') => forge.req('POST', `${base.api}/pulls/${index}/update?style=${style}`, { token });

  it("update by merge moves the fork's head branch; the pull request follows it", async () => {
    const { index, head, main } = await behindFork('topic');
    expect((await forge.req('GET', `${base.api}/pulls/${index}`)).body.commits_behind).toBe(1);
    const r = await update(index, forker.token);
    expect(r.status, r.text).toBe(200);
    const tip = await refSha(forkDir, 'refs/heads/topic');
    expect(await parentsOf(forkDir, tip)).toEqual([head, main]);
    expect(await messageOf(forkDir, tip)).toBe("Merge branch 'main' into topic\n");
    // The base repository is untouched; its view of the pull request has the new head.
    expect(await refSha(base.dir, 'refs/heads/main')).toBe(main);
    const pull = (await forge.req('GET', `${base.api}/pulls/${index}`)).body;
    expect(pull.head.sha).toBe(tip);
    expect(pull.commits_behind).toBe(0);
    // What a clone of the fork sees.
    const work = http.tmp();
    await http.git(work, 'clone', '-q', '--branch', 'topic', gitUrl(server.base, `${forker.name}/${base.name}`), 'c');
    const log = (await http.git(`${work}/c`, 'log', '--format=%s', '-3')).stdout.trim().split('\n');
    expect(log).toEqual(["Merge branch 'main' into topic", 'base moves for topic', 'topic work']);
  });

  it("update by rebase replays the fork's commits onto the base", async () => {
    const { index, main } = await behindFork('rebased');
    expect((await update(index, forker.token, 'rebase')).status).toBe(200);
    const tip = await refSha(forkDir, 'refs/heads/rebased');
    expect(await parentsOf(forkDir, tip)).toEqual([main]);
    expect(await messageOf(forkDir, tip)).toBe('rebased work\n');
  });

  it('someone who may not push to the fork is refused (403) unless the poster lets maintainers edit', async () => {
    const closed = await behindFork('closed-door');
    for (const token of [owner.token, stranger.token]) expect((await update(closed.index, token)).status).toBe(403);
    expect((await update(closed.index)).status).toBe(401);
    expect(await refSha(forkDir, 'refs/heads/closed-door')).toBe(closed.head);

    // allow_maintainer_edit: one who may merge into the base inherits the poster's rights on the fork.
    const open = await behindFork('open-door', { maintainerEdit: true });
    expect((await update(open.index, stranger.token)).status).toBe(403);
    expect((await update(open.index, owner.token)).status).toBe(200);
    const tip = await refSha(forkDir, 'refs/heads/open-door');
    expect(await parentsOf(forkDir, tip)).toEqual([open.head, open.main]);
    expect(await git(forkDir, 'log', '-1', '--format=%cn', tip)).toBe(owner.name);
  });

  it("a rule on the fork's branch decides: no push, no update; push without force, merge but no rebase", async () => {
    const { index, head } = await behindFork('guarded');
    const rule = await forge.req('POST', `${forkApi}/branch_protections`, { token: forker.token, body: { rule_name: 'guarded', enable_push: false } });
    expect(rule.status).toBe(201);
    expect((await update(index, forker.token)).status).toBe(403);
    expect(await refSha(forkDir, 'refs/heads/guarded')).toBe(head);
    expect((await forge.req('PATCH', `${forkApi}/branch_protections/guarded`, { token: forker.token, body: { enable_push: true } })).status).toBe(200);
    expect((await update(index, forker.token, 'rebase')).status).toBe(403);
    expect((await update(index, forker.token, 'merge')).status).toBe(200);
  });

  it('the default merge message names the fork as owner/repo:branch, as Gitea', async () => {
    const { index } = await behindFork('named');
    const r = await merge(base.api, index);
    expect(r.status, r.text).toBe(200);
    const tip = await refSha(base.dir, 'refs/heads/main');
    expect(await messageOf(base.dir, tip)).toBe(`Merge pull request 'From named' (#${index}) from ${forker.name}/${base.name}:named into main\n`);
  });
});

describe('default merge message of a pull request within one repository', () => {
  it('names the branch alone', async () => {
    const { repo, dir, api } = await setup(null);
    const index = await openPull(forge, repo, dir, poster, { head: 'feature', title: 'Add it' });
    expect((await merge(api, index)).status).toBe(200);
    expect(await messageOf(dir, await tipOf(dir, 'main'))).toBe(`Merge pull request 'Add it' (#${index}) from feature into main\n`);
  });
});

describe('approvals whitelist with a team review request', () => {
  it('an approval by a member of a whitelisted team counts, though the review was requested from the team', async () => {
    const orgName = `org${Date.now().toString(36)}`;
    const org = await forge.req('POST', '/orgs', { token: owner.token, body: { username: orgName } });
    expect(org.status).toBe(201);
    const team = await forge.req('POST', `/orgs/${orgName}/teams`, {
      token: owner.token,
      body: { name: 'reviewers', permission: 'write', includes_all_repositories: true, units_map: { 'repo.code': 'write', 'repo.pulls': 'write' } },
    });
    expect(team.status).toBe(201);
    expect((await forge.req('PUT', `/teams/${team.body.id}/members/${writer.name}`, { token: owner.token })).status).toBe(204);
    const r = await makeRepo(forge, { ...owner, id: org.body.id, name: orgName }, standardHistory(personOf(poster)));
    await protect(r.api, {
      required_approvals: 1,
      enable_approvals_whitelist: true,
      approvals_whitelist_teams: ['reviewers'],
      block_on_official_review_requests: true,
    });
    const index = await openPull(forge, r.repo, r.dir, poster, { head: 'feature' });
    // The team's review request, as Gitea stores one (reviewer_team_id, no reviewer; official for a whitelisted team).
    const issue = await forge.deps.db.selectFrom('issue').select('id').where('repo_id', '=', r.repo.id).where('index', '=', index).executeTakeFirstOrThrow();
    const t = nowUnix();
    const request = await forge.deps.db
      .insertInto('review')
      .values({
        type: 4,
        reviewer_id: 0,
        reviewer_team_id: team.body.id,
        original_author: '',
        original_author_id: 0,
        issue_id: issue.id,
        content: '',
        official: 1,
        commit_id: '',
        stale: 0,
        dismissed: 0,
        created_unix: t,
        updated_unix: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await blockersOf(r.api, index)).toEqual([
      'Does not have enough approvals (0 of 1 approvals granted)',
      'There are official review requests (waiting for reviewers)',
    ]);
    const approval = await forge.req('POST', `${r.api}/pulls/${index}/reviews`, { token: writer.token, body: { event: 'APPROVED', body: 'ok' } });
    expect(approval.body.official).toBe(true);
    // The member's approval also answers the team's request: Gitea's SubmitReview removes it.
    expect(await blockersOf(r.api, index)).toEqual([]);
    expect(await forge.deps.db.selectFrom('review').select('id').where('id', '=', request.id).executeTakeFirst()).toBeUndefined();
    expect((await merge(r.api, index)).status).toBe(200);
  });
});

// The demo seed, seen through the API the web app uses.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestForge, type TestForge } from './helpers.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/demo/seed.ts';

let forge: TestForge;

beforeAll(async () => {
  forge = await createTestForge();
  const admin = await forge.deps.db.selectFrom('user').selectAll().where('lower_name', '=', forge.admin.name.toLowerCase()).executeTakeFirstOrThrow();
  // How long seeding takes is a figure for `npm run bench` (server start on a fresh data folder),
  // not a test: a wall-clock bound failed here whenever the machine was busy.
  await seedDemo(forge.deps, admin, { strict: true });
}, 120_000);

const bob = () => ({ basic: [`bob`, DEMO_PASSWORD] as [string, string] });

describe('demo seed', () => {
  it('creates alice, bob and carol, who sign in with the demo password', async () => {
    for (const name of ['alice', 'bob', 'carol']) {
      const res = await forge.req('GET', '/user', { basic: [name, DEMO_PASSWORD] });
      expect(res.status).toBe(200);
      expect(res.body.login).toBe(name);
    }
  });

  it('lists the public repositories to everyone and the private one only to its owner', async () => {
    const anon = await forge.req('GET', '/repos/search?limit=50');
    expect(anon.status).toBe(200);
    const names = anon.body.data.map((r: any) => r.full_name).sort();
    expect(names).toEqual(['alice/hello-forge', 'alice/project-template', 'alice/website', 'carol/empty-project']);
    const asBob = await forge.req('GET', '/repos/search?limit=50', bob());
    expect(asBob.body.data.map((r: any) => r.full_name)).toContain('bob/tiny-db');
    expect((await forge.req('GET', '/repos/bob/tiny-db')).status).toBe(404);
  });

  it('marks the empty and the template repository as such', async () => {
    const empty = await forge.req('GET', '/repos/carol/empty-project');
    expect(empty.body.empty).toBe(true);
    const template = await forge.req('GET', '/repos/alice/project-template');
    expect(template.body.template).toBe(true);
    expect(template.body.empty).toBe(false);
    const hello = await forge.req('GET', '/repos/alice/hello-forge');
    expect(hello.body).toMatchObject({ empty: false, default_branch: 'main', private: false });
    expect(hello.body.size).toBeGreaterThan(0);
  });

  it('gives hello-forge hundreds of commits by several authors', async () => {
    const res = await forge.req('GET', '/repos/alice/hello-forge/commits?limit=50&stat=false&files=false');
    expect(res.status).toBe(200);
    const total = Number(res.headers.get('x-total-count'));
    expect(total).toBeGreaterThanOrEqual(200);
    expect(total).toBeLessThan(1000);
    const authors = new Set(res.body.map((c: any) => c.commit.author.email));
    expect(authors.size).toBeGreaterThan(1);
    // Authors with accounts are linked to them.
    expect(res.body.some((c: any) => c.author?.login === 'alice' || c.author?.login === 'bob' || c.author?.login === 'carol')).toBe(true);
    // History spans months.
    const oldest = await forge.req('GET', `/repos/alice/hello-forge/commits?limit=1&page=${total}&stat=false&files=false`);
    const span = Date.parse(res.body[0].commit.author.date) - Date.parse(oldest.body[0].commit.author.date);
    expect(span).toBeGreaterThan(90 * 24 * 3600 * 1000);
  });

  it('has feature and release branches and both kinds of tags', async () => {
    const branches = await forge.req('GET', '/repos/alice/hello-forge/branches?limit=50');
    const names = branches.body.map((b: any) => b.name);
    expect(names).toEqual(expect.arrayContaining(['main', 'release/1.x', 'feature/search', 'feature/dark-mode']));
    const tags = await forge.req('GET', '/repos/alice/hello-forge/tags?limit=50');
    const byName = new Map(tags.body.map((t: any) => [t.name, t]));
    expect([...byName.keys()]).toEqual(expect.arrayContaining(['v0.1.0', 'v0.2.0', 'v1.0.0', 'v1.0.1']));
    expect((byName.get('v1.0.0') as any).message).toContain('Stable API');
  });

  it('serves a readable README and files in folders', async () => {
    const readme = await forge.req('GET', '/repos/alice/hello-forge/contents/README.md');
    expect(readme.status).toBe(200);
    expect(Buffer.from(readme.body.content, 'base64').toString('utf8')).toContain('# hello-forge');
    const root = await forge.req('GET', '/repos/alice/hello-forge/contents');
    const entries = root.body.map((e: any) => `${e.type}:${e.name}`);
    expect(entries).toEqual(expect.arrayContaining(['dir:src', 'dir:docs', 'file:README.md']));
    const src = await forge.req('GET', '/repos/alice/hello-forge/contents/src');
    expect(src.body.filter((e: any) => e.type === 'dir').length).toBeGreaterThanOrEqual(2);
  });

  it('records the pushes in the activity feed', async () => {
    const feed = await forge.req('GET', '/repos/alice/hello-forge/activities/feeds?limit=50');
    expect(feed.status).toBe(200);
    const ops = feed.body.map((a: any) => a.op_type);
    expect(ops).toContain('commit_repo');
    expect(ops).toContain('push_tag');
    // The oldest push to main is the imported history (the pull request seed pushes to main later).
    const main = feed.body.filter((a: any) => a.op_type === 'commit_repo' && a.ref_name === 'refs/heads/main').at(-1);
    const content = JSON.parse(main.content);
    expect(content.Len).toBeGreaterThanOrEqual(200);
    expect(content.Commits).toHaveLength(5);
  });

  describe('pull requests in hello-forge', () => {
    const base = '/repos/alice/hello-forge';
    const pulls = async () => {
      const res = await forge.req('GET', `${base}/pulls?state=all&limit=50`);
      expect(res.status).toBe(200);
      return new Map<string, any>(res.body.map((p: any) => [p.title, p]));
    };
    const combined = async (sha: string) => (await forge.req('GET', `${base}/commits/${sha}/status`)).body;

    it('seeds open, draft, merged, closed and conflicting pull requests', async () => {
      const byTitle = await pulls();
      expect([...byTitle.keys()].sort()).toEqual([
        'Add a contributing guide',
        'Add parse options',
        'Read options from YAML files',
        'Rewrite the README introduction',
        'WIP: plugin API',
      ]);
      expect(byTitle.get('Add parse options')).toMatchObject({
        state: 'open',
        draft: false,
        mergeable: true,
        merged: false,
        head: { ref: 'feature/parse-options' },
        base: { ref: 'main' },
      });
      expect(byTitle.get('Add parse options').labels.map((l: any) => l.name)).toEqual(['enhancement']);
      expect(byTitle.get('WIP: plugin API')).toMatchObject({ state: 'open', draft: true });
      expect(byTitle.get('Add a contributing guide')).toMatchObject({ state: 'closed', merged: true, merged_by: { login: 'alice' } });
      expect(byTitle.get('Read options from YAML files')).toMatchObject({ state: 'closed', merged: false });
      expect(byTitle.get('Rewrite the README introduction')).toMatchObject({ state: 'open', mergeable: false });
      const open = await forge.req('GET', `${base}/pulls`);
      expect(open.body).toHaveLength(3);
    });

    it('squash-merged the contributing guide into main and deleted its branch', async () => {
      const merged = (await pulls()).get('Add a contributing guide');
      expect((await forge.req('GET', `${base}/pulls/${merged.number}/merge`)).status).toBe(204);
      const commit = await forge.req('GET', `${base}/git/commits/${merged.merge_commit_sha}?stat=false&files=false`);
      expect(commit.body.commit.message).toMatch(new RegExp(`^Add a contributing guide \\(#${merged.number}\\)`));
      expect(commit.body.parents).toHaveLength(1);
      const main = await forge.req('GET', `${base}/branches/main`);
      expect(main.body.commit.id).toBe(merged.merge_commit_sha);
      expect((await forge.req('GET', `${base}/branches/docs%2Fcontributing`)).status).toBe(404);
      const guide = await forge.req('GET', `${base}/contents/CONTRIBUTING.md`);
      expect(guide.status).toBe(200);
    });

    it('has a review requesting changes with an inline comment, and an approval', async () => {
      const pr = (await pulls()).get('Add parse options');
      const reviews = await forge.req('GET', `${base}/pulls/${pr.number}/reviews`);
      expect(reviews.status).toBe(200);
      const states = reviews.body.map((r: any) => `${r.user.login}:${r.state}`);
      expect(states).toEqual(expect.arrayContaining(['bob:REQUEST_CHANGES', 'carol:APPROVED']));
      const changes = reviews.body.find((r: any) => r.state === 'REQUEST_CHANGES');
      expect(changes.comments_count).toBe(1);
      const comments = await forge.req('GET', `${base}/pulls/${pr.number}/reviews/${changes.id}/comments`);
      expect(comments.body).toHaveLength(1);
      expect(comments.body[0]).toMatchObject({ path: 'src/core/options.ts', position: 13, user: { login: 'bob' } });
      expect(comments.body[0].diff_hunk).toContain('separator: /\\s+/');
      // The conflicting one has a comment-only review with its own inline comment.
      const intro = (await pulls()).get('Rewrite the README introduction');
      const introReviews = await forge.req('GET', `${base}/pulls/${intro.number}/reviews`);
      expect(introReviews.body.map((r: any) => `${r.user.login}:${r.state}:${r.comments_count}`)).toEqual(['carol:COMMENT:1']);
    });

    it('has successful, pending and failing checks on the heads', async () => {
      const byTitle = await pulls();
      const options = await combined(byTitle.get('Add parse options').head.sha);
      expect(options).toMatchObject({ state: 'success', total_count: 2 });
      expect(options.statuses.map((s: any) => s.context).sort()).toEqual(['ci/build', 'ci/test']);
      expect((await combined(byTitle.get('WIP: plugin API').head.sha)).state).toBe('pending');
      expect((await combined(byTitle.get('Read options from YAML files').head.sha)).state).toBe('failure');
      expect((await combined(byTitle.get('Rewrite the README introduction').head.sha)).state).toBe('failure');
    });

    it('leaves no seeding tokens behind', async () => {
      const tokens = await forge.deps.db.selectFrom('access_token').select('name').where('name', 'like', 'demo-seed%').execute();
      expect(tokens).toEqual([]);
    });
  });

  describe('organization', () => {
    const as = (who: string) => ({ basic: [who, DEMO_PASSWORD] as [string, string] });

    it('has forge-org with the Owners, developers and triage teams, alice owning it', async () => {
      const org = await forge.req('GET', '/orgs/forge-org');
      expect(org.status).toBe(200);
      expect(org.body).toMatchObject({ name: 'forge-org', full_name: 'Forge Org', visibility: 'public' });
      const teams = await forge.req('GET', '/orgs/forge-org/teams', as('alice'));
      const byName = new Map(teams.body.map((t: any) => [t.name, t]));
      expect([...byName.keys()]).toEqual(['developers', 'Owners', 'triage']);
      expect(byName.get('Owners')).toMatchObject({ permission: 'owner' });
      expect(byName.get('developers')).toMatchObject({ permission: 'write', units_map: { 'repo.code': 'write', 'repo.issues': 'write' } });
      expect(byName.get('triage')).toMatchObject({ permission: 'read', units_map: { 'repo.code': 'read', 'repo.issues': 'write' } });
      const perms = async (who: string) => (await forge.req('GET', `/users/${who}/orgs/forge-org/permissions`, as('alice'))).body;
      expect(await perms('alice')).toMatchObject({ is_owner: true });
      expect(await perms('bob')).toMatchObject({ is_owner: false, can_write: true, can_create_repository: true });
      expect(await perms('carol')).toMatchObject({ can_write: false, can_read: true });
      // Public members to strangers: alice and bob made theirs public, carol did not.
      expect((await forge.req('GET', '/orgs/forge-org/members')).body.map((u: any) => u.login)).toEqual(['alice', 'bob']);
      expect((await forge.req('GET', '/orgs/forge-org/members', as('carol'))).body.map((u: any) => u.login)).toEqual(['alice', 'bob', 'carol']);
    });

    it('has a private repository that its teams work in and strangers cannot see', async () => {
      expect((await forge.req('GET', '/repos/forge-org/roadmap')).status).toBe(404);
      const asCarol = await forge.req('GET', '/repos/forge-org/roadmap', as('carol'));
      expect(asCarol.status).toBe(200);
      expect(asCarol.body.permissions).toMatchObject({ push: false, pull: true });
      expect((await forge.req('GET', '/repos/forge-org/roadmap', as('bob'))).body.permissions).toMatchObject({ push: true, admin: false });
      const issues = await forge.req('GET', '/repos/forge-org/roadmap/issues?state=all', as('carol'));
      expect(issues.body.map((i: any) => `${i.user.login}:${i.title}:${i.comments}`)).toEqual(['carol:Plan the organization pages:1']);
    });
  });

  it('does nothing when run again', async () => {
    const admin = await forge.deps.db.selectFrom('user').selectAll().where('lower_name', '=', forge.admin.name.toLowerCase()).executeTakeFirstOrThrow();
    await seedDemo(forge.deps, admin);
    const count = await forge.deps.db
      .selectFrom('repository')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(6);
  });
});

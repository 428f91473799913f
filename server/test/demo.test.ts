// The demo seed, seen through the API the web app uses.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestForge, type TestForge } from './helpers.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/demo/seed.ts';

let forge: TestForge;
let seedMs: number;

beforeAll(async () => {
  forge = await createTestForge();
  const admin = await forge.deps.db.selectFrom('user').selectAll().where('lower_name', '=', forge.admin.name.toLowerCase()).executeTakeFirstOrThrow();
  const started = performance.now();
  await seedDemo(forge.deps, admin);
  seedMs = performance.now() - started;
}, 60_000);

const bob = () => ({ basic: [`bob`, DEMO_PASSWORD] as [string, string] });

describe('demo seed', () => {
  it('finishes in a few seconds', () => {
    expect(seedMs).toBeLessThan(10_000);
  });

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

  it('does nothing when run again', async () => {
    const admin = await forge.deps.db.selectFrom('user').selectAll().where('lower_name', '=', forge.admin.name.toLowerCase()).executeTakeFirstOrThrow();
    await seedDemo(forge.deps, admin);
    const count = await forge.deps.db.selectFrom('repository').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(5);
  });
});

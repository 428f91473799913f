// Gitea's /git/blobs/{sha} and /git/refs[/{ref}] (what the tree listing and tools link to), and
// the public /settings/* answers.
import { describe, expect, it } from 'vitest';
import { createTestForge, uniq } from './helpers.ts';

const forge = await createTestForge();
const { req } = forge;

async function repoWithReadme(isPrivate = false) {
  const owner = await forge.user();
  const name = uniq('objs');
  const r = await req('POST', '/user/repos', { token: owner.token, body: { name, auto_init: true, readme: 'Default', private: isPrivate } });
  expect(r.status).toBe(201);
  return { owner, base: `/repos/${owner.name}/${name}` };
}

describe('git blobs', () => {
  it("serves the blob a tree entry links to, with its bytes in base64, and refuses what isn't a blob", async () => {
    const { owner, base } = await repoWithReadme();
    const tree = await req('GET', `${base}/git/trees/main`, { token: owner.token });
    const readme = tree.body.tree.find((e: any) => e.path === 'README.md');
    expect(readme.url).toMatch(new RegExp(`/api/v1${base}/git/blobs/${readme.sha}$`));

    const blob = await req('GET', `${base}/git/blobs/${readme.sha}`);
    expect(blob.status).toBe(200);
    expect(blob.body).toMatchObject({ sha: readme.sha, size: readme.size, encoding: 'base64', url: readme.url });
    expect(Buffer.from(blob.body.content, 'base64').toString()).toMatch(/^# /);

    // A tree is not a blob; a short or unknown id, or an option-like value, is a 400 as on Gitea.
    for (const sha of [tree.body.sha, readme.sha.slice(0, 7), 'f'.repeat(40), '--output=x']) {
      const r = await req('GET', `${base}/git/blobs/${encodeURIComponent(sha)}`);
      expect(r.status).toBe(400);
      expect(r.body.message).toContain('object does not exist');
    }
  });

  it('hides the blobs of a private repository from strangers (404)', async () => {
    const { owner, base } = await repoWithReadme(true);
    const tree = await req('GET', `${base}/git/trees/main`, { token: owner.token });
    const stranger = await forge.user();
    expect((await req('GET', `${base}/git/blobs/${tree.body.tree[0].sha}`, { token: stranger.token })).status).toBe(404);
    expect((await req('GET', `${base}/git/blobs/${tree.body.tree[0].sha}`, { token: owner.token })).status).toBe(200);
  });
});

describe('git refs', () => {
  it('lists every ref, filters by prefix, and answers one object for an exact name', async () => {
    const { owner, base } = await repoWithReadme();
    expect((await req('POST', `${base}/tags`, { token: owner.token, body: { tag_name: 'v1', message: 'First release' } })).status).toBe(201);
    expect((await req('POST', `${base}/branches`, { token: owner.token, body: { new_branch_name: 'feature/x' } })).status).toBe(201);

    const all = await req('GET', `${base}/git/refs`);
    expect(all.status).toBe(200);
    expect(all.body.map((r: any) => r.ref)).toEqual(['refs/heads/feature/x', 'refs/heads/main', 'refs/tags/v1']);

    const heads = await req('GET', `${base}/git/refs/heads`);
    expect(heads.body.map((r: any) => r.ref)).toEqual(['refs/heads/feature/x', 'refs/heads/main']);

    const main = await req('GET', `${base}/git/refs/heads/main`);
    expect(main.body).toMatchObject({ ref: 'refs/heads/main', object: { type: 'commit' } });
    expect(main.body.url).toMatch(new RegExp(`/api/v1${base}/git/refs/heads/main$`));
    expect(main.body.object.url).toMatch(new RegExp(`/git/commits/${main.body.object.sha}$`));

    const nested = await req('GET', `${base}/git/refs/heads/feature/x`);
    expect(nested.body).toMatchObject({ ref: 'refs/heads/feature/x' });

    // An annotated tag is an object of its own.
    const tag = await req('GET', `${base}/git/refs/tags/v1`);
    expect(tag.body.object).toMatchObject({ type: 'tag' });
    expect(tag.body.object.url).toMatch(/\/git\/tags\/[0-9a-f]{40}$/);

    expect((await req('GET', `${base}/git/refs/heads/nope`)).status).toBe(404);
  });
});

describe('site settings', () => {
  it("answers Gitea's public settings with this server's limits", async () => {
    expect((await req('GET', '/settings/api')).body).toEqual({
      max_response_items: 50,
      default_paging_num: 30,
      default_git_trees_per_page: 1000,
      default_max_blob_size: 10485760,
    });
    expect((await req('GET', '/settings/attachment')).body).toMatchObject({ enabled: true, max_size: 2048 });
    expect((await req('GET', '/settings/repository')).body).toMatchObject({ http_git_disabled: false, stars_disabled: false, lfs_disabled: true });
    expect((await req('GET', '/settings/ui')).body.allowed_reactions).toEqual(['+1', '-1', 'laugh', 'hooray', 'confused', 'heart', 'rocket', 'eyes']);
  });
});

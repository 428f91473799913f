// Archives (API and the web zipball/tarball URLs), Gitea's URL forms for raw bytes, and the git
// trees API the file finder reads — against real repositories.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createTestForge, uniq } from './helpers.ts';
import { createFixtureRepo } from './git-fixtures.ts';

const forge = await createTestForge();
const owner = await forge.user('arc');
const stranger = await forge.user('str');

const repoName = uniq('proj');
const { shas } = await createFixtureRepo(
  forge.deps,
  owner,
  repoName,
  [
    { id: 'one', message: 'first', files: { 'README.md': '# Hi\n', 'src/app.ts': 'export {};\n' } },
    { id: 'two', message: 'second', files: { 'src/lib/util.ts': 'export const u = 1;\n', 'docs/a b.txt': 'spaced\n' } },
    { branch: 'feature/x', from: 'two', message: 'feature', files: { 'feature.txt': 'new\n' } },
  ],
  { tags: [{ name: 'v1.0', at: 'one' }] },
);
const bigName = uniq('big');
await createFixtureRepo(forge.deps, owner, bigName, [{ message: 'big', files: { 'big.txt': 'x'.repeat(8 * 1024 * 1024) } }]);
const privName = uniq('secret');
await createFixtureRepo(forge.deps, owner, privName, [{ message: 'init', files: { 'a.txt': 'a\n' } }], { private: true });

/** Writes a response body to a temp file and lists it with the given tool. */
async function list(res: Response, ext: string, tool: (f: string) => string[]) {
  const file = path.join(os.tmpdir(), `${uniq('arch')}${ext}`);
  fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  try {
    return tool(file).sort();
  } finally {
    fs.rmSync(file);
  }
}
const tarList = (f: string) => execFileSync('tar', ['-tzf', f], { encoding: 'utf8' }).split('\n').filter(Boolean);
const zipList = (f: string) =>
  execFileSync('python3', ['-c', 'import sys,zipfile;print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))', f], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);

const get = (url: string, token?: string) => forge.app.request(url, { headers: token ? { Authorization: `token ${token}` } : {} });

describe('archives', () => {
  it('streams a tar.gz of a branch with every path under "<repo>/"', async () => {
    const res = await get(`/api/v1/repos/${owner.name}/${repoName}/archive/main.tar.gz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    expect(res.headers.get('content-disposition')).toContain(`filename="${repoName}-main.tar.gz"`);
    expect(await list(res, '.tar.gz', tarList)).toEqual(
      [
        `${repoName}/`,
        `${repoName}/README.md`,
        `${repoName}/docs/`,
        `${repoName}/docs/a b.txt`,
        `${repoName}/src/`,
        `${repoName}/src/app.ts`,
        `${repoName}/src/lib/`,
        `${repoName}/src/lib/util.ts`,
      ].sort(),
    );
  });

  it('serves a zip of a tag at the web zipball_url the tag API gives', async () => {
    const tags = await forge.req('GET', `/repos/${owner.name}/${repoName}/tags`);
    const tag = tags.body.find((t: { name: string }) => t.name === 'v1.0');
    const url = new URL(tag.zipball_url);
    expect(url.pathname).toBe(`/${owner.name}/${repoName}/archive/v1.0.zip`);
    const res = await get(url.pathname);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    // The tag points at the first commit: no src/lib yet.
    expect(await list(res, '.zip', zipList)).toEqual([`${repoName}/`, `${repoName}/README.md`, `${repoName}/src/`, `${repoName}/src/app.ts`].sort());
  });

  it('takes a branch with a slash and a commit SHA', async () => {
    const res = await get(`/${owner.name}/${repoName}/archive/feature/x.tar.gz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`${repoName}-feature-x.tar.gz`);
    expect(await list(res, '.tar.gz', tarList)).toContain(`${repoName}/feature.txt`);
    const bySha = await get(`/api/v1/repos/${owner.name}/${repoName}/archive/${shas.one}.zip`);
    expect(bySha.status).toBe(200);
    expect(await list(bySha, '.zip', zipList)).not.toContain(`${repoName}/src/lib/util.ts`);
  });

  it('answers 404 for an unknown ref, 400 for an unknown format, and 404 for an option-like ref', async () => {
    expect((await get(`/api/v1/repos/${owner.name}/${repoName}/archive/nope.zip`)).status).toBe(404);
    expect((await get(`/${owner.name}/${repoName}/archive/nope.tar.gz`)).status).toBe(404);
    expect((await get(`/api/v1/repos/${owner.name}/${repoName}/archive/main.rar`)).status).toBe(400);
    expect((await get(`/api/v1/repos/${owner.name}/${repoName}/archive/--output=x.zip`)).status).toBe(404);
  });

  it('survives a client that goes away mid-download', async () => {
    const res = await get(`/api/v1/repos/${owner.name}/${repoName}/archive/main.tar.gz`);
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    await new Promise((r) => setTimeout(r, 100));
    expect((await get(`/api/v1/repos/${owner.name}/${repoName}/archive/main.zip`)).status).toBe(200);
  });

  it('hides a private repository (404) from strangers and serves it to its owner', async () => {
    expect((await get(`/api/v1/repos/${owner.name}/${privName}/archive/main.zip`)).status).toBe(404);
    expect((await get(`/api/v1/repos/${owner.name}/${privName}/archive/main.zip`, stranger.token)).status).toBe(404);
    expect((await get(`/${owner.name}/${privName}/archive/main.zip`, stranger.token)).status).toBe(404);
    const res = await get(`/${owner.name}/${privName}/archive/main.zip`, owner.token);
    expect(res.status).toBe(200);
    expect(await list(res, '.zip', zipList)).toEqual([`${privName}/`, `${privName}/a.txt`]);
  });
});

describe('raw web paths', () => {
  it('serves /raw/branch, /raw/tag and /raw/commit as raw bytes', async () => {
    const b = await get(`/${owner.name}/${repoName}/raw/branch/main/src/lib/util.ts`);
    expect(b.status).toBe(200);
    expect(b.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(b.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await b.text()).toBe('export const u = 1;\n');
    const f = await get(`/${owner.name}/${repoName}/raw/branch/feature/x/feature.txt`);
    expect(await f.text()).toBe('new\n');
    const t = await get(`/${owner.name}/${repoName}/raw/tag/v1.0/README.md`);
    expect(await t.text()).toBe('# Hi\n');
    const c = await get(`/${owner.name}/${repoName}/raw/commit/${shas.two}/docs/a%20b.txt`);
    expect(await c.text()).toBe('spaced\n');
  });

  it('survives a client that leaves in the middle of a big raw file or archive', async () => {
    for (const url of [`/${owner.name}/${bigName}/raw/branch/main/big.txt`, `/${owner.name}/${bigName}/archive/main.tar.gz`]) {
      const res = await get(url);
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      await reader.read();
      await reader.cancel();
    }
    // Late output of the killed processes must not throw (vitest fails the run on unhandled errors).
    await new Promise((r) => setTimeout(r, 300));
    const whole = await get(`/${owner.name}/${bigName}/raw/branch/main/big.txt`);
    expect((await whole.arrayBuffer()).byteLength).toBe(8 * 1024 * 1024);
  });

  it('answers 404 for a missing file, a folder, a ref of the wrong kind and a private repository', async () => {
    expect((await get(`/${owner.name}/${repoName}/raw/branch/main/nope.txt`)).status).toBe(404);
    expect((await get(`/${owner.name}/${repoName}/raw/branch/main/src`)).status).toBe(404);
    expect((await get(`/${owner.name}/${repoName}/raw/tag/main/README.md`)).status).toBe(404);
    expect((await get(`/${owner.name}/${privName}/raw/branch/main/a.txt`, stranger.token)).status).toBe(404);
    expect((await get(`/${owner.name}/${privName}/raw/branch/main/a.txt`, owner.token)).status).toBe(200);
  });
});

describe('git trees', () => {
  it('lists the whole tree recursively with folders, as Gitea', async () => {
    const r = await forge.req('GET', `/repos/${owner.name}/${repoName}/git/trees/main?recursive=1`);
    expect(r.status).toBe(200);
    expect(r.body.total_count).toBe(7);
    expect(r.body.truncated).toBe(false);
    expect(r.body.page).toBe(1);
    expect(r.body.tree.map((e: { path: string; type: string }) => `${e.type} ${e.path}`).sort()).toEqual(
      ['blob README.md', 'tree docs', 'blob docs/a b.txt', 'tree src', 'blob src/app.ts', 'tree src/lib', 'blob src/lib/util.ts'].sort(),
    );
    const util = r.body.tree.find((e: { path: string }) => e.path === 'src/lib/util.ts');
    expect(util).toMatchObject({ mode: '100644', size: 20 });
    expect(util.url).toBe(`http://localhost:3000/api/v1/repos/${owner.name}/${repoName}/git/blobs/${util.sha}`);
    expect(r.body.url).toBe(`http://localhost:3000/api/v1/repos/${owner.name}/${repoName}/git/trees/${r.body.sha}`);
  });

  it('lists one level without recursive, accepts a commit SHA, and pages', async () => {
    const top = await forge.req('GET', `/repos/${owner.name}/${repoName}/git/trees/${shas.two}`);
    expect(top.body.tree.map((e: { path: string }) => e.path)).toEqual(['README.md', 'docs', 'src']);
    const p1 = await forge.req('GET', `/repos/${owner.name}/${repoName}/git/trees/main?recursive=true&per_page=3&page=1`);
    const p3 = await forge.req('GET', `/repos/${owner.name}/${repoName}/git/trees/main?recursive=true&per_page=3&page=3`);
    expect(p1.body.tree).toHaveLength(3);
    expect(p1.body.truncated).toBe(true);
    expect(p3.body.tree).toHaveLength(1);
    expect(p3.body.truncated).toBe(false);
    expect(p3.body.total_count).toBe(7);
  });

  it('answers 404 for an unknown sha and for a private repository', async () => {
    expect((await forge.req('GET', `/repos/${owner.name}/${repoName}/git/trees/nope`)).status).toBe(404);
    expect((await forge.req('GET', `/repos/${owner.name}/${privName}/git/trees/main`, { token: stranger.token })).status).toBe(404);
    expect((await forge.req('GET', `/repos/${owner.name}/${privName}/git/trees/main`, { token: owner.token })).status).toBe(200);
  });
});

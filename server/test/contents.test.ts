import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestForge, uniq } from './helpers.ts';
import { repoDir } from '../src/context.ts';
import { gitCli } from './git-cli.ts';

const forge = await createTestForge();

const ident = { GIT_AUTHOR_NAME: 'Ann', GIT_AUTHOR_EMAIL: 'ann@example.com', GIT_COMMITTER_NAME: 'Ann', GIT_COMMITTER_EMAIL: 'ann@example.com' };

/**
 * Commits `files` (path → content; mode 120000 for symlinks, 160000 for submodules via
 * {mode, sha}) on top of `branch` with git plumbing and a throwaway index.
 */
async function commit(
  dir: string,
  branch: string,
  message: string,
  files: Record<string, string | Buffer | { mode: string; content?: string; sha?: string }>,
  time: number,
) {
  const index = path.join(os.tmpdir(), `idx-${uniq('i')}`);
  const env = { ...ident, GIT_INDEX_FILE: index, GIT_AUTHOR_DATE: `${time} +0000`, GIT_COMMITTER_DATE: `${time} +0000` };
  const parent = (await gitCli(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`], { cwd: dir }).catch(() => '')).trim();
  if (parent) await gitCli(['read-tree', parent], { cwd: dir, env });
  for (const [p, v] of Object.entries(files)) {
    let mode = '100644';
    let sha: string;
    if (typeof v === 'object' && !Buffer.isBuffer(v)) {
      mode = v.mode;
      sha = v.sha ?? (await gitCli(['hash-object', '-w', '--stdin'], { cwd: dir, input: v.content ?? '' })).trim();
    } else sha = (await gitCli(['hash-object', '-w', '--stdin'], { cwd: dir, input: v })).trim();
    await gitCli(['update-index', '--add', '--cacheinfo', `${mode},${sha},${p}`], { cwd: dir, env });
  }
  const tree = (await gitCli(['write-tree'], { cwd: dir, env })).trim();
  const args = ['commit-tree', tree, '-m', message];
  if (parent) args.push('-p', parent);
  const sha = (await gitCli(args, { cwd: dir, env })).trim();
  await gitCli(['update-ref', `refs/heads/${branch}`, sha], { cwd: dir });
  return sha;
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

async function setup(opts: { private?: boolean } = {}) {
  const u = await forge.user();
  const name = uniq('code');
  const r = await forge.req('POST', '/user/repos', { token: u.token, body: { name, auto_init: true, private: opts.private } });
  expect(r.status).toBe(201);
  const dir = repoDir(forge.deps.config, u.name, name);
  const t0 = Math.floor(Date.now() / 1000) - 1000;
  const first = await commit(dir, 'main', 'add sources', { 'src/a.ts': 'export const a = 1;\n', 'src/lib/b.ts': 'b\n', 'docs/guide.md': '# Guide\n' }, t0);
  const second = await commit(
    dir,
    'main',
    'touch a and add files',
    {
      'src/a.ts': 'export const a = 2;\n',
      'logo.png': PNG,
      'page.html': '<script>alert(1)</script>',
      'pic.svg': '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      'blob.bin': Buffer.from([1, 2, 0, 3, 4]),
      link: { mode: '120000', content: 'src/a.ts' },
      'dir with space/ü.txt': 'unicode\n',
    },
    t0 + 100,
  );
  await gitCli(['tag', 'v1', first], { cwd: dir });
  return { u, name, dir, first, second, base: `/repos/${u.name}/${name}` };
}

describe('GET /repos/{owner}/{repo}/contents', () => {
  it('lists the root: dirs first, then files, by name, with Gitea fields and each entry’s last commit', async () => {
    const s = await setup();
    const r = await forge.req('GET', `${s.base}/contents`);
    expect(r.status).toBe(200);
    expect(r.body.map((e: any) => [e.name, e.type])).toEqual([
      ['dir with space', 'dir'],
      ['docs', 'dir'],
      ['src', 'dir'],
      ['README.md', 'file'],
      ['blob.bin', 'file'],
      ['link', 'symlink'],
      ['logo.png', 'file'],
      ['page.html', 'file'],
      ['pic.svg', 'file'],
    ]);
    const byName = Object.fromEntries(r.body.map((e: any) => [e.name, e]));
    expect(byName.src).toMatchObject({
      path: 'src',
      last_commit_sha: s.second,
      last_commit_message: 'touch a and add files',
      content: null,
      encoding: null,
      download_url: null,
      git_url: expect.stringContaining('/git/trees/'),
      html_url: `http://localhost:3000/${s.u.name}/${s.name}/src/branch/main/src`,
    });
    expect(byName.docs.last_commit_sha).toBe(s.first);
    expect(byName['README.md'].last_commit_message).toBe('Initial commit');
    expect(byName['README.md'].size).toBe(`# ${s.name}\n\n\n`.length);
    expect(byName['README.md']._links.self).toBe(`http://localhost:3000/api/v1/repos/${s.u.name}/${s.name}/contents/README.md?ref=main`);
    expect(Date.parse(byName.docs.last_commit_date)).toBeLessThan(Date.parse(byName.src.last_commit_date));
  });

  it('lists a sub-directory and returns a file with base64 content', async () => {
    const s = await setup();
    const dir = await forge.req('GET', `${s.base}/contents/src`);
    expect(dir.body.map((e: any) => [e.path, e.type, e.last_commit_sha])).toEqual([
      ['src/lib', 'dir', s.first],
      ['src/a.ts', 'file', s.second],
    ]);
    const file = await forge.req('GET', `${s.base}/contents/src/lib/b.ts`);
    expect(file.status).toBe(200);
    expect(file.body).toMatchObject({ name: 'b.ts', path: 'src/lib/b.ts', type: 'file', encoding: 'base64', size: 2, last_commit_sha: s.first });
    expect(Buffer.from(file.body.content, 'base64').toString()).toBe('b\n');
    const spaced = await forge.req('GET', `${s.base}/contents/${encodeURIComponent('dir with space')}/${encodeURIComponent('ü.txt')}`);
    expect(spaced.status).toBe(200);
    expect(Buffer.from(spaced.body.content, 'base64').toString()).toBe('unicode\n');
    const link = await forge.req('GET', `${s.base}/contents/link`);
    expect(link.body).toMatchObject({ type: 'symlink', target: 'src/a.ts', content: null });
  });

  it('reads at a branch, tag or commit given as ref', async () => {
    const s = await setup();
    const atTag = await forge.req('GET', `${s.base}/contents/src/a.ts?ref=v1`);
    expect(Buffer.from(atTag.body.content, 'base64').toString()).toBe('export const a = 1;\n');
    expect(atTag.body.html_url).toContain('/src/tag/v1/src/a.ts');
    const atSha = await forge.req('GET', `${s.base}/contents/src/a.ts?ref=${s.first}`);
    expect(Buffer.from(atSha.body.content, 'base64').toString()).toBe('export const a = 1;\n');
    expect((await forge.req('GET', `${s.base}/contents?ref=${s.first}`)).body.map((e: any) => e.name)).not.toContain('logo.png');
    expect((await forge.req('GET', `${s.base}/contents/src/a.ts?ref=nope`)).status).toBe(404);
    expect((await forge.req('GET', `${s.base}/contents/src/a.ts?ref=--output=x`)).status).toBe(404);
  });

  it('answers 404 for missing paths, [] for the root of an empty repository', async () => {
    const s = await setup();
    expect((await forge.req('GET', `${s.base}/contents/nope.txt`)).status).toBe(404);
    expect((await forge.req('GET', `${s.base}/contents/src%2F..%2FREADME.md`)).status).toBe(404);
    const empty = uniq('empty');
    await forge.req('POST', '/user/repos', { token: s.u.token, body: { name: empty } });
    const root = await forge.req('GET', `/repos/${s.u.name}/${empty}/contents`);
    expect(root.status).toBe(200);
    expect(root.body).toEqual([]);
    expect((await forge.req('GET', `/repos/${s.u.name}/${empty}/contents/README.md`)).status).toBe(404);
  });

  it('hides a private repository’s contents (404) from anonymous and other users', async () => {
    const s = await setup({ private: true });
    const other = await forge.user();
    for (const url of [`${s.base}/contents`, `${s.base}/contents/src/a.ts`, `${s.base}/raw/src/a.ts`]) {
      expect((await forge.req('GET', url)).status, url).toBe(404);
      expect((await forge.req('GET', url, { token: other.token })).status, url).toBe(404);
      expect((await forge.req('GET', url, { token: s.u.token })).status, url).toBe(200);
      expect((await forge.req('GET', url, { token: forge.admin.token })).status, url).toBe(200);
    }
  });
});

describe('GET /repos/{owner}/{repo}/raw/{filepath}', () => {
  const raw = (url: string, headers: Record<string, string> = {}) => forge.app.request(`/api/v1${url}`, { headers });

  it('serves text as text/plain with nosniff, and the exact bytes', async () => {
    const s = await setup();
    const res = await raw(`${s.base}/raw/src/a.ts`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe('export const a = 2;\n');
    const old = await raw(`${s.base}/raw/src/a.ts?ref=v1`);
    expect(await old.text()).toBe('export const a = 1;\n');
    // Gitea's /media (the file, or its LFS object: none here) answers the same.
    const media = await raw(`${s.base}/media/src/a.ts?ref=v1`);
    expect([media.status, media.headers.get('content-type'), await media.text()]).toEqual([200, 'text/plain; charset=utf-8', 'export const a = 1;\n']);
    expect((await raw(`${s.base}/media/src`)).status).toBe(404);
  });

  it('serves images as images, binaries as octet-stream, and never HTML or SVG as a live page', async () => {
    const s = await setup();
    const png = await raw(`${s.base}/raw/logo.png`);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await png.arrayBuffer())).toEqual(PNG);
    const bin = await raw(`${s.base}/raw/blob.bin`);
    expect(bin.headers.get('content-type')).toBe('application/octet-stream');
    expect([...new Uint8Array(await bin.arrayBuffer())]).toEqual([1, 2, 0, 3, 4]);
    const html = await raw(`${s.base}/raw/page.html`);
    expect(html.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const svg = await raw(`${s.base}/raw/pic.svg`);
    expect(svg.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(svg.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('answers 404 for a directory, a missing file or ref, and 304 for a matching ETag', async () => {
    const s = await setup();
    expect((await raw(`${s.base}/raw/src`)).status).toBe(404);
    expect((await raw(`${s.base}/raw/missing.txt`)).status).toBe(404);
    expect((await raw(`${s.base}/raw/src/a.ts?ref=nope`)).status).toBe(404);
    const first = await raw(`${s.base}/raw/README.md`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    expect((await raw(`${s.base}/raw/README.md`, { 'If-None-Match': etag })).status).toBe(304);
  });

  it('also takes the ref as the first path segments, as Gitea does', async () => {
    const s = await setup();
    await gitCli(['branch', 'feature/x', s.first], { cwd: s.dir });
    expect(await (await raw(`${s.base}/raw/v1/src/a.ts`)).text()).toBe('export const a = 1;\n');
    expect(await (await raw(`${s.base}/raw/feature/x/src/a.ts`)).text()).toBe('export const a = 1;\n');
    expect(await (await raw(`${s.base}/raw/${s.first}/src/a.ts`)).text()).toBe('export const a = 1;\n');
    expect(await (await raw(`${s.base}/raw/main/src/a.ts`)).text()).toBe('export const a = 2;\n');
    expect((await raw(`${s.base}/raw/nope/src/a.ts`)).status).toBe(404);
  });

  it('streams a large blob whole', async () => {
    const s = await setup();
    const big = Buffer.alloc(3 * 1024 * 1024 + 17, 'abcdefgh\n');
    await commit(s.dir, 'main', 'big', { 'big.txt': big }, Math.floor(Date.now() / 1000));
    const res = await raw(`${s.base}/raw/big.txt`);
    expect(res.headers.get('content-length')).toBe(String(big.length));
    expect(Buffer.from(await res.arrayBuffer()).equals(big)).toBe(true);
  });
});

// GET /repos/{owner}/{repo}/languages as Gitea: bytes per Linguist language on the default branch,
// keys in alphabetical order; vendored, documentation, configuration and dot files left out; only
// programming and markup languages unless the repository has nothing else.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestForge, uniq } from './helpers.ts';
import { repoDir } from '../src/context.ts';
import { languageStats } from '../src/services/languages.ts';
import { eachLsTreeRecord } from '../src/git/tree.ts';

const forge = await createTestForge();
const { req } = forge;
const b64 = (s: string) => Buffer.from(s).toString('base64');

async function repoWith(files: Record<string, string>, opts: { private?: boolean } = {}) {
  const owner = await forge.user();
  const name = uniq('lang');
  expect((await req('POST', '/user/repos', { token: owner.token, body: { name, private: !!opts.private } })).status).toBe(201);
  const base = `/repos/${owner.name}/${name}`;
  if (Object.keys(files).length) {
    const r = await req('POST', `${base}/contents`, {
      token: owner.token,
      body: { message: 'Files', files: Object.entries(files).map(([path, text]) => ({ operation: 'create', path, content: b64(text) })) },
    });
    expect(r.status).toBe(201);
  }
  return { owner, base };
}

describe('repository languages', () => {
  it('counts the code by language, leaving vendored, docs, config and dot files out', async () => {
    const { base } = await repoWith({
      'src/app.ts': 'export const a = 1;\n',
      'src/types.d.ts': 'declare const b: number;\n',
      'cmd/main.go': 'package main\n\nfunc main() {}\n',
      'web/index.html': '<p>hi</p>\n',
      'README.md': '# Title\n',
      'docs/build.py': 'print("docs")\n',
      'package.json': '{}\n',
      'node_modules/lib/index.js': 'module.exports = 1;\n',
      '.eslintrc.js': 'module.exports = {};\n',
      'web/app.min.js': 'var a=1;\n',
    });
    const r = await req('GET', `${base}/languages`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ Go: 29, HTML: 10, TypeScript: 20 + 25 });
    expect(Object.keys(r.body)).toEqual(['Go', 'HTML', 'TypeScript']);
  });

  it('counts build folders and docs or examples below the top, as Linguist', async () => {
    const { base } = await repoWith({
      'build/ci.go': 'package build\n',
      'internal/docs/gen.go': 'package docs\n',
      'pkg/examples/run.go': 'package examples\n',
      'examples/demo.go': 'package main\n',
      'Documentation/conf.py': 'x = 1\n',
    });
    expect((await req('GET', `${base}/languages`)).body).toEqual({ Go: 14 + 13 + 17 });
  });

  it('falls back to the largest other language, and has none for an empty repository or docs alone', async () => {
    expect((await req('GET', `${(await repoWith({ 'notes.txt': 'some words\n', 'README.md': '# x\n' })).base}/languages`)).body).toEqual({ Text: 11 });
    expect((await req('GET', `${(await repoWith({ 'README.md': '# only docs\n' })).base}/languages`)).body).toEqual({});
    expect((await req('GET', `${(await repoWith({})).base}/languages`)).body).toEqual({});
  });

  it('is not found for who may not read a private repository', async () => {
    const { owner, base } = await repoWith({ 'main.rs': 'fn main() {}\n' }, { private: true });
    const stranger = await forge.user();
    expect((await req('GET', `${base}/languages`, { token: owner.token })).body).toEqual({ Rust: 13 });
    expect((await req('GET', `${base}/languages`, { token: stranger.token })).status).toBe(404);
    expect((await req('GET', `${base}/languages`)).status).toBe(404);
  });

  it('lists a tree once for requests that arrive together', async () => {
    const { owner, base } = await repoWith({ 'lib/a.py': 'x = 1\n' });
    const dir = repoDir(forge.deps.config, owner.name, base.split('/').pop()!);
    const [first, second] = await Promise.all([languageStats(dir, 'main'), languageStats(dir, 'main')]);
    expect(first).toEqual({ Python: 6 });
    // One computation shared, not two equal ones.
    expect(second).toBe(first);
  });

  it('counts a tree whose listing comes in many pieces, names of any script included', async () => {
    // About 200 KB of ls-tree output: git writes it in many chunks, and a name's UTF-8 bytes can
    // fall across two of them.
    const { owner, base } = await repoWith({ 'web/页面.html': '<p>hi</p>\n' });
    // Written straight into the repository in one fast-import: 1,500 files through the API take long.
    const names = Array.from({ length: 1500 }, (_, i) => `src/модуль-ünïcødé-${String(i).padStart(4, '0')}.py`);
    const input = `commit refs/heads/main\ncommitter T <t@example.com> 0 +0000\ndata 4\nbig\nfrom refs/heads/main^0\n${names.map((n) => `M 100644 inline ${n}\ndata 6\nx = 1\n`).join('')}\n`;
    const dir = repoDir(forge.deps.config, owner.name, base.split('/').pop()!);
    execFileSync('git', ['fast-import', '--quiet'], { cwd: dir, input });
    expect((await req('GET', `${base}/languages`)).body).toEqual({ HTML: 10, Python: 1500 * 6 });
    const seen: string[] = [];
    await eachLsTreeRecord(dir, 'main', true, (r) => seen.push(r.slice(r.indexOf('\t') + 1)));
    expect(seen.sort()).toEqual([...names, 'src', 'web', 'web/页面.html'].sort());
  });

  it('fails, and keeps nothing, when git cannot list the tree', async () => {
    const { owner, base } = await repoWith({ 'lib/a.py': 'x = 1\n' });
    const dir = repoDir(forge.deps.config, owner.name, base.split('/').pop()!);
    await expect(eachLsTreeRecord(dir, 'f'.repeat(40), true, () => {})).rejects.toThrow(/ls-tree failed/);
    const seen: string[] = [];
    await eachLsTreeRecord(dir, 'main', true, (r) => seen.push(r.slice(r.indexOf('\t') + 1)));
    expect(seen).toEqual(['lib', 'lib/a.py']);
  });

  it('answers a kept commit again without git (every repository home page asks)', async () => {
    const { owner, base } = await repoWith({ 'lib/a.py': 'x = 1\n' });
    expect((await req('GET', `${base}/languages`)).body).toEqual({ Python: 6 });
    // With the objects out of reach git can resolve nothing: the answer comes from what was kept,
    // found by the branch tip read from the ref files.
    const objects = path.join(repoDir(forge.deps.config, owner.name, base.split('/').pop()!), 'objects');
    fs.renameSync(objects, `${objects}.away`);
    try {
      expect((await req('GET', `${base}/languages`)).body).toEqual({ Python: 6 });
    } finally {
      fs.renameSync(`${objects}.away`, objects);
    }
  });
});

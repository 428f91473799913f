// Code search (issue #21, an extension): git grep over a ref of the bare repository, literal or
// regular expression, case, path filter, paging by files, an option-looking query searched as
// text, 422 for an invalid pattern, 404 for a private repository, and the truncated flag.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { appCaller, createTestForge, uniq } from './helpers.ts';
import { createFixtureRepo, type FixtureCommit } from './git-fixtures.ts';

const forge = await createTestForge();
const owner = await forge.user('owner');
const stranger = await forge.user('stranger');

const history = (): FixtureCommit[] => [
  {
    id: 'c1',
    message: 'first\n',
    files: {
      'README.md': 'Hello World\nsee --output=/tmp/x for details\n',
      'src/a.ts': 'export const hello = 1;\n// HELLO again\nconst x = hello + hello;\n',
      'src/b.ts': 'function greet() { return "hello"; }\n',
      'docs/c.md': 'nothing here\nfoo123bar\n',
    },
    date: 1_700_000_000,
  },
  { id: 'c2', message: 'second\n', files: { 'src/new.ts': 'hello from main only\n' }, date: 1_700_000_100 },
  { id: 'f1', branch: 'old', from: 'c1', message: 'branch\n', files: { 'old.txt': 'hello on old\n' }, date: 1_700_000_200 },
];

async function makeRepo(opts: { private?: boolean } = {}) {
  const name = uniq('cs');
  const r = await createFixtureRepo(forge.deps, owner, name, history(), { private: opts.private });
  return { ...r, base: `/repos/${owner.name}/${name}` };
}

const search = (base: string, qs: string, token?: string) => forge.req('GET', `${base}/search/code?${qs}`, { token });
const paths = (body: any) => body.files.map((f: any) => f.path);

describe('code search', () => {
  it('finds a literal case-insensitively by default, grouped by file with lines and ranges', async () => {
    const { base, shas } = await makeRepo();
    const res = await search(base, 'q=hello');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ query: 'hello', ref: 'main', commit: shas.c2, truncated: false, total_files: 4, total_matches: 6 });
    expect(paths(res.body)).toEqual(['README.md', 'src/a.ts', 'src/b.ts', 'src/new.ts']);
    const a = res.body.files[1];
    expect(a.matches).toEqual([
      { line: 1, text: 'export const hello = 1;', ranges: [[13, 18]] },
      { line: 2, text: '// HELLO again', ranges: [[3, 8]] },
      {
        line: 3,
        text: 'const x = hello + hello;',
        ranges: [
          [10, 15],
          [18, 23],
        ],
      },
    ]);
    expect(res.headers.get('x-total-count')).toBe('4');
  });

  it('honours case, regex, path and ref', async () => {
    const { base } = await makeRepo();
    expect(paths((await search(base, 'q=HELLO&case=true')).body)).toEqual(['src/a.ts']);
    const re = await search(base, `q=${encodeURIComponent('foo\\d+bar')}&regex=true`);
    expect(re.body.files).toEqual([{ path: 'docs/c.md', matches: [{ line: 2, text: 'foo123bar', ranges: [[0, 9]] }] }]);
    // The same text as a literal finds nothing.
    expect((await search(base, `q=${encodeURIComponent('foo\\d+bar')}`)).body.files).toEqual([]);
    expect(paths((await search(base, 'q=hello&path=src/')).body)).toEqual(['src/a.ts', 'src/b.ts', 'src/new.ts']);
    expect(paths((await search(base, `q=hello&path=${encodeURIComponent('*.md')}`)).body)).toEqual(['README.md']);
    const old = await search(base, 'q=hello&ref=old');
    expect(paths(old.body)).toEqual(['README.md', 'old.txt', 'src/a.ts', 'src/b.ts']);
    expect((await search(base, 'q=hello&ref=nope')).status).toBe(404);
  });

  it('pages by files', async () => {
    const { base } = await makeRepo();
    const p1 = await search(base, 'q=hello&limit=2&page=1');
    const p2 = await search(base, 'q=hello&limit=2&page=2');
    expect(paths(p1.body)).toEqual(['README.md', 'src/a.ts']);
    expect(paths(p2.body)).toEqual(['src/b.ts', 'src/new.ts']);
    expect(p1.body.total_files).toBe(4);
    expect(p1.headers.get('link')).toContain('rel="next"');
  });

  it('searches an option-looking query as text and refuses an invalid regular expression', async () => {
    const { base } = await makeRepo();
    const res = await search(base, `q=${encodeURIComponent('--output=/tmp/x')}`);
    expect(res.status).toBe(200);
    expect(res.body.files).toEqual([{ path: 'README.md', matches: [{ line: 2, text: 'see --output=/tmp/x for details', ranges: [[4, 19]] }] }]);
    expect(fs.existsSync('/tmp/x') && fs.statSync('/tmp/x').mtimeMs > Date.now() - 60_000).toBe(false);
    const bad = await search(base, `q=${encodeURIComponent('(unclosed')}&regex=true`);
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(/q: invalid search pattern/);
    expect((await search(base, `q=${encodeURIComponent('a\nb')}`)).status).toBe(422);
    // No query: an empty answer, which tells clients this server searches code.
    expect((await search(base, 'q=')).body).toMatchObject({ files: [], total_files: 0, truncated: false });
  });

  it('answers 404 for a private repository to those who cannot read it', async () => {
    const { base } = await makeRepo({ private: true });
    expect((await search(base, 'q=hello')).status).toBe(404);
    expect((await search(base, 'q=hello', stranger.token)).status).toBe(404);
    expect((await search(base, 'q=hello', owner.token)).status).toBe(200);
  });

  it('stops at the output limit and says the results were truncated', async () => {
    const { base } = await makeRepo();
    const app = createApp({ db: forge.deps.db, config: { ...forge.deps.config, codeSearch: { ...forge.deps.config.codeSearch, maxLines: 3 } } });
    const res = await appCaller(app)('GET', `${base}/search/code?q=hello`);
    expect(res.status).toBe(200);
    expect(res.body.truncated).toBe(true);
    expect(res.body.total_matches).toBe(3);
    expect(paths(res.body)).toEqual(['README.md', 'src/a.ts']);
  });
});

// /{owner}/{repo}/commit/{sha}.patch and .diff: a commit's raw patch and diff as Gitea's web
// routes serve them (plain text, not the web app), with the repository's access rules.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestForge, type TestForge, uniq } from './helpers.ts';
import { createFixtureRepo } from './git-fixtures.ts';

let forge: TestForge;
let alice: Awaited<ReturnType<TestForge['user']>>;
let bob: Awaited<ReturnType<TestForge['user']>>;

beforeAll(async () => {
  forge = await createTestForge();
  alice = await forge.user('alice');
  bob = await forge.user('bob');
});

const web = (path: string) => `http://localhost${path}`;

/** A repository of alice's with an initial commit and a second one adding calc.js. */
async function repoWithTwoCommits(isPrivate = false): Promise<{ full: string; root: string; sha: string }> {
  const name = uniq('patch');
  const { shas } = await createFixtureRepo(
    forge.deps,
    alice,
    name,
    [
      { message: 'Initial commit', id: 'root', files: { 'README.md': '# hello\n' } },
      { message: 'Add calc.js', id: 'calc', files: { 'calc.js': 'export const add = (a, b) => a + b;\n' } },
    ],
    { private: isPrivate },
  );
  return { full: `${alice.name}/${name}`, root: shas.root!, sha: shas.calc! };
}

describe('a commit as .patch and .diff', () => {
  it('serves the format-patch mailbox and the diff against the parent as text/plain', async () => {
    const { full, sha } = await repoWithTwoCommits();
    const patch = await forge.req('GET', web(`/${full}/commit/${sha}.patch`));
    expect(patch.status).toBe(200);
    expect(patch.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(patch.text).toMatch(new RegExp(`^From ${sha} `));
    expect(patch.text).toContain('Subject: [PATCH] Add calc.js');
    expect(patch.text).toContain('+export const add = (a, b) => a + b;');

    const diff = await forge.req('GET', web(`/${full}/commit/${sha.slice(0, 10)}.diff`));
    expect(diff.status).toBe(200);
    expect(diff.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(diff.text).toMatch(/^diff --git a\/calc\.js b\/calc\.js/);
    expect(diff.text).not.toContain('README.md');
    expect(diff.text).toContain('+export const add = (a, b) => a + b;');
  });

  it('serves a root commit whole, and 404s for a SHA the repository does not have', async () => {
    const { full, root } = await repoWithTwoCommits();
    const patch = await forge.req('GET', web(`/${full}/commit/${root}.patch`));
    expect(patch.status).toBe(200);
    expect(patch.text).toContain('README.md');
    const missing = await forge.req('GET', web(`/${full}/commit/${'0'.repeat(40)}.diff`));
    expect(missing.status).toBe(404);
  });

  it('answers 404 on a private repository to anyone who may not read it', async () => {
    const { full, sha } = await repoWithTwoCommits(true);
    expect((await forge.req('GET', web(`/${full}/commit/${sha}.patch`))).status).toBe(404);
    expect((await forge.req('GET', web(`/${full}/commit/${sha}.diff`), { token: bob.token })).status).toBe(404);
    const own = await forge.req('GET', web(`/${full}/commit/${sha}.diff`), { token: alice.token });
    expect(own.status).toBe(200);
    expect(own.text).toContain('calc.js');
  });
});

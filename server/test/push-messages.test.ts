// A push of a branch other than the default one prints where to open a pull request (or the open
// one the branch has), as Gitea's post-receive hook does; git shows those lines as "remote:".
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitClient, listenForge } from './git-over-http.ts';
import { createTestForge, type TestForge, uniq } from './helpers.ts';

let forge: TestForge;
let base: string;
let closeServer: () => void;
let alice: Awaited<ReturnType<TestForge['user']>>;
let bob: Awaited<ReturnType<TestForge['user']>>;
const { git, tmp, cleanup } = gitClient('forge-push-msg-');

beforeAll(async () => {
  forge = await createTestForge();
  ({ base, close: closeServer } = await listenForge(forge));
  alice = await forge.user('alice');
  bob = await forge.user('bob');
});

afterAll(() => {
  closeServer?.();
  cleanup();
});

const remote = (full: string, who: { name: string; token: string }) => `${base.replace('://', `://${who.name}:${who.token}@`)}/${full}.git`;

/** A repository of alice's with a README on main, cloned into a fresh work tree. */
async function cloned(): Promise<{ full: string; wt: string }> {
  const name = uniq('push');
  const res = await forge.req('POST', '/user/repos', { token: alice.token, body: { name, auto_init: true } });
  expect(res.status).toBe(201);
  const full = `${alice.name}/${name}`;
  const wt = path.join(tmp(), 'wt');
  await git(path.dirname(wt), 'clone', remote(full, alice), wt);
  return { full, wt };
}

async function commitOn(wt: string, branch: string, file: string) {
  await git(wt, 'checkout', '-B', branch);
  fs.writeFileSync(path.join(wt, file), `${file}\n`);
  await git(wt, 'add', file);
  await git(wt, 'commit', '-m', `add ${file}`);
}

describe('git push over HTTP tells where to open a pull request', () => {
  it('prints the compare URL for a new branch, and the open pull request once there is one', async () => {
    const { full, wt } = await cloned();
    await commitOn(wt, 'feature/x', 'a.txt');
    const first = await git(wt, 'push', 'origin', 'feature/x');
    expect(first.stderr).toContain("remote: Create a new pull request for 'feature/x':");
    expect(first.stderr).toContain(`remote:   http://localhost:3000/${full}/compare/main...feature/x`);

    const pr = await forge.req('POST', `/repos/${full}/pulls`, { token: alice.token, body: { title: 'X', head: 'feature/x', base: 'main' } });
    expect(pr.status).toBe(201);
    const { number } = pr.body as { number: number };
    await commitOn(wt, 'feature/x', 'b.txt');
    const second = await git(wt, 'push', 'origin', 'feature/x');
    expect(second.stderr).toContain('remote: Visit the existing pull request:');
    expect(second.stderr).toContain(`remote:   http://localhost:3000/${full}/pulls/${number}`);
    expect(second.stderr).not.toContain('Create a new pull request');
  });

  it('prints nothing for the default branch, for a deleted branch, or with pull requests off', async () => {
    const { full, wt } = await cloned();
    await commitOn(wt, 'main', 'c.txt');
    const onMain = await git(wt, 'push', 'origin', 'main');
    expect(onMain.stderr).not.toContain('pull request');

    await commitOn(wt, 'gone', 'd.txt');
    await git(wt, 'push', 'origin', 'gone');
    const deleted = await git(wt, 'push', 'origin', '--delete', 'gone');
    expect(deleted.stderr).not.toContain('pull request');

    const off = await forge.req('PATCH', `/repos/${full}`, { token: alice.token, body: { has_pull_requests: false } });
    expect(off.status).toBe(200);
    await commitOn(wt, 'quiet', 'e.txt');
    const quiet = await git(wt, 'push', 'origin', 'quiet');
    expect(quiet.stderr).not.toContain('pull request');
  });

  it("points a fork's branch at the parent repository, named owner:branch", async () => {
    const { full } = await cloned();
    const fork = await forge.req('POST', `/repos/${full}/forks`, { token: bob.token, body: {} });
    expect(fork.status).toBe(202);
    const { full_name } = fork.body as { full_name: string };
    const wt = path.join(tmp(), 'fork');
    await git(path.dirname(wt), 'clone', remote(full_name, bob), wt);
    await commitOn(wt, 'fix', 'f.txt');
    const pushed = await git(wt, 'push', 'origin', 'fix');
    expect(pushed.stderr).toContain(`remote: Create a new pull request for '${bob.name}:fix':`);
    expect(pushed.stderr).toContain(`remote:   http://localhost:3000/${full}/compare/main...${bob.name}:fix`);
  });
});

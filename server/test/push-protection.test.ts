// Branch protection on git push over HTTP, through the real git CLI against a listening server:
// each rule field refuses with its reason in git's own output and the branch does not move.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exec, gitClient, listenForge } from './git-over-http.ts';
import { createTestForge, type TestForge, uniq } from './helpers.ts';
import { Access, UnitType } from '../src/services/permissions.ts';
import { createRepository } from '../src/services/repos.ts';
import { createUser } from '../src/services/users.ts';
import { addPublicKey } from '../src/services/user-keys.ts';
import { ensureHooksDir } from '../src/git/hooks.ts';

let forge: TestForge;
let base: string;
let closeServer: () => void;
type TestUser = Awaited<ReturnType<TestForge['user']>>;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let dave: TestUser;
const { home, env: gitEnv, git, gitFails, tmp, cleanup } = gitClient('forge-push-home-');

beforeAll(async () => {
  forge = await createTestForge();
  ({ base, close: closeServer } = await listenForge(forge));
  alice = await forge.user('alice');
  bob = await forge.user('bob');
  carol = await forge.user('carol');
  dave = await forge.user('dave');
});

afterAll(() => {
  closeServer?.();
  cleanup();
});

const remote = (full: string, who: TestUser) => `${base.replace('://', `://${who.name}:${who.token}@`)}/${full}.git`;

const userRow = (id: number) => forge.deps.db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The branches of the server's copy, as `git ls-remote` shows them to a client. */
async function lsRemote(full: string, who: TestUser): Promise<Record<string, string>> {
  const { stdout } = await git(home, 'ls-remote', remote(full, who));
  const refs: Record<string, string> = {};
  for (const line of stdout.trim().split('\n').filter(Boolean)) {
    const [sha, ref] = line.split('\t');
    refs[ref!] = sha!;
  }
  return refs;
}

/** alice's repository with one commit on main; bob, carol and dave may write to it. */
async function repoWithCommit(): Promise<{ id: number; full: string; wt: string }> {
  const owner = await userRow(alice.id);
  const name = uniq('repo');
  const row = await createRepository(forge.deps, owner, owner, { name });
  const full = `${alice.name}/${name}`;
  for (const u of [bob, carol, dave]) {
    const res = await forge.req('PUT', `/repos/${full}/collaborators/${u.name}`, { token: alice.token, body: { permission: 'write' } });
    expect(res.status).toBe(204);
  }
  const wt = tmp();
  await git(wt, 'init', '--quiet', '--initial-branch=main');
  fs.writeFileSync(path.join(wt, 'README.md'), '# Hello\n');
  await git(wt, 'add', '.');
  await git(wt, 'commit', '--quiet', '-m', 'Initial commit');
  await git(wt, 'push', '--quiet', remote(full, alice), 'main');
  return { id: row.id, full, wt };
}

async function commit(wt: string, file: string, text: string, ...extra: string[]) {
  fs.writeFileSync(path.join(wt, file), text);
  await git(wt, 'add', '.');
  await git(wt, ...extra, 'commit', '--quiet', '-m', `Change ${file}`);
  return (await git(wt, 'rev-parse', 'HEAD')).stdout.trim();
}

/** Creates a rule through the API (Gitea's CreateBranchProtectionOption field names). */
async function protect(full: string, body: Record<string, unknown>, token = alice.token) {
  const res = await forge.req('POST', `/repos/${full}/branch_protections`, { token, body });
  expect(res.status).toBe(201);
  return res.body;
}

describe('git push to a protected branch', () => {
  it('refuses every push when enable_push is off, names the rule, and moves no ref of the push', async () => {
    const r = await repoWithCommit();
    const before = await lsRemote(r.full, alice);
    await protect(r.full, { rule_name: 'main' });
    await commit(r.wt, 'a.txt', 'a\n');
    await git(r.wt, 'branch', 'feature');
    const err = await gitFails(r.wt, 'push', remote(r.full, alice), 'main', 'feature');
    expect(err).toContain('remote: Not allowed to push to protected branch main (protection rule "main")');
    expect(err).toContain('! [remote rejected] main -> main (pre-receive hook declined)');
    // One refusal refuses the whole push, as git does for a pre-receive hook.
    expect(err).toContain('! [remote rejected] feature -> feature (pre-receive hook declined)');
    expect(await lsRemote(r.full, alice)).toEqual(before);
    const acts = await forge.deps.db.selectFrom('action').select('op_type').where('repo_id', '=', r.id).where('op_type', '=', 'commit_repo').execute();
    expect(acts).toHaveLength(1); // the first push only
  });

  it('still takes pushes to an unprotected branch of the same repository', async () => {
    const r = await repoWithCommit();
    await protect(r.full, { rule_name: 'main' });
    await git(r.wt, 'checkout', '--quiet', '-b', 'feature');
    const sha = await commit(r.wt, 'b.txt', 'b\n');
    await git(r.wt, 'push', '--quiet', remote(r.full, bob), 'feature');
    expect((await lsRemote(r.full, alice))['refs/heads/feature']).toBe(sha);
  });

  it('takes a fast-forward to a protected branch that enables push, with its usual effects', async () => {
    const r = await repoWithCommit();
    await protect(r.full, { rule_name: 'main', enable_push: true });
    const sha = await commit(r.wt, 'c.txt', 'c\n');
    await git(r.wt, 'push', '--quiet', remote(r.full, bob), 'main');
    expect((await lsRemote(r.full, alice))['refs/heads/main']).toBe(sha);
    const acts = await forge.deps.db
      .selectFrom('action')
      .select(['op_type', 'user_id', 'act_user_id'])
      .where('repo_id', '=', r.id)
      .where('op_type', '=', 'commit_repo')
      .execute();
    expect(acts.filter((a) => a.act_user_id === bob.id)).not.toHaveLength(0);
  });

  it('refuses a force push unless the rule allows it, and then only to the force-push allowlist', async () => {
    const r = await repoWithCommit();
    await protect(r.full, { rule_name: 'main', enable_push: true });
    await commit(r.wt, 'd.txt', 'd\n');
    await git(r.wt, 'push', '--quiet', remote(r.full, alice), 'main');
    const before = await lsRemote(r.full, alice);
    await git(r.wt, 'reset', '--quiet', '--hard', 'HEAD~1');
    const rewritten = await commit(r.wt, 'e.txt', 'e\n');

    let err = await gitFails(r.wt, 'push', '--force', remote(r.full, alice), 'main');
    expect(err).toContain('remote: Branch main is protected from force push (protection rule "main")');
    expect(err).toContain('! [remote rejected] main -> main (pre-receive hook declined)');
    expect(await lsRemote(r.full, alice)).toEqual(before);

    const edit = await forge.req('PATCH', `/repos/${r.full}/branch_protections/main`, {
      token: alice.token,
      body: { enable_force_push: true, enable_force_push_allowlist: true, force_push_allowlist_usernames: [carol.name] },
    });
    expect(edit.status).toBe(200);
    err = await gitFails(r.wt, 'push', '--force', remote(r.full, alice), 'main');
    expect(err).toContain('remote: Not allowed to force-push to protected branch main (protection rule "main")');
    expect(await lsRemote(r.full, alice)).toEqual(before);

    await git(r.wt, 'push', '--quiet', '--force', remote(r.full, carol), 'main');
    expect((await lsRemote(r.full, alice))['refs/heads/main']).toBe(rewritten);
  });

  it('refuses deleting a protected branch, and the default branch whether protected or not', async () => {
    const r = await repoWithCommit();
    await git(r.wt, 'push', '--quiet', remote(r.full, alice), 'main:release/1.0');
    await protect(r.full, { rule_name: 'release/*', enable_push: true, enable_force_push: true });
    const before = await lsRemote(r.full, alice);
    let err = await gitFails(r.wt, 'push', remote(r.full, alice), ':release/1.0');
    expect(err).toContain('remote: Branch release/1.0 is protected from deletion (protection rule "release/*")');
    expect(err).toContain('! [remote rejected] release/1.0 (pre-receive hook declined)');
    err = await gitFails(r.wt, 'push', remote(r.full, alice), ':main');
    expect(err).toContain('remote: Branch main is the default branch and cannot be deleted');
    expect(await lsRemote(r.full, alice)).toEqual(before);
  });

  it('still refuses when the hook file has gone missing (git would skip a missing hook)', async () => {
    const r = await repoWithCommit();
    await protect(r.full, { rule_name: 'main' });
    fs.rmSync(path.join(ensureHooksDir(forge.dataDir), 'pre-receive'));
    await commit(r.wt, 'g.txt', 'g\n');
    const before = await lsRemote(r.full, alice);
    expect(await gitFails(r.wt, 'push', remote(r.full, alice), 'main')).toContain('remote: Not allowed to push to protected branch main');
    expect(await lsRemote(r.full, alice)).toEqual(before);
  });

  it('refuses pushes to pull request refs', async () => {
    const r = await repoWithCommit();
    const before = await lsRemote(r.full, alice);
    const err = await gitFails(r.wt, 'push', remote(r.full, alice), 'HEAD:refs/pull/1/head');
    expect(err).toContain('remote: refs/pull/1/head belongs to a pull request and cannot be pushed');
    expect(err).toContain('(pre-receive hook declined)');
    expect(await lsRemote(r.full, alice)).toEqual(before);
  });

  it('matches rules as the rest of the server does: a plain name ignores case, priority decides among globs', async () => {
    const r = await repoWithCommit();
    await git(r.wt, 'push', '--quiet', remote(r.full, alice), 'main:release/2.0', 'main:release/lts');
    await protect(r.full, { rule_name: 'MAIN' });
    await protect(r.full, { rule_name: 'release/*', enable_push: true });
    await protect(r.full, { rule_name: 'release/{lts,stable}', priority: 5 });
    await commit(r.wt, 'f.txt', 'f\n');
    expect(await gitFails(r.wt, 'push', remote(r.full, alice), 'main')).toContain('protected branch main (protection rule "MAIN")');
    expect(await gitFails(r.wt, 'push', remote(r.full, alice), 'HEAD:release/lts')).toContain(
      'Not allowed to push to protected branch release/lts (protection rule "release/{lts,stable}")',
    );
    await git(r.wt, 'push', '--quiet', remote(r.full, alice), 'HEAD:release/2.0');
  });
});

describe('protected and unprotected file patterns', () => {
  it('refuses a push that changes a protected file, whoever pushes; `*` stops at a dot as in Gitea', async () => {
    const r = await repoWithCommit();
    await protect(r.full, { rule_name: 'main', enable_push: true, protected_file_patterns: 'config/*.lock; Docs/**' });
    const before = await lsRemote(r.full, alice);
    fs.mkdirSync(path.join(r.wt, 'config'));
    await commit(r.wt, 'config/App.lock', 'x\n');
    const err = await gitFails(r.wt, 'push', remote(r.full, alice), 'main');
    expect(err).toContain('remote: Branch main is protected from changing file config/app.lock (protection rule "main")');
    expect(await lsRemote(r.full, alice)).toEqual(before);

    // config/app.v2.lock has a second dot, which `*` does not cross: not protected.
    await git(r.wt, 'reset', '--quiet', '--hard', 'HEAD~1');
    fs.mkdirSync(path.join(r.wt, 'config'), { recursive: true });
    const sha = await commit(r.wt, 'config/app.v2.lock', 'y\n');
    await git(r.wt, 'push', '--quiet', remote(r.full, alice), 'main');
    expect((await lsRemote(r.full, alice))['refs/heads/main']).toBe(sha);
  });

  it('checks a new protected branch against where it leaves the existing branches', async () => {
    const r = await repoWithCommit();
    await commit(r.wt, 'secret.txt', 'old\n');
    await git(r.wt, 'push', '--quiet', remote(r.full, alice), 'main');
    await protect(r.full, { rule_name: 'release/*', enable_push: true, protected_file_patterns: 'secret.txt' });
    // The branch starts where main is: its history changed secret.txt, but the branch itself changes nothing.
    await git(r.wt, 'push', '--quiet', remote(r.full, alice), 'main:release/1');
    await commit(r.wt, 'secret.txt', 'new\n');
    const err = await gitFails(r.wt, 'push', remote(r.full, alice), 'HEAD:release/2');
    expect(err).toContain('remote: Branch release/2 is protected from changing file secret.txt (protection rule "release/*")');
    const refs = await lsRemote(r.full, alice);
    expect(refs['refs/heads/release/1']).toBe(refs['refs/heads/main']);
    expect(refs['refs/heads/release/2']).toBeUndefined();
  });

  it('lets someone who may not push change only unprotected files', async () => {
    const r = await repoWithCommit();
    await protect(r.full, { rule_name: 'main', unprotected_file_patterns: 'docs/**' });
    fs.mkdirSync(path.join(r.wt, 'docs', 'guide'), { recursive: true });
    const docs = await commit(r.wt, 'docs/guide/intro.md', 'Hi\n');
    await git(r.wt, 'push', '--quiet', remote(r.full, bob), 'main');
    expect((await lsRemote(r.full, alice))['refs/heads/main']).toBe(docs);

    await commit(r.wt, 'README.md', '# Changed\n');
    const err = await gitFails(r.wt, 'push', remote(r.full, bob), 'main');
    expect(err).toContain('remote: Not allowed to push to protected branch main (protection rule "main")');
    expect((await lsRemote(r.full, alice))['refs/heads/main']).toBe(docs);
  });
});

describe('push whitelist', () => {
  it('lets only listed users and members of listed teams push', async () => {
    // An organization's repository: bob and carol write through one team, dave through another.
    const { db } = forge.deps;
    const orgName = uniq('org');
    const org = await createUser(db, { username: orgName, email: `${orgName}@example.com`, password: 'x'.repeat(12) });
    await db.updateTable('user').set({ type: 1 }).where('id', '=', org.id).execute();
    const orgRow = await userRow(org.id);
    const name = uniq('repo');
    const siteAdmin = await db.selectFrom('user').selectAll().where('name', '=', forge.admin.name).executeTakeFirstOrThrow();
    const repo = await createRepository(forge.deps, siteAdmin, orgRow, { name });
    const full = `${orgName}/${name}`;
    const team = async (teamName: string, members: TestUser[]) => {
      const t = await db
        .insertInto('team')
        .values({
          org_id: org.id,
          lower_name: teamName,
          name: teamName,
          description: '',
          authorize: Access.write,
          num_repos: 1,
          num_members: members.length,
          includes_all_repositories: 0,
          can_create_org_repo: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('team_unit').values({ org_id: org.id, team_id: t.id, type: UnitType.code, access_mode: Access.write }).execute();
      await db.insertInto('team_repo').values({ org_id: org.id, team_id: t.id, repo_id: repo.id }).execute();
      for (const m of members) {
        await db.insertInto('team_user').values({ org_id: org.id, team_id: t.id, uid: m.id }).execute();
        await db
          .insertInto('org_user')
          .values({ org_id: org.id, uid: m.id, is_public: 0 })
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      return t.id;
    };
    await team('writers', [bob, carol]);
    await team('releasers', [dave]);

    const wt = tmp();
    await git(wt, 'init', '--quiet', '--initial-branch=main');
    await commit(wt, 'README.md', '# Org\n');
    await git(wt, 'push', '--quiet', remote(full, bob), 'main');
    await protect(
      full,
      { rule_name: 'main', enable_push: true, enable_push_whitelist: true, push_whitelist_usernames: [carol.name], push_whitelist_teams: ['releasers'] },
      forge.admin.token,
    );

    const one = await commit(wt, 'one.txt', '1\n');
    const before = await lsRemote(full, bob);
    const err = await gitFails(wt, 'push', remote(full, bob), 'main');
    expect(err).toContain('remote: Not allowed to push to protected branch main (protection rule "main")');
    expect(await lsRemote(full, bob)).toEqual(before);

    await git(wt, 'push', '--quiet', remote(full, carol), 'main');
    expect((await lsRemote(full, bob))['refs/heads/main']).toBe(one);
    const two = await commit(wt, 'two.txt', '2\n');
    await git(wt, 'push', '--quiet', remote(full, dave), 'main');
    expect((await lsRemote(full, bob))['refs/heads/main']).toBe(two);
  });
});

describe('require_signed_commits', () => {
  async function sshKey(dir: string) {
    const key = path.join(dir, 'id_ed25519');
    await exec('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'test', '-f', key]);
    return { key, pub: fs.readFileSync(`${key}.pub`, 'utf8') };
  }
  const signing = (key: string, email: string) => [
    '-c',
    'gpg.format=ssh',
    '-c',
    `user.signingkey=${key}`,
    '-c',
    'commit.gpgsign=true',
    '-c',
    `user.email=${email}`,
  ];

  it("refuses unsigned commits and commits signed with a key nobody registered; takes the committer's own signed commits", async () => {
    const r = await repoWithCommit();
    // An update of main checks the commits it adds (Gitea's verifyCommits: old...new).
    await protect(r.full, { rule_name: 'main', enable_push: true, require_signed_commits: true });
    const before = await lsRemote(r.full, alice);

    const unsigned = await commit(r.wt, 'u.txt', 'u\n');
    let err = await gitFails(r.wt, 'push', remote(r.full, alice), 'main');
    expect(err).toContain(`remote: Branch main is protected from unverified commit ${unsigned} (protection rule "main")`);
    expect(await lsRemote(r.full, alice)).toEqual(before);

    await git(r.wt, 'reset', '--quiet', '--hard', 'HEAD~1');
    const keys = tmp();
    const mine = await sshKey(keys);
    const aliceEmail = (await userRow(alice.id)).email;
    // Signed, but with a key that is nobody's here: unverifiable, so refused.
    const stranger = await commit(r.wt, 's.txt', 's\n', ...signing(mine.key, aliceEmail));
    expect((await git(r.wt, 'cat-file', '-p', stranger)).stdout).toContain('-----BEGIN SSH SIGNATURE-----');
    err = await gitFails(r.wt, 'push', remote(r.full, alice), 'main');
    expect(err).toContain(`remote: Branch main is protected from unverified commit ${stranger}`);
    expect(await lsRemote(r.full, alice)).toEqual(before);

    // The same key registered to alice: her signed commit is verified and the push goes through.
    await addPublicKey(forge.deps.db, alice.id, 'signing', mine.pub);
    await git(r.wt, 'push', '--quiet', remote(r.full, alice), 'main');
    expect((await lsRemote(r.full, alice))['refs/heads/main']).toBe(stranger);

    // Signed with alice's key but committed as someone else: not the committer's key, refused.
    const other = await commit(r.wt, 'o.txt', 'o\n', ...signing(mine.key, 'someone@example.com'));
    err = await gitFails(r.wt, 'push', remote(r.full, alice), 'main');
    expect(err).toContain(`remote: Branch main is protected from unverified commit ${other}`);
    expect((await lsRemote(r.full, alice))['refs/heads/main']).toBe(stranger);
  });

  it('refuses an OpenPGP-signed commit: no OpenPGP key is registered here, so it cannot be verified', async () => {
    const r = await repoWithCommit();
    await protect(r.full, { rule_name: 'main', enable_push: true, require_signed_commits: true });
    const gnupg = tmp();
    fs.chmodSync(gnupg, 0o700);
    const aliceEmail = (await userRow(alice.id)).email;
    const env = { ...gitEnv, GNUPGHOME: gnupg };
    await exec('gpg', ['--batch', '--passphrase', '', '--quick-gen-key', `Alice <${aliceEmail}>`, 'ed25519', 'sign', 'never'], { env });
    fs.writeFileSync(path.join(r.wt, 'p.txt'), 'p\n');
    await exec('git', ['add', '.'], { cwd: r.wt, env });
    await exec('git', ['-c', `user.email=${aliceEmail}`, '-c', `user.signingkey=${aliceEmail}`, 'commit', '--quiet', '-S', '-m', 'Signed with OpenPGP'], {
      cwd: r.wt,
      env,
    });
    const sha = (await git(r.wt, 'rev-parse', 'HEAD')).stdout.trim();
    expect((await git(r.wt, 'cat-file', '-p', sha)).stdout).toContain('-----BEGIN PGP SIGNATURE-----');
    const before = await lsRemote(r.full, alice);
    const err = await gitFails(r.wt, 'push', remote(r.full, alice), 'main');
    expect(err).toContain(`remote: Branch main is protected from unverified commit ${sha} (protection rule "main")`);
    expect(await lsRemote(r.full, alice)).toEqual(before);
  });
});

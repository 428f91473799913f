// Shared set-up for the pull request tests: a repository with real branches, commits added the way a
// push adds them, and the push hook run exactly as git receive-pack runs it.
import type { TestForge } from './helpers.ts';
import { uniq } from './helpers.ts';
import { ALICE, createFixtureRepo, type FixtureCommit } from './git-fixtures.ts';
import { gitCli } from './git-cli.ts';
import { applyPushEffects, snapshotRefs } from '../src/services/pulls/push.ts';

/**
 * main: c1 - c2 (main.txt); feature: from c1, f1 (a.txt) - f2 (b.txt, README.md changed on the
 * last line, old.txt renamed to new.txt, gone.txt deleted); clash: from c1, edits the README line
 * main's c2 edits; docs/x: from c2, one commit.
 */
export const pullHistory = (): FixtureCommit[] => [
  { id: 'c1', message: 'Initial\n', author: ALICE, files: { 'README.md': 'one\ntwo\n', 'old.txt': 'keep\nthese\nlines\n', 'gone.txt': 'x\n' } },
  { id: 'c2', message: 'Main work\n', author: ALICE, files: { 'main.txt': 'm\n', 'README.md': 'one from main\ntwo\n' } },
  { id: 'f1', branch: 'feature', from: 'c1', message: 'Feature one\n', author: ALICE, files: { 'a.txt': 'a\n' } },
  {
    id: 'f2',
    branch: 'feature',
    message: 'Feature two\n',
    author: ALICE,
    files: { 'b.txt': 'b\nb2\n', 'README.md': 'one\ntwo\nthree\n', 'old.txt': null, 'new.txt': 'keep\nthese\nlines\n', 'gone.txt': null },
  },
  { id: 'k1', branch: 'clash', from: 'c1', message: 'Clash\n', author: ALICE, files: { 'README.md': 'one from clash\ntwo\n' } },
  { id: 'd1', branch: 'docs/x', from: 'c2', message: 'Docs\n', author: ALICE, files: { 'docs.md': 'd\n' } },
];

export async function pullRepo(forge: TestForge, owner: { id: number; name: string }, opts: { private?: boolean } = {}) {
  const name = uniq('prs');
  const r = await createFixtureRepo(forge.deps, owner, name, pullHistory(), { private: opts.private });
  return { ...r, name, base: `/repos/${owner.name}/${name}` };
}

const ident = (t: number) => `${ALICE.name} <${ALICE.email}> ${t} +0000`;
const data = (s: string) => `data ${Buffer.byteLength(s)}\n${s}\n`;
let clock = 1_800_000_000;

/** Writes one commit on `branch` on top of `parent` (any commit: a non-fast-forward is a force push). */
export async function writeCommit(dir: string, branch: string, parent: string, files: Record<string, string | null>, message = 'More work\n'): Promise<string> {
  const t = (clock += 60);
  let stream = `commit refs/heads/${branch}\ncommitter ${ident(t)}\n${data(message)}from ${parent}\n`;
  for (const [path, content] of Object.entries(files)) stream += content === null ? `D ${path}\n` : `M 100644 inline ${path}\n${data(content)}`;
  await gitCli(['fast-import', '--quiet', '--force'], { cwd: dir, input: `${stream}\n` });
  return (await gitCli(['rev-parse', `refs/heads/${branch}`], { cwd: dir })).trim();
}

/** Moves refs like a push and runs the push hook as git receive-pack does (snapshot before and after). */
export async function pushLike(forge: TestForge, repoId: number, dir: string, pusherId: number, move: () => Promise<unknown>) {
  const before = await snapshotRefs(dir);
  await move();
  const after = await snapshotRefs(dir);
  const repo = await forge.deps.db.selectFrom('repository').selectAll().where('id', '=', repoId).executeTakeFirstOrThrow();
  const pusher = await forge.deps.db.selectFrom('user').selectAll().where('id', '=', pusherId).executeTakeFirstOrThrow();
  return applyPushEffects(forge.deps, repo, before, after, pusher);
}

export const refSha = async (dir: string, ref: string) => (await gitCli(['rev-parse', '--verify', '--quiet', ref], { cwd: dir }).catch(() => '')).trim();

/** Events of one kind on a pull request's timeline, straight from the comment table. */
export async function events(forge: TestForge, repoId: number, index: number, type: number) {
  const issue = await forge.deps.db.selectFrom('issue').select('id').where('repo_id', '=', repoId).where('index', '=', index).executeTakeFirstOrThrow();
  return forge.deps.db.selectFrom('comment').selectAll().where('issue_id', '=', issue.id).where('type', '=', type).orderBy('id').execute();
}

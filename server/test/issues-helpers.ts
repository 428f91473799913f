// Shared set-up for the issue tests: users and repositories made through the real services.
import type { TestForge } from './helpers.ts';
import { uniq } from './helpers.ts';
import { createRepository } from '../src/services/repos.ts';

export async function userRow(forge: TestForge, name: string) {
  return forge.deps.db.selectFrom('user').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
}

/** A user with a fresh repository of their own. */
export async function ownerWithRepo(forge: TestForge, opts: { private?: boolean } = {}) {
  const owner = await forge.user('owner');
  const row = await userRow(forge, owner.name);
  const repo = await createRepository(forge.deps, row, row, { name: uniq('repo'), private: opts.private });
  return { owner, repo, base: `/repos/${owner.name}/${repo.name}` };
}

export async function archive(forge: TestForge, repoId: number) {
  await forge.deps.db.updateTable('repository').set({ is_archived: 1 }).where('id', '=', repoId).execute();
}

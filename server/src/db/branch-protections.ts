// Branch protection rules (protected_branch rows) and the users and teams their lists name.
import type { Db } from './types.ts';
import type { NewProtectedBranch, ProtectedBranchRow } from './schema.ts';

export function findRuleByName(db: Db, repoId: number, name: string): Promise<ProtectedBranchRow | undefined> {
  return db.selectFrom('protected_branch').selectAll().where('repo_id', '=', repoId).where('rule_name', '=', name).executeTakeFirst();
}

/** Only the id of the rule named exactly `name`. */
export function findRuleIdByName(db: Db, repoId: number, name: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('protected_branch').select('id').where('repo_id', '=', repoId).where('rule_name', '=', name).executeTakeFirst();
}

/** A repository's rules, unordered (the caller sorts them by precedence). */
export function listRepoRules(db: Db, repoId: number): Promise<ProtectedBranchRow[]> {
  return db.selectFrom('protected_branch').selectAll().where('repo_id', '=', repoId).execute();
}

export function getRuleById(db: Db, id: number): Promise<ProtectedBranchRow> {
  return db.selectFrom('protected_branch').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function insertRule(db: Db, values: NewProtectedBranch): Promise<number> {
  const { id } = await db.insertInto('protected_branch').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateRule(db: Db, id: number, set: Partial<ProtectedBranchRow>): Promise<void> {
  await db.updateTable('protected_branch').set(set).where('id', '=', id).execute();
}

/** Sets a rule's priority, when it is a rule of the repository. */
export async function updateRulePriority(db: Db, repoId: number, id: number, priority: number): Promise<void> {
  await db.updateTable('protected_branch').set({ priority }).where('id', '=', id).where('repo_id', '=', repoId).execute();
}

export async function deleteRuleRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('protected_branch').where('id', '=', id).execute();
}

/** A team of the organization by name (any case). */
export function findTeamIdByName(db: Db, orgId: number, name: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('team').select('id').where('org_id', '=', orgId).where('lower_name', '=', name.toLowerCase()).executeTakeFirst();
}

/** Which of `ids` are teams of the organization, and whether each includes all repositories. */
export function listOrgTeamsIn(db: Db, orgId: number, ids: number[]): Promise<Array<{ id: number; includes_all_repositories: number }>> {
  return db.selectFrom('team').select(['id', 'includes_all_repositories']).where('id', 'in', ids).where('org_id', '=', orgId).execute();
}

/** Which of the teams `ids` the repository is linked to. */
export async function listLinkedTeamIds(db: Db, repoId: number, ids: number[]): Promise<number[]> {
  return (await db.selectFrom('team_repo').select('team_id').where('repo_id', '=', repoId).where('team_id', 'in', ids).execute()).map((r) => r.team_id);
}

/** Names of users or teams by id. */
export function listNamesByIds(db: Db, table: 'user' | 'team', ids: number[]): Promise<Array<{ id: number; name: string }>> {
  return db.selectFrom(table).select(['id', 'name']).where('id', 'in', ids).execute();
}

/** Whether the user is a member of one of the teams. */
export async function isInTeams(db: Db, uid: number, teamIds: number[]): Promise<boolean> {
  const hit = await db.selectFrom('team_user').select('id').where('uid', '=', uid).where('team_id', 'in', teamIds).executeTakeFirst();
  return !!hit;
}

// The queries behind repository permissions (services/permissions.ts): a user's collaboration
// modes and teams in a repository, the team units, and the SQL twins of its rules that restrict
// lists (readableRepo, visibleUser). The access-mode and unit numbers as stored live here too.
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Db } from './types.ts';
import type { Database, RepoRow, UserRow } from './schema.ts';

/** 0 none, 1 read, 2 write, 3 admin, 4 owner (as Gitea's perm.AccessMode). */
export type AccessMode = 0 | 1 | 2 | 3 | 4;
export const Access = { none: 0, read: 1, write: 2, admin: 3, owner: 4 } as const;

/** Repository units a team grants one by one; settings is admin access (Gitea has no settings unit). */
export type Unit = 'code' | 'issues' | 'pulls' | 'releases' | 'wiki';
export const UNITS: readonly Unit[] = ['code', 'issues', 'pulls', 'releases', 'wiki'];
/** Gitea's unit.Type numbers, stored in team_unit.type. */
export const UnitType: Record<Unit, number> = { code: 1, issues: 2, pulls: 3, releases: 4, wiki: 5 };

/** The teams of `uid` in `repo`'s organization that cover the repository. */
export async function listUserRepoTeams(db: Db, repo: Pick<RepoRow, 'id' | 'owner_id'>, uid: number) {
  return db
    .selectFrom('team_user')
    .innerJoin('team', 'team.id', 'team_user.team_id')
    .select(['team.id', 'team.authorize'])
    .where('team_user.uid', '=', uid)
    .where('team.org_id', '=', repo.owner_id)
    .where((eb) =>
      eb.or([
        eb('team.authorize', '>=', Access.owner),
        eb('team.includes_all_repositories', '=', 1),
        eb.exists(eb.selectFrom('team_repo').select('team_repo.id').whereRef('team_repo.team_id', '=', 'team.id').where('team_repo.repo_id', '=', repo.id)),
      ]),
    )
    .execute();
}

/** The user's collaboration modes on these repositories. */
export function listCollaborationModes(db: Db, userId: number, repoIds: number[]): Promise<{ repo_id: number; mode: number }[]> {
  return db.selectFrom('collaboration').select(['repo_id', 'mode']).where('user_id', '=', userId).where('repo_id', 'in', repoIds).execute();
}

/** The user's collaboration mode on the repository, if a collaborator. */
export async function findCollaborationMode(db: Db, repoId: number, userId: number): Promise<number | undefined> {
  return (await db.selectFrom('collaboration').select('mode').where('repo_id', '=', repoId).where('user_id', '=', userId).executeTakeFirst())?.mode;
}

/** The unit modes of these teams. */
export function listTeamsUnitModes(db: Db, teamIds: number[]): Promise<{ type: number; access_mode: number }[]> {
  return db.selectFrom('team_unit').select(['type', 'access_mode']).where('team_id', 'in', teamIds).execute();
}

/** Whether `viewerId` is a member of organization `uId`, or of an organization `uId` is a member of. */
export async function sharesOrganization(db: Db, viewerId: number, uId: number): Promise<boolean> {
  const shared = await db
    .selectFrom('org_user')
    .select('org_user.id')
    .where('org_user.uid', '=', viewerId)
    .where((eb) =>
      eb.or([eb('org_user.org_id', '=', uId), eb('org_user.org_id', 'in', eb.selectFrom('org_user as o2').select('o2.org_id').where('o2.uid', '=', uId))]),
    )
    .executeTakeFirst();
  return !!shared;
}

/**
 * Restricts a query over `repository` to rows `viewer` may read at all (any unit): the same rules
 * as services/permissions.ts's repoPermission(), as SQL, so that paging and totals stay right.
 */
export function readableRepo(viewer: UserRow | null) {
  return (eb: ExpressionBuilder<Database, 'repository'>): Expression<SqlBool> => {
    if (viewer?.is_admin === 1) return eb.lit(true);
    const owner = () => eb.selectFrom('user as owner').select('owner.id').whereRef('owner.id', '=', 'repository.owner_id');
    if (!viewer) return eb.and([eb('repository.is_private', '=', 0), eb.exists(owner().where('owner.visibility', '=', 'public'))]);

    const restricted = viewer.restricted === 1;
    const member = eb.exists(
      eb.selectFrom('org_user').select('org_user.id').whereRef('org_user.org_id', '=', 'repository.owner_id').where('org_user.uid', '=', viewer.id),
    );
    const ownerVisible = restricted ? member : eb.or([eb.exists(owner().where('owner.visibility', '!=', 'private')), member]);
    const publicRead = restricted
      ? eb.and([eb('repository.is_private', '=', 0), eb.exists(owner().where('owner.type', '!=', 1).where('owner.visibility', '=', 'public'))])
      : eb('repository.is_private', '=', 0);
    const team = eb.exists(
      eb
        .selectFrom('team_user')
        .innerJoin('team', 'team.id', 'team_user.team_id')
        .select('team.id')
        .where('team_user.uid', '=', viewer.id)
        .whereRef('team.org_id', '=', 'repository.owner_id')
        .where((t) =>
          t.and([
            t.exists(owner().where('owner.type', '=', 1)),
            t.or([
              t('team.authorize', '>=', Access.owner),
              t('team.includes_all_repositories', '=', 1),
              t.exists(
                t
                  .selectFrom('team_repo')
                  .select('team_repo.id')
                  .whereRef('team_repo.team_id', '=', 'team.id')
                  .whereRef('team_repo.repo_id', '=', 'repository.id'),
              ),
            ]),
            t.or([
              t('team.authorize', '>=', Access.admin),
              t.exists(
                t
                  .selectFrom('team_unit')
                  .select('team_unit.id')
                  .whereRef('team_unit.team_id', '=', 'team.id')
                  .where('team_unit.access_mode', '>=', Access.read)
                  .where(
                    'team_unit.type',
                    'in',
                    UNITS.map((u) => UnitType[u]),
                  ),
              ),
            ]),
          ]),
        ),
    );
    const collaborator = eb.exists(
      eb
        .selectFrom('collaboration')
        .select('collaboration.id')
        .whereRef('collaboration.repo_id', '=', 'repository.id')
        .where('collaboration.user_id', '=', viewer.id)
        .where('collaboration.mode', '>=', Access.read),
    );
    return eb.or([eb('repository.owner_id', '=', viewer.id), collaborator, eb.and([ownerVisible, eb.or([publicRead, team])])]);
  };
}

/** userVisibleTo() as SQL over `user`, for user lists and searches. */
export function visibleUser(viewer: UserRow | null) {
  return (eb: ExpressionBuilder<Database, 'user'>): Expression<SqlBool> => {
    if (viewer?.is_admin === 1) return eb.lit(true);
    if (!viewer || viewer.restricted === 1) {
      return viewer ? eb.or([eb('user.visibility', '=', 'public'), eb('user.id', '=', viewer.id)]) : eb('user.visibility', '=', 'public');
    }
    return eb.or([
      eb('user.visibility', '!=', 'private'),
      eb('user.id', '=', viewer.id),
      eb('user.id', 'in', eb.selectFrom('org_user').select('org_user.org_id').where('org_user.uid', '=', viewer.id)),
      eb(
        'user.id',
        'in',
        eb
          .selectFrom('org_user')
          .select('org_user.uid')
          .where('org_user.org_id', 'in', eb.selectFrom('org_user as o2').select('o2.org_id').where('o2.uid', '=', viewer.id)),
      ),
    ]);
  };
}

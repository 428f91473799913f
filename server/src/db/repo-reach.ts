// GET /repos/search?uid=: the repositories a user owns and those they reach otherwise, as Gitea's
// SearchRepositoryCondition builds it for OwnerID with Collaborate (models/repo/repo_list.go).
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from './schema.ts';
import { int32OrNone } from './dialect.ts';
import { Access } from './permissions.ts';

export interface ReachOptions {
  /** None: owned and collaborations; false: owned only (exclusive); true: collaborations only (mode=collaborative). */
  collaborate?: boolean;
  /** The caller is signed in and did not ask private=false: organizations where uid is a private member count too. */
  includePrivate: boolean;
}

/** The condition over `repository` for `uid` (the readable-by-the-caller filter still applies on top). */
export function reachedBy(uidValue: number, o: ReachOptions) {
  const uid = int32OrNone(uidValue);
  return (eb: ExpressionBuilder<Database, 'repository'>): Expression<SqlBool> => {
    const owned = eb('repository.owner_id', '=', uid);
    if (o.collaborate === false) return owned;
    // A. a collaborator; B. in a team of the owning organization that has the repository;
    // C. a public repository of an organization uid belongs to.
    const collaborator = eb.exists(
      eb
        .selectFrom('collaboration')
        .select('collaboration.id')
        .whereRef('collaboration.repo_id', '=', 'repository.id')
        .where('collaboration.user_id', '=', uid)
        .where('collaboration.mode', '>', Access.none),
    );
    const team = eb.exists(
      eb
        .selectFrom('team_user')
        .innerJoin('team', 'team.id', 'team_user.team_id')
        .select('team.id')
        .where('team_user.uid', '=', uid)
        .whereRef('team.org_id', '=', 'repository.owner_id')
        .where((t) =>
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
        ),
    );
    const orgPublic = eb.and([
      eb('repository.is_private', '=', 0),
      eb.exists(eb.selectFrom('org_user').select('org_user.id').whereRef('org_user.org_id', '=', 'repository.owner_id').where('org_user.uid', '=', uid)),
    ]);
    const parts = [eb('repository.owner_id', '!=', uid), eb.or([collaborator, team, orgPublic])];
    if (!o.includePrivate) {
      // Gitea: "owner_id NOT IN (SELECT org_id FROM org_user WHERE uid = ? AND is_public = false)".
      parts.push(
        eb(
          'repository.owner_id',
          'not in',
          eb.selectFrom('org_user').select('org_user.org_id').where('org_user.uid', '=', uid).where('org_user.is_public', '=', 0),
        ),
      );
    }
    const collaborations = eb.and(parts);
    return o.collaborate === true ? collaborations : eb.or([owned, collaborations]);
  };
}

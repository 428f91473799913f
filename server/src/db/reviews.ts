// Reviews, review requests and the users and teams they name. Data access only; the rules are
// services/pulls/review*.ts, staleness.ts and merge-checks.ts.
import type { Db } from './types.ts';
import type { TeamRow, UserRow } from './schema.ts';

/** A user by login or, when the name holds an @, by email (`name` already lower-case). */
export function findUserByLoginOrEmail(db: Db, name: string): Promise<UserRow | undefined> {
  const q = db.selectFrom('user').selectAll();
  return (name.includes('@') ? q.where('email', '=', name) : q.where('lower_name', '=', name)).executeTakeFirst();
}

/** An organization's team by name (any case): its id. */
export function findTeamIdByName(db: Db, orgId: number, name: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('team').select('id').where('org_id', '=', orgId).where('lower_name', '=', name.toLowerCase()).executeTakeFirst();
}

/** An organization's team by name (any case). */
export function findTeamByName(db: Db, orgId: number, name: string): Promise<TeamRow | undefined> {
  return db.selectFrom('team').selectAll().where('org_id', '=', orgId).where('lower_name', '=', name.toLowerCase()).executeTakeFirst();
}

const reviewsOf = (db: Db, issueId: number, type: number) => db.selectFrom('review').where('review.issue_id', '=', issueId).where('review.type', '=', type);

/** How many official, undismissed reviews of `type` a pull request has (`fresh`: not stale either). */
export async function countLiveReviews(db: Db, issueId: number, type: number, fresh: boolean): Promise<number> {
  let q = reviewsOf(db, issueId, type).where('official', '=', 1).where('dismissed', '=', 0);
  if (fresh) q = q.where('stale', '=', 0);
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

/** The official review requests (`requestType`) of a pull request, oldest first: the user's or the team's name. */
export function listOfficialRequestNames(db: Db, issueId: number, requestType: number) {
  return reviewsOf(db, issueId, requestType)
    .leftJoin('user', (j) => j.onRef('user.id', '=', 'review.reviewer_id').on('review.reviewer_team_id', '=', 0))
    .leftJoin('team', (j) => j.onRef('team.id', '=', 'review.reviewer_team_id').on('review.reviewer_team_id', '!=', 0))
    .select(['user.name as user_name', 'team.name as team_name'])
    .where('review.official', '=', 1)
    .orderBy('review.id')
    .execute();
}

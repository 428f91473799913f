// Teams asked for a review, in Gitea's Team shape (convert.ToTeam with its organization), for the
// pull request's requested_reviewers_teams and a team request's `team`.
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import type { ApiPullRequest } from '../api/pull-schemas.ts';
import { findTeamsByIds } from '../db/teams.ts';
import { findUsersByIds } from '../db/users.ts';
import { toApiTeam } from './teams.ts';

export type ApiTeam = ApiPullRequest['requested_reviewers_teams'][number];

/** Team id → Team; a team deleted since is simply absent. One query for the teams, one for their orgs. */
export async function toApiTeamsById(db: Db, config: Config, ids: number[]): Promise<Map<number, ApiTeam>> {
  const out = new Map<number, ApiTeam>();
  const unique = [...new Set(ids.filter((id) => id > 0))];
  if (!unique.length) return out;
  const teams = await findTeamsByIds(db, unique);
  const orgIds = [...new Set(teams.map((t) => t.org_id))];
  const orgs = new Map((orgIds.length ? await findUsersByIds(db, orgIds) : []).map((o) => [o.id, o]));
  await Promise.all(teams.map(async (t) => out.set(t.id, await toApiTeam(db, t, orgs.get(t.org_id) ?? null, config))));
  return out;
}

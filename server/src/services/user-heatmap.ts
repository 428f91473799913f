// A user's contribution heatmap, as Gitea's GetUserHeatmapDataByUser over the action table: the
// actions the user performed (act_user_id, in the user's own feed rows) during the last year, in
// repositories the viewer may read, counted per 15-minute slot (so a client can shift slots into
// its own time zone, even +5:30 or +12:45). Nothing when the user keeps activity private. For an
// organization, every action in its feed counts (Gitea's OnlyPerformedBy: !IsOrganization()).
import type { Db } from '../db/types.ts';
import { nowUnix } from '../db/index.ts';
import type { UserRow } from '../db/schema.ts';
import { countActionsByQuarterHour } from '../db/activity.ts';
import { readableRepo } from './repos.ts';

const YEAR = 31536000;

export async function userHeatmap(db: Db, user: UserRow, viewer: UserRow | null): Promise<{ timestamp: number; contributions: number }[]> {
  if (user.keep_activity_private === 1 && !(viewer && (viewer.id === user.id || viewer.is_admin === 1))) return [];
  // A person's heatmap counts what they did; an organization's, everything done in its repositories.
  const rows = await countActionsByQuarterHour(db, user.id, user.type !== 1, nowUnix() - YEAR, readableRepo(viewer));
  return rows.map((r) => ({ timestamp: Number(r.timestamp), contributions: Number(r.contributions) }));
}

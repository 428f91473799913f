// The units a team's permission covers, as Gitea's units_map keys, and how a team's grant reads.
import type { Team, UnitKey } from '../api/org-api';

export const UNITS: { key: UnitKey; label: string }[] = [
  { key: 'repo.code', label: 'Code' },
  { key: 'repo.issues', label: 'Issues' },
  { key: 'repo.pulls', label: 'Pull requests' },
  { key: 'repo.releases', label: 'Releases' },
  { key: 'repo.wiki', label: 'Wiki' },
];

export type UnitLevel = 'none' | 'read' | 'write';

/** Each unit's level: from units_map, else the team-wide permission for listed units. */
export function unitLevels(team: Pick<Team, 'permission' | 'units' | 'units_map'>): Record<UnitKey, UnitLevel> {
  const out = {} as Record<UnitKey, UnitLevel>;
  for (const { key } of UNITS) {
    const m = team.units_map?.[key];
    if (m === 'none' || m === 'read' || m === 'write') out[key] = m;
    else if (m === 'admin' || m === 'owner') out[key] = 'write';
    else if (team.units?.includes(key)) out[key] = team.permission === 'read' ? 'read' : team.permission === 'none' ? 'none' : 'write';
    else out[key] = 'none';
  }
  return out;
}

/** One line saying what the team grants, e.g. "Code: read · Issues: write". */
export function describeTeam(team: Team): string {
  if (team.permission === 'owner') return 'Owner: everything, including settings';
  if (team.permission === 'admin') return 'Admin of its repositories';
  const levels = unitLevels(team);
  const parts = UNITS.filter((u) => levels[u.key] !== 'none').map((u) => `${u.label}: ${levels[u.key]}`);
  return parts.length ? parts.join(' · ') : 'No access';
}

// Demo organization: "forge-org" owned by alice, with the Owners team, "developers" (writes code,
// issues and pull requests; bob) and "triage" (writes issues only, reads code; carol), and one
// private repository both teams work in. Everything through the public API, as each user.
import type { Deps } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import { deleteTokensByIds } from '../db/tokens.ts';
import { createToken } from '../services/users.ts';
import { createApp } from '../app.ts';

type Who = 'alice' | 'bob' | 'carol';

export const DEMO_ORG = 'forge-org';

export async function seedOrgs(deps: Deps, users: Record<Who, UserRow>): Promise<void> {
  const { db } = deps;
  const app = createApp(deps);
  const tokens = {} as Record<Who, string>;
  const tokenIds: number[] = [];
  for (const who of Object.keys(users) as Who[]) {
    const { row, secret } = await createToken(db, users[who].id, `demo-seed-orgs-${Date.now()}`);
    tokens[who] = secret;
    tokenIds.push(row.id);
  }
  const api = async (who: Who, method: string, path: string, body?: unknown): Promise<any> => {
    const res = await app.request(`/api/v1${path}`, {
      method,
      headers: { Authorization: `token ${tokens[who]}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`demo organization: ${method} ${path} as ${who} answered ${res.status}: ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : undefined;
  };
  try {
    await api('alice', 'POST', '/orgs', {
      username: DEMO_ORG,
      full_name: 'Forge Org',
      description: 'The people building this forge',
      website: 'https://forge.example.org',
      location: 'Everywhere',
    });
    const developers = await api('alice', 'POST', `/orgs/${DEMO_ORG}/teams`, {
      name: 'developers',
      description: 'Write code, issues and pull requests',
      permission: 'write',
      units_map: { 'repo.code': 'write', 'repo.issues': 'write', 'repo.pulls': 'write', 'repo.releases': 'write', 'repo.wiki': 'write' },
      can_create_org_repo: true,
    });
    const triage = await api('alice', 'POST', `/orgs/${DEMO_ORG}/teams`, {
      name: 'triage',
      description: 'Sort and answer issues; read the code',
      permission: 'read',
      units_map: { 'repo.code': 'read', 'repo.issues': 'write', 'repo.pulls': 'read', 'repo.releases': 'read', 'repo.wiki': 'read' },
    });
    await api('alice', 'PUT', `/teams/${developers.id}/members/bob`);
    await api('alice', 'PUT', `/teams/${triage.id}/members/carol`);
    await api('alice', 'PUT', `/orgs/${DEMO_ORG}/public_members/alice`);
    await api('bob', 'PUT', `/orgs/${DEMO_ORG}/public_members/bob`);

    await api('alice', 'POST', `/orgs/${DEMO_ORG}/repos`, {
      name: 'roadmap',
      description: 'Plans of the forge team (private to the organization)',
      private: true,
      auto_init: true,
      readme: 'Default',
    });
    for (const team of [developers, triage]) await api('alice', 'PUT', `/teams/${team.id}/repos/${DEMO_ORG}/roadmap`);
    const issue = await api('carol', 'POST', `/repos/${DEMO_ORG}/roadmap/issues`, {
      title: 'Plan the organization pages',
      body: 'Members, teams and settings.',
    });
    await api('bob', 'POST', `/repos/${DEMO_ORG}/roadmap/issues/${issue.number}/comments`, { body: 'I will take the teams page.' });
  } finally {
    await deleteTokensByIds(db, tokenIds);
  }
}

// An organization's members and public members (Gitea's /orgs/{org}/members and
// /orgs/{org}/public_members). Merged into orgsRoutes in its place (orgs.ts).
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createRouter, errorResponses, z, json } from '../api/openapi.ts';
import { UserSchema } from '../api/schemas.ts';
import { toApiUser } from '../api/convert.ts';
import { type Paging, paging, setPageHeaders } from '../api/paging.ts';
import { PageQuery } from '../api/params.ts';
import type { AppEnv } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import { findUserByName } from '../db/users.ts';
import { isPublicOrgMember, listOrgMembersPage } from '../db/orgs.ts';
import { forbidden, notFound } from '../errors.ts';
import { loadOrg, requireOrgMember, requireOrgOwner } from '../http/org-context.ts';
import { isOrgMember, isOrgOwner, removeOrgMember, setMemberPublic } from '../services/orgs.ts';

export const orgMembersRoutes = createRouter();

export const OrgParam = z.object({ org: z.string() });
const OrgUserParams = z.object({ org: z.string(), username: z.string() });

export async function userByNameOr404(c: Context<AppEnv>, name: string): Promise<UserRow> {
  const u = await findUserByName(c.var.deps.db, name);
  if (!u) throw notFound(`user redirect does not exist [name: ${name}]`);
  return u;
}

// ---- members ----

/** Members, all of them for members and site admins, else only public ones (Gitea's FindOrgMembers). */
async function listMembers(c: Context<AppEnv>, org: UserRow, all: boolean, p: Paging) {
  const { db, config } = c.var.deps;
  const { total, rows } = await listOrgMembersPage(db, org.id, all, p);
  setPageHeaders(c, total, p);
  return rows.map((u) => toApiUser(u, config, c.var.user));
}

orgMembersRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/orgs/{org}/members',
    operationId: 'orgListMembers',
    tags: ['organization'],
    summary: "List an organization's members (all to members, public ones to others)",
    request: { params: OrgParam, query: PageQuery },
    responses: { 200: json(z.array(UserSchema), 'UserList'), ...errorResponses(404) },
  }),
  async (c) => {
    const org = await loadOrg(c, c.req.valid('param').org);
    const viewer = c.var.user;
    const all = !!viewer && (viewer.is_admin === 1 || (await isOrgMember(c.var.deps.db, org.id, viewer.id)));
    return c.json(await listMembers(c, org, all, paging(c.req.valid('query'))), 200);
  },
);

orgMembersRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/orgs/{org}/public_members',
    operationId: 'orgListPublicMembers',
    tags: ['organization'],
    summary: "List an organization's public members",
    request: { params: OrgParam, query: PageQuery },
    responses: { 200: json(z.array(UserSchema), 'UserList'), ...errorResponses(404) },
  }),
  async (c) => {
    const org = await loadOrg(c, c.req.valid('param').org);
    return c.json(await listMembers(c, org, false, paging(c.req.valid('query'))), 200);
  },
);

orgMembersRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/orgs/{org}/members/{username}',
    operationId: 'orgIsMember',
    tags: ['organization'],
    summary: 'Check if a user is a member of an organization',
    description: 'Members and site admins get 204 or 404; others are sent to the public membership check (303).',
    request: { params: OrgUserParams },
    responses: {
      204: { description: 'user is a member' },
      303: { description: 'redirection to /orgs/{org}/public_members/{username}' },
      ...errorResponses(404),
    },
  }),
  async (c) => {
    const { org: orgName, username } = c.req.valid('param');
    const org = await loadOrg(c, orgName);
    const target = await userByNameOr404(c, username);
    const viewer = c.var.user;
    const { db } = c.var.deps;
    if (viewer) {
      if (viewer.is_admin === 1 || (await isOrgMember(db, org.id, viewer.id))) {
        if (await isOrgMember(db, org.id, target.id)) return c.body(null, 204);
        throw notFound();
      }
      if (viewer.id === target.id) throw notFound();
    }
    const url = new URL(c.req.url);
    url.pathname = url.pathname.replace(
      /\/orgs\/[^/]+\/members\/[^/]+$/,
      `/orgs/${encodeURIComponent(org.name)}/public_members/${encodeURIComponent(target.name)}`,
    );
    return c.redirect(url.pathname, 303) as never;
  },
);

orgMembersRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/orgs/{org}/members/{username}',
    operationId: 'orgDeleteMember',
    tags: ['organization'],
    summary: 'Remove a member from an organization (owners only)',
    request: { params: OrgUserParams },
    responses: { 204: { description: 'member removed' }, ...errorResponses(401, 403, 404, 422) },
  }),
  async (c) => {
    const { org: orgName, username } = c.req.valid('param');
    const org = await loadOrg(c, orgName);
    await requireOrgOwner(c, org);
    const target = await userByNameOr404(c, username);
    await removeOrgMember(c.var.deps.db, org, target.id);
    return c.body(null, 204);
  },
);

orgMembersRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/orgs/{org}/public_members/{username}',
    operationId: 'orgIsPublicMember',
    tags: ['organization'],
    summary: 'Check if a user is a public member of an organization',
    request: { params: OrgUserParams },
    responses: { 204: { description: 'user is a public member' }, ...errorResponses(404) },
  }),
  async (c) => {
    const { org: orgName, username } = c.req.valid('param');
    const org = await loadOrg(c, orgName);
    const target = await userByNameOr404(c, username);
    if (!(await isPublicOrgMember(c.var.deps.db, org.id, target.id))) throw notFound();
    return c.body(null, 204);
  },
);

for (const [method, isPublic] of [
  ['put', true],
  ['delete', false],
] as const) {
  orgMembersRoutes.openapi(
    createRoute({
      method,
      path: '/orgs/{org}/public_members/{username}',
      operationId: isPublic ? 'orgPublicizeMember' : 'orgConcealMember',
      tags: ['organization'],
      summary: isPublic ? "Publicize a user's membership" : "Conceal a user's membership",
      description: 'The member themselves, an owner or a site admin.',
      request: { params: OrgUserParams },
      responses: { 204: { description: isPublic ? 'membership publicized' : 'membership concealed' }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const { org: orgName, username } = c.req.valid('param');
      const org = await loadOrg(c, orgName);
      const viewer = await requireOrgMember(c, org);
      const target = await userByNameOr404(c, username);
      if (target.id !== viewer.id && viewer.is_admin !== 1 && !(await isOrgOwner(c.var.deps.db, org.id, viewer.id))) {
        throw forbidden(isPublic ? 'Cannot publicize another member' : 'Cannot conceal another member');
      }
      await setMemberPublic(c.var.deps.db, org.id, target.id, isPublic);
      return c.body(null, 204);
    },
  );
}

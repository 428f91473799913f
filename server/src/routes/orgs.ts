// Organizations (Gitea's /orgs API): list, create, get, edit, rename, delete, a user's
// organizations and permissions, and the organization's repositories; members and public members
// are in org-members.ts, merged here in their place.
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createRouter, errorResponses, z, json, jsonBody } from '../api/openapi.ts';
import { RepositorySchema } from '../api/schemas.ts';
import { OrganizationSchema, OrganizationPermissionsSchema, CreateOrgSchema, EditOrgSchema, RenameOrgSchema } from '../api/org-schemas.ts';
import { toApiOrg } from '../api/org-convert.ts';
import { type Paging, paging, setPageHeaders } from '../api/paging.ts';
import { requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import { isNameTaken } from '../db/users.ts';
import { listOrgsPage, listOwnerReposPage, listUserOrgsPage } from '../db/orgs.ts';
import { forbidden, notFound } from '../errors.ts';
import { loadOrg, requireOrgOwner } from '../http/org-context.ts';
import { readableRepo } from '../services/repos.ts';
import { canCreateOrgRepo, createOrg, deleteOrg, editOrg, maxTeamMode, redirectedUser, renameOwner } from '../services/orgs.ts';
import { OrgParam, orgMembersRoutes, userByNameOr404 } from './org-members.ts';
import { PageQuery } from '../api/params.ts';
import { toApiRepos } from './repos.ts';
import { visibleUserByName } from '../services/users.ts';

export const orgsRoutes = createRouter();

// Old names of renamed organizations and users: /orgs/{old}/… and /repos/{old}/… answer 307 with
// the same path under the new name, as Gitea's RedirectToUser.
async function redirectOldName(c: Context<AppEnv>, name: string | undefined, prefix: string, next: () => Promise<void>) {
  // Looked up only after the route found nothing, so a request under a current name pays no
  // extra query. A 404 changed nothing, so answering a redirect instead is safe for any method.
  await next();
  if (!name || c.res.status !== 404) return;
  const { db } = c.var.deps;
  if (await isNameTaken(db, name)) return;
  const target = await redirectedUser(db, name);
  if (!target) return;
  const url = new URL(c.req.url);
  const old = `/${prefix}/${encodeURIComponent(name)}`;
  const at = url.pathname.toLowerCase().indexOf(old.toLowerCase());
  if (at < 0) return;
  url.pathname = url.pathname.slice(0, at) + `/${prefix}/${encodeURIComponent(target.name)}` + url.pathname.slice(at + old.length);
  // A fresh answer: Hono would otherwise carry the 404's headers over onto the redirect.
  c.res = undefined;
  c.res = new Response(null, { status: 307, headers: { Location: url.pathname + url.search } });
}
orgsRoutes.use('/orgs/:org', (c, next) => redirectOldName(c, c.req.param('org'), 'orgs', next));
orgsRoutes.use('/orgs/:org/*', (c, next) => redirectOldName(c, c.req.param('org'), 'orgs', next));
orgsRoutes.use('/repos/:owner/*', (c, next) => redirectOldName(c, c.req.param('owner'), 'repos', next));

// ---- list and create ----

orgsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/orgs',
    operationId: 'orgGetAll',
    tags: ['organization'],
    summary: 'Get list of organizations',
    request: { query: PageQuery },
    responses: { 200: json(z.array(OrganizationSchema), 'OrganizationList') },
  }),
  async (c) => {
    const p = paging(c.req.valid('query'));
    const viewer = c.var.user;
    const { db, config } = c.var.deps;
    // Anonymous: public; signed in: also limited; site admins: all (Gitea's GetAll).
    const modes = !viewer ? ['public'] : viewer.is_admin ? ['public', 'limited', 'private'] : ['public', 'limited'];
    const { total, rows } = await listOrgsPage(db, modes, p);
    setPageHeaders(c, total, p);
    return c.json(
      rows.map((o) => toApiOrg(o, config)),
      200,
    );
  },
);

orgsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/orgs',
    operationId: 'orgCreate',
    tags: ['organization'],
    summary: 'Create an organization',
    request: { body: jsonBody(CreateOrgSchema) },
    responses: { 201: json(OrganizationSchema, 'Organization'), ...errorResponses(401, 403, 422) },
  }),
  async (c) => {
    const user = requireUser(c);
    if (user.restricted === 1) throw forbidden('not allowed to create org');
    const { username, ...fields } = c.req.valid('json');
    const org = await createOrg(c.var.deps.db, user, username, fields);
    return c.json(toApiOrg(org, c.var.deps.config), 201);
  },
);

// ---- one organization ----

orgsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/orgs/{org}',
    operationId: 'orgGet',
    tags: ['organization'],
    summary: 'Get an organization',
    request: { params: OrgParam },
    responses: { 200: json(OrganizationSchema, 'Organization'), ...errorResponses(404) },
  }),
  async (c) => {
    const org = await loadOrg(c, c.req.valid('param').org);
    const out = toApiOrg(org, c.var.deps.config);
    // Gitea shows no e-mail to anonymous visitors.
    if (!c.var.user) out.email = '';
    return c.json(out, 200);
  },
);

orgsRoutes.openapi(
  createRoute({
    method: 'patch',
    path: '/orgs/{org}',
    operationId: 'orgEdit',
    tags: ['organization'],
    summary: 'Edit an organization',
    request: { params: OrgParam, body: jsonBody(EditOrgSchema) },
    responses: { 200: json(OrganizationSchema, 'Organization'), ...errorResponses(401, 403, 404, 422) },
  }),
  async (c) => {
    const org = await loadOrg(c, c.req.valid('param').org);
    await requireOrgOwner(c, org);
    const row = await editOrg(c.var.deps.db, org, c.req.valid('json'));
    return c.json(toApiOrg(row, c.var.deps.config), 200);
  },
);

orgsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/orgs/{org}/rename',
    operationId: 'renameOrg',
    tags: ['organization'],
    summary: 'Rename an organization',
    request: { params: OrgParam, body: jsonBody(RenameOrgSchema) },
    responses: { 204: { description: 'APIEmpty' }, ...errorResponses(401, 403, 404, 422) },
  }),
  async (c) => {
    const org = await loadOrg(c, c.req.valid('param').org);
    await requireOrgOwner(c, org);
    await renameOwner(c.var.deps, org, c.req.valid('json').new_name);
    return c.body(null, 204);
  },
);

orgsRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/orgs/{org}',
    operationId: 'orgDelete',
    tags: ['organization'],
    summary: 'Delete an organization (refused while it owns repositories)',
    request: { params: OrgParam },
    responses: { 204: { description: 'APIEmpty' }, ...errorResponses(401, 403, 404, 422) },
  }),
  async (c) => {
    const org = await loadOrg(c, c.req.valid('param').org);
    await requireOrgOwner(c, org);
    await deleteOrg(c.var.deps.db, org);
    return c.body(null, 204);
  },
);

// ---- members (org-members.ts) ----

orgsRoutes.route('/', orgMembersRoutes);

// ---- a user's organizations ----

/**
 * Organizations of `u` as `viewer` may see them (Gitea's listUserOrgs): the user and site admins
 * see every membership; others only public memberships of organizations visible to them.
 */
async function userOrgs(c: Context<AppEnv>, u: UserRow, p: Paging) {
  const viewer = c.var.user;
  const { db, config } = c.var.deps;
  const self = !!viewer && (viewer.is_admin === 1 || viewer.id === u.id);
  const { total, rows } = await listUserOrgsPage(db, u.id, self, viewer ? viewer.id : null, p);
  setPageHeaders(c, total, p);
  return rows.map((o) => toApiOrg(o, config));
}

orgsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/user/orgs',
    operationId: 'orgListCurrentUserOrgs',
    tags: ['organization'],
    summary: "List the current user's organizations",
    request: { query: PageQuery },
    responses: { 200: json(z.array(OrganizationSchema), 'OrganizationList'), ...errorResponses(401) },
  }),
  async (c) => c.json(await userOrgs(c, requireUser(c), paging(c.req.valid('query'))), 200),
);

/** A user visible to the viewer (as GET /users/{username}), else 404. */
async function visibleUser(c: Context<AppEnv>, username: string): Promise<UserRow> {
  const u = await userByNameOr404(c, username);
  const viewer = c.var.user;
  const visible = u.visibility === 'public' || (viewer && (viewer.is_admin === 1 || viewer.id === u.id || u.visibility === 'limited'));
  if (!visible) throw notFound(`user redirect does not exist [name: ${username}]`);
  return u;
}

orgsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/users/{username}/orgs',
    operationId: 'orgListUserOrgs',
    tags: ['organization'],
    summary: "List a user's organizations",
    request: { params: z.object({ username: z.string() }), query: PageQuery },
    responses: { 200: json(z.array(OrganizationSchema), 'OrganizationList'), ...errorResponses(404) },
  }),
  async (c) => c.json(await userOrgs(c, await visibleUser(c, c.req.valid('param').username), paging(c.req.valid('query'))), 200),
);

orgsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/users/{username}/orgs/{org}/permissions',
    operationId: 'orgGetUserPermissions',
    tags: ['organization'],
    summary: 'Get user permissions in organization',
    request: { params: z.object({ username: z.string(), org: z.string() }) },
    responses: { 200: json(OrganizationPermissionsSchema, 'OrganizationPermissions'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    requireUser(c);
    const { username, org: orgName } = c.req.valid('param');
    const u = await visibleUser(c, username);
    const org = await loadOrg(c, orgName);
    const { db } = c.var.deps;
    const level = await maxTeamMode(db, org.id, u.id);
    return c.json(
      { is_owner: level > 3, is_admin: level > 2, can_write: level > 1, can_read: level > 0, can_create_repository: await canCreateOrgRepo(db, org.id, u.id) },
      200,
    );
  },
);

// ---- an owner's repositories (Gitea's listUserRepos: oldest first, only those the caller may read) ----

orgsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/orgs/{org}/repos',
    operationId: 'orgListRepos',
    tags: ['organization'],
    summary: "List an organization's repositories",
    request: { params: OrgParam, query: PageQuery },
    responses: { 200: json(z.array(RepositorySchema), 'RepositoryList'), ...errorResponses(404) },
  }),
  async (c) => {
    const org = await loadOrg(c, c.req.valid('param').org);
    const p = paging(c.req.valid('query'));
    const { total, rows } = await listOwnerReposPage(c.var.deps.db, org.id, readableRepo(c.var.user), p);
    setPageHeaders(c, total, p);
    return c.json(await toApiRepos(c, rows), 200);
  },
);

orgsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/users/{username}/repos',
    operationId: 'userListRepos',
    tags: ['user'],
    summary: 'List the repos owned by the given user',
    request: { params: z.object({ username: z.string() }), query: PageQuery },
    responses: { 200: json(z.array(RepositorySchema), 'RepositoryList'), ...errorResponses(404) },
  }),
  async (c) => {
    // A user the caller may not see is not found (Gitea's user visibility), an organization too.
    const owner = await visibleUserByName(c.var.deps.db, c.req.valid('param').username, c.var.user);
    const p = paging(c.req.valid('query'));
    const { total, rows } = await listOwnerReposPage(c.var.deps.db, owner.id, readableRepo(c.var.user), p);
    setPageHeaders(c, total, p);
    return c.json(await toApiRepos(c, rows), 200);
  },
);

// Organizations (Gitea's /orgs API): list, create, get, edit, rename, delete, members and public
// members, a user's organizations and permissions, and the organization's repositories.
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createRouter, errorResponses, z, zLimit, zPage, json, jsonBody } from '../api/openapi.ts';
import { RepositorySchema, UserSchema } from '../api/schemas.ts';
import { toApiUser } from '../api/convert.ts';
import { type Paging, paging, setPageHeaders } from '../api/paging.ts';
import { requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import type { Config } from '../config.ts';
import type { UserRow } from '../db/schema.ts';
import { forbidden, notFound } from '../errors.ts';
import { readableRepo } from '../services/repos.ts';
import {
  ORG_TYPE,
  canCreateOrgRepo,
  createOrg,
  deleteOrg,
  editOrg,
  isOrgMember,
  isOrgOwner,
  maxTeamMode,
  orgByName,
  orgVisibleTo,
  redirectedUser,
  removeOrgMember,
  renameOwner,
  repoAdminChangeTeamAccess,
  setMemberPublic,
} from '../services/orgs.ts';
import { toApiRepos } from './repos.ts';

export const orgsRoutes = createRouter();

const OrgParam = z.object({ org: z.string() });
const OrgUserParams = z.object({ org: z.string(), username: z.string() });
const PageQuery = z.object({ page: zPage, limit: zLimit });

export const OrganizationSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    full_name: z.string(),
    email: z.string(),
    avatar_url: z.string(),
    description: z.string(),
    website: z.string(),
    location: z.string(),
    visibility: z.enum(['public', 'limited', 'private']),
    repo_admin_change_team_access: z.boolean(),
    /** Deprecated in Gitea, still sent: the same as name. */
    username: z.string(),
  })
  .openapi('Organization');

export type ApiOrganization = z.infer<typeof OrganizationSchema>;

export function toApiOrg(org: UserRow, config: Config): ApiOrganization {
  return {
    id: org.id,
    name: org.name,
    full_name: org.full_name,
    email: org.email,
    avatar_url: `${config.rootUrl}avatars/${encodeURIComponent(org.name)}`,
    description: org.description,
    website: org.website,
    location: org.location,
    visibility: (org.visibility as ApiOrganization['visibility']) ?? 'public',
    repo_admin_change_team_access: repoAdminChangeTeamAccess(org),
    username: org.name,
  };
}

const OrganizationPermissionsSchema = z
  .object({ is_owner: z.boolean(), is_admin: z.boolean(), can_write: z.boolean(), can_read: z.boolean(), can_create_repository: z.boolean() })
  .openapi('OrganizationPermissions');

// Gitea's ValidUrl: empty, or an http(s) URL.
const zUrl = z
  .string()
  .max(255)
  .refine((v) => {
    if (!v) return true;
    try {
      return ['http:', 'https:'].includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, 'must be a valid URL');

const OrgFieldsSchema = {
  full_name: z.string().max(100).optional(),
  email: z.string().max(255).optional(),
  description: z.string().max(255).optional(),
  website: zUrl.optional(),
  location: z.string().max(50).optional(),
  visibility: z.enum(['public', 'limited', 'private']).optional().openapi({ description: 'possible values are `public` (default), `limited` or `private`' }),
  repo_admin_change_team_access: z.boolean().optional(),
};

const CreateOrgSchema = z.object({ username: z.string().min(1).max(40), ...OrgFieldsSchema }).openapi('CreateOrgOption');
const EditOrgSchema = z.object(OrgFieldsSchema).openapi('EditOrgOption');
const RenameOrgSchema = z.object({ new_name: z.string().min(1).max(40).openapi({ description: 'New username for this org.' }) }).openapi('RenameOrgOption');

/** A visible organization by name, or 404 (private ones to non-members, as Gitea's orgAssignment). */
export async function loadOrg(c: Context<AppEnv>, name: string): Promise<UserRow> {
  const { db } = c.var.deps;
  const org = await orgByName(db, name);
  if (!org || !(await orgVisibleTo(db, org, c.var.user))) throw notFound();
  return org;
}

/** Gitea's reqOrgOwnership on an organization route: site admins and owners; others 403. */
export async function requireOrgOwner(c: Context<AppEnv>, org: UserRow): Promise<UserRow> {
  const user = requireUser(c);
  if (user.is_admin !== 1 && !(await isOrgOwner(c.var.deps.db, org.id, user.id))) throw forbidden('Must be an organization owner');
  return user;
}

/** Gitea's reqOrgMembership on an organization route: site admins and members; others 403. */
export async function requireOrgMember(c: Context<AppEnv>, org: UserRow): Promise<UserRow> {
  const user = requireUser(c);
  if (user.is_admin !== 1 && !(await isOrgMember(c.var.deps.db, org.id, user.id))) throw forbidden('Must be an organization member');
  return user;
}

async function userByNameOr404(c: Context<AppEnv>, name: string): Promise<UserRow> {
  const u = await c.var.deps.db.selectFrom('user').selectAll().where('lower_name', '=', name.toLowerCase()).executeTakeFirst();
  if (!u) throw notFound(`user redirect does not exist [name: ${name}]`);
  return u;
}

// Old names of renamed organizations and users: /orgs/{old}/… and /repos/{old}/… answer 307 with
// the same path under the new name, as Gitea's RedirectToUser.
async function redirectOldName(c: Context<AppEnv>, name: string | undefined, prefix: string, next: () => Promise<void>) {
  // Looked up only after the route found nothing, so a request under a current name pays no
  // extra query. A 404 changed nothing, so answering a redirect instead is safe for any method.
  await next();
  if (!name || c.res.status !== 404) return;
  const { db } = c.var.deps;
  const exists = await db.selectFrom('user').select('id').where('lower_name', '=', name.toLowerCase()).executeTakeFirst();
  if (exists) return;
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
    const q = db.selectFrom('user').where('type', '=', ORG_TYPE).where('visibility', 'in', modes);
    const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await q.selectAll().orderBy('lower_name').limit(p.limit).offset(p.offset).execute();
    setPageHeaders(c, Number(n), p);
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

// ---- members ----

/** Members, all of them for members and site admins, else only public ones (Gitea's FindOrgMembers). */
async function listMembers(c: Context<AppEnv>, org: UserRow, all: boolean, p: Paging) {
  const { db, config } = c.var.deps;
  let q = db.selectFrom('org_user').innerJoin('user', 'user.id', 'org_user.uid').where('org_user.org_id', '=', org.id);
  if (!all) q = q.where('org_user.is_public', '=', 1);
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q.selectAll('user').orderBy('user.lower_name').limit(p.limit).offset(p.offset).execute();
  setPageHeaders(c, Number(n), p);
  return rows.map((u) => toApiUser(u, config, c.var.user));
}

orgsRoutes.openapi(
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

orgsRoutes.openapi(
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

orgsRoutes.openapi(
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

orgsRoutes.openapi(
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

orgsRoutes.openapi(
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
    const row = await c.var.deps.db.selectFrom('org_user').select('is_public').where('org_id', '=', org.id).where('uid', '=', target.id).executeTakeFirst();
    if (row?.is_public !== 1) throw notFound();
    return c.body(null, 204);
  },
);

for (const [method, isPublic] of [
  ['put', true],
  ['delete', false],
] as const) {
  orgsRoutes.openapi(
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

// ---- a user's organizations ----

/**
 * Organizations of `u` as `viewer` may see them (Gitea's listUserOrgs): the user and site admins
 * see every membership; others only public memberships of organizations visible to them.
 */
async function userOrgs(c: Context<AppEnv>, u: UserRow, p: Paging) {
  const viewer = c.var.user;
  const { db, config } = c.var.deps;
  const self = !!viewer && (viewer.is_admin === 1 || viewer.id === u.id);
  let q = db.selectFrom('org_user').innerJoin('user', 'user.id', 'org_user.org_id').where('org_user.uid', '=', u.id).where('user.type', '=', ORG_TYPE);
  if (!self) {
    q = q.where('org_user.is_public', '=', 1);
    const modes = viewer ? ['public', 'limited'] : ['public'];
    q = q.where((eb) => {
      const terms = [eb('user.visibility', 'in', modes)];
      if (viewer) terms.push(eb('user.id', 'in', eb.selectFrom('org_user as mine').select('mine.org_id').where('mine.uid', '=', viewer.id)));
      return eb.or(terms);
    });
  }
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q.selectAll('user').orderBy('user.lower_name').limit(p.limit).offset(p.offset).execute();
  setPageHeaders(c, Number(n), p);
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

// ---- the organization's repositories ----

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
    const q = c.var.deps.db.selectFrom('repository').where('repository.owner_id', '=', org.id).where(readableRepo(c.var.user));
    const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await q.selectAll('repository').orderBy('repository.lower_name').limit(p.limit).offset(p.offset).execute();
    setPageHeaders(c, Number(n), p);
    return c.json(await toApiRepos(c, rows), 200);
  },
);

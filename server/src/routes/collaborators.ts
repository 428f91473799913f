// Repository collaborators and assignees, as Gitea's routers/api/v1/repo/collaborators.go: every
// route needs a token; listing and checking need read access, adding and removing repository admin.
import { createRoute } from '@hono/zod-openapi';
import { createRouter, errorResponses, z, zLimit, zPage, json } from '../api/openapi.ts';
import { paging, setPageHeaders } from '../api/paging.ts';
import { UserSchema } from '../api/schemas.ts';
import { toApiUser } from '../api/convert.ts';
import { AddCollaboratorSchema, RepoCollaboratorPermissionSchema } from '../api/repo-schemas.ts';
import { RepoParams } from '../api/params.ts';
import { requireUser } from '../auth/middleware.ts';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import { findUserByName } from '../db/users.ts';
import { forbidden, notFound, unprocessable } from '../errors.ts';
import { loadRepo } from '../http/repo-context.ts';
import { Access, accessModeName, repoPermission } from '../services/permissions.ts';
import { addOrUpdateCollaborator, collaboration, deleteCollaborator, listAssignees, listCollaborators } from '../services/collaborators.ts';

export const collaboratorsRoutes = createRouter();

const CollaboratorParams = RepoParams.extend({ collaborator: z.string() });
/** The declaration of a route on one collaborator (`suffix` after its name); the caller adds the responses. */
const onCollaborator = <M extends 'get' | 'delete'>(method: M, suffix: '' | '/permission', operationId: string, summary: string) => ({
  method,
  path: `/repos/{owner}/{repo}/collaborators/{collaborator}${suffix}` as const,
  operationId,
  tags: ['repository'],
  summary,
  request: { params: CollaboratorParams },
});

/** Gitea answers an unknown user name with 422 on these routes (404 only on /permission). */
async function userNamed(c: Context<AppEnv>, name: string, missing: 404 | 422 = 422): Promise<UserRow> {
  const u = await findUserByName(c.var.deps.db, name);
  if (!u) {
    const message = `user redirect does not exist [name: ${name.toLowerCase()}]`;
    throw missing === 404 ? notFound(message) : unprocessable(message);
  }
  return u;
}

/**
 * A token holder's repository of the path (read; admin, archived or not, for changes) and the user
 * {collaborator} names, checked in Gitea's order: token, repository access, then the user.
 */
async function repoAndCollaborator(c: Context<AppEnv>, need: 'read' | 'admin') {
  requireUser(c);
  const { owner, repo, collaborator } = c.req.param() as Record<string, string>;
  const rc = need === 'admin' ? await loadRepo(c, owner!, repo!, 'admin', { allowArchived: true }) : await loadRepo(c, owner!, repo!, 'read');
  return { rc, u: await userNamed(c, collaborator!) };
}

collaboratorsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/collaborators',
    operationId: 'repoListCollaborators',
    tags: ['repository'],
    summary: "List a repository's collaborators",
    request: { params: RepoParams, query: z.object({ page: zPage, limit: zLimit }) },
    responses: { 200: json(z.array(UserSchema), 'UserList'), ...errorResponses(401, 404) },
  }),
  async (c) => {
    requireUser(c);
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read');
    const p = paging(c.req.valid('query'));
    const { total, users } = await listCollaborators(c.var.deps.db, rc.repo.id, p);
    setPageHeaders(c, total, p);
    return c.json(
      users.map((u) => toApiUser(u, c.var.deps.config, c.var.user)),
      200,
    );
  },
);

collaboratorsRoutes.openapi(
  createRoute({
    ...onCollaborator('get', '', 'repoCheckCollaborator', 'Check if a user is a collaborator of a repository'),
    responses: { 204: { description: 'Is a collaborator' }, ...errorResponses(401, 404, 422) },
  }),
  async (c) => {
    const { rc, u } = await repoAndCollaborator(c, 'read');
    if (!(await collaboration(c.var.deps.db, rc.repo.id, u.id))) throw notFound();
    return c.body(null, 204);
  },
);

collaboratorsRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/repos/{owner}/{repo}/collaborators/{collaborator}',
    operationId: 'repoAddCollaborator',
    tags: ['repository'],
    summary: 'Add or Update a collaborator to a repository',
    request: { params: CollaboratorParams, body: { content: { 'application/json': { schema: AddCollaboratorSchema } }, required: false } },
    responses: { 204: { description: 'Added or updated' }, ...errorResponses(401, 403, 404, 422) },
  }),
  async (c) => {
    requireUser(c);
    const { owner, repo, collaborator } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'admin', { allowArchived: true });
    // A JSON body the validator refused is answered here, once the caller is authorized (Issue #23).
    c.req.valid('json');
    // The body is optional (Gitea's default is write); parse it here so an empty body is allowed.
    let permission: string | undefined;
    const text = await c.req.text();
    if (text.trim()) {
      const parsed = AddCollaboratorSchema.safeParse(JSON.parse(text));
      if (!parsed.success) throw unprocessable('permission: must be one of read, write, admin');
      permission = parsed.data.permission;
    }
    const u = await userNamed(c, collaborator);
    if (u.type === 1) throw unprocessable('an organization cannot be added as a collaborator');
    if (u.active !== 1) throw unprocessable("collaborator's account is inactive");
    if (u.id === rc.repo.owner_id) throw unprocessable('the owner of a repository cannot be its collaborator');
    const mode = permission === 'read' ? Access.read : permission === 'admin' ? Access.admin : Access.write;
    await addOrUpdateCollaborator(c.var.deps.db, rc.repo, u, mode);
    return c.body(null, 204);
  },
);

collaboratorsRoutes.openapi(
  createRoute({
    ...onCollaborator('delete', '', 'repoDeleteCollaborator', 'Delete a collaborator from a repository'),
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 422) },
  }),
  async (c) => {
    const { rc, u } = await repoAndCollaborator(c, 'admin');
    await deleteCollaborator(c.var.deps.db, rc.repo, u);
    return c.body(null, 204);
  },
);

collaboratorsRoutes.openapi(
  createRoute({
    ...onCollaborator('get', '/permission', 'repoGetRepoPermissions', 'Get repository permissions for a user'),
    responses: { 200: json(RepoCollaboratorPermissionSchema), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const doer = requireUser(c);
    const { owner, repo, collaborator } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read');
    if (doer.is_admin !== 1 && doer.lower_name !== collaborator.toLowerCase() && !rc.perm.canAdmin()) {
      throw forbidden('Only admins can query all permissions, repo admins can query all repo permissions, collaborators can query only their own');
    }
    const u = await userNamed(c, collaborator, 404);
    const perm = await repoPermission(c.var.deps.db, u, rc.repo, rc.owner);
    const name = accessModeName(perm.mode);
    return c.json({ permission: name, role_name: name, user: toApiUser(u, c.var.deps.config, doer) }, 200);
  },
);

collaboratorsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/assignees',
    operationId: 'repoGetAssignees',
    tags: ['repository'],
    summary: 'Return all users that have write access and can be assigned to issues',
    request: { params: RepoParams },
    responses: { 200: json(z.array(UserSchema), 'UserList'), ...errorResponses(404) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read');
    const users = await listAssignees(c.var.deps.db, rc.repo, rc.owner);
    return c.json(
      users.map((u) => toApiUser(u, c.var.deps.config, c.var.user)),
      200,
    );
  },
);

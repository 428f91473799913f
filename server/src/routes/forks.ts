// Forks (Gitea's routers/api/v1/repo/fork.go) and merge-upstream (repo.go MergeUpstream). The rules
// live in services/forks.ts and services/merge-upstream.ts.
import { createRoute } from '@hono/zod-openapi';
import { createRouter, errorResponses, z, zLimit, zPage, json, jsonBody } from '../api/openapi.ts';
import { paging, setPageHeaders } from '../api/paging.ts';
import { RepositorySchema } from '../api/schemas.ts';
import { CreateForkSchema, MergeUpstreamRequestSchema, MergeUpstreamResponseSchema } from '../api/repo-schemas.ts';
import { RepoParams } from '../api/params.ts';
import { requireUser } from '../auth/middleware.ts';
import { listForksPage, listOwnersByIds } from '../db/repos.ts';
import { forbidden, notFound, unprocessable } from '../errors.ts';
import { forkRepository, toApiRepoWithParent } from '../services/forks.ts';
import { mergeUpstream } from '../services/merge-upstream.ts';
import { canCreateOrgRepo, isOrgMember, orgByName, orgVisibleTo } from '../services/orgs.ts';
import { ownerPermission } from '../services/permissions.ts';
import { loadRepo } from '../http/repo-context.ts';
import { readableRepo } from '../services/repos.ts';

export const forksRoutes = createRouter();

forksRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/repos/{owner}/{repo}/forks',
    operationId: 'listForks',
    tags: ['repository'],
    summary: "List a repository's forks (those you may see)",
    description: 'Headers: X-Total-Count and Link.',
    request: { params: RepoParams, query: z.object({ page: zPage, limit: zLimit }) },
    responses: { 200: json(z.array(RepositorySchema)), ...errorResponses(404) },
  }),
  async (c) => {
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'read');
    const { db } = c.var.deps;
    const viewer = c.var.user;
    const p = paging(c.req.valid('query'));
    const { total, rows } = await listForksPage(db, rc.repo.id, readableRepo(viewer), p.limit, p.offset);
    const owners = rows.length ? await listOwnersByIds(db, [...new Set(rows.map((r) => r.owner_id))]) : [];
    const byId = new Map(owners.map((u) => [u.id, u]));
    setPageHeaders(c, total, p);
    return c.json(await Promise.all(rows.map((r) => toApiRepoWithParent(c.var.deps, r, byId.get(r.owner_id)!, viewer))), 200);
  },
);

forksRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/repos/{owner}/{repo}/forks',
    operationId: 'createFork',
    tags: ['repository'],
    summary: 'Fork a repository (answers 202, as Gitea)',
    request: { params: RepoParams, body: jsonBody(CreateForkSchema) },
    responses: { 202: json(RepositorySchema, 'Accepted'), ...errorResponses(401, 403, 404, 409, 422) },
  }),
  async (c) => {
    const doer = requireUser(c);
    const { owner, repo } = c.req.valid('param');
    const { db } = c.var.deps;
    // Gitea's reqRepoReader(unit.TypeCode): the code must be readable (unreadable repository: 404).
    const rc = await loadRepo(c, owner, repo, 'read:code', { allowArchived: true });
    const form = c.req.valid('json');
    let forker = doer;
    if (form.organization) {
      const org = await orgByName(db, form.organization);
      if (!org || !(await orgVisibleTo(db, org, doer))) throw unprocessable(`org does not exist [name: ${form.organization}]`);
      if (doer.is_admin !== 1) {
        if (!(await isOrgMember(db, org.id, doer.id))) throw forbidden(`User is no Member of Organisation '${org.name}'`);
        if (!(await canCreateOrgRepo(db, org.id, doer.id))) throw forbidden(`User is not allowed to create repos in Organisation '${org.name}'`);
      }
      forker = org;
    }
    const name = form.name ?? rc.repo.name;
    const fork = await forkRepository(c.var.deps, doer, forker, rc, { name, description: rc.repo.description });
    // As Gitea: the answer carries owner permissions.
    return c.json(await toApiRepoWithParent(c.var.deps, fork, forker, doer, ownerPermission()), 202);
  },
);

forksRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/repos/{owner}/{repo}/merge-upstream',
    operationId: 'repoMergeUpstream',
    tags: ['repository'],
    summary: "Merge a branch from the fork's parent (already-up-to-date, fast-forward or merge)",
    request: { params: RepoParams, body: jsonBody(MergeUpstreamRequestSchema) },
    responses: { 200: json(MergeUpstreamResponseSchema), ...errorResponses(400, 401, 403, 404, 409, 423) },
  }),
  async (c) => {
    requireUser(c);
    const { owner, repo } = c.req.valid('param');
    const rc = await loadRepo(c, owner, repo, 'write');
    const form = c.req.valid('json');
    if (!form.branch) throw notFound('branch does not exist [name: ]');
    const merge_type = await mergeUpstream(c.var.deps, rc, c.var.user!, form.branch, form.ff_only ?? false);
    return c.json({ merge_type }, 200);
  },
);

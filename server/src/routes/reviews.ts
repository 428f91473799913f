// Pull request reviews, review requests and inline review comments, as Gitea's
// routers/api/v1/repo/pull_review.go. Thin handlers: the rules live in services/pulls/review*.ts.
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createRouter, errorResponses, z, zLimit, zPage, json, jsonBody } from '../api/openapi.ts';
import {
  CreatePullReviewSchema,
  DismissPullReviewSchema,
  PullReviewCommentSchema,
  PullReviewRequestSchema,
  PullReviewSchema,
  SubmitPullReviewSchema,
  withoutNulls,
  zIndex,
} from '../api/pull-schemas.ts';
import { paging, setPageHeaders } from '../api/paging.ts';
import { requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import type { ReviewRow, UserRow } from '../db/schema.ts';
import { forbidden } from '../errors.ts';
import { loadPull } from '../http/pull-context.ts';
import { toApiReviewComments, toApiReviews } from '../services/review-convert.ts';
import { createReview, deleteReview, dismissReview, submitReview } from '../services/pulls/reviews.ts';
import { getReview, listReviews, reviewCodeComments, type PullRef } from '../services/pulls/review-read.ts';
import { changeReviewRequests } from '../services/pulls/review-requests.ts';

export const reviewsRoutes = createRouter();

// Not-a-number ids read as 0 and so answer 404, as Gitea's PathParamInt64.
const PullParams = z.object({ owner: z.string(), repo: z.string(), index: zIndex('index') });
const ReviewParams = PullParams.extend({ id: zIndex('id') });
/** What every route here declares alike: a path under the pull request, the operation and its summary. */
const onPull = <M extends 'get' | 'post' | 'delete', S extends string>(method: M, suffix: S, operationId: string, summary: string) => ({
  method,
  path: `/repos/{owner}/{repo}/pulls/{index}${suffix}` as const,
  operationId,
  tags: ['repository'],
  summary,
});
/** Writes that answer the review: what every such route may answer. */
const oneReviewWritten = { 200: json(PullReviewSchema), ...errorResponses(401, 403, 404, 422, 423) };

type Need = 'read' | 'participate';

/** A path number as Gitea's PathParamInt64 reads it: anything else is 0. */
const toIndex = (v: string | undefined) => (/^\d+$/.test(v ?? '') ? Number(v) : 0);

/** The pull request of the path; writes need a signed-in reader of an unarchived repository (Gitea's reqToken). */
function pullOf(c: Context<AppEnv>, need: Need): Promise<PullRef> {
  const { owner, repo, index } = c.req.param() as Record<string, string>;
  return loadPull(c, owner!, repo!, toIndex(index), need);
}

async function reviewOf(c: Context<AppEnv>, need: Need): Promise<{ p: PullRef; review: ReviewRow }> {
  const p = await pullOf(c, need);
  return { p, review: await getReview(c.var.deps.db, p, toIndex(c.req.param('id')), c.var.user) };
}

/** The review to (un)dismiss: Gitea checks that the doer administers the repository before it looks the review up. */
async function dismissableReviewOf(c: Context<AppEnv>, doer: UserRow): Promise<{ p: PullRef; review: ReviewRow }> {
  const p = await pullOf(c, 'participate');
  if (!p.rc.perm.canAdmin()) throw forbidden('Must be repo admin');
  return { p, review: await getReview(c.var.deps.db, p, toIndex(c.req.param('id')), doer) };
}

async function one(c: Context<AppEnv>, p: PullRef, review: ReviewRow) {
  const { db, config } = c.var.deps;
  return (await toApiReviews(db, config, p.rc, p.issue, [review], c.var.user))[0]!;
}

reviewsRoutes.openapi(
  createRoute({
    ...onPull('get', '/reviews', 'repoListPullReviews', 'List all reviews for a pull request'),
    request: { params: PullParams, query: z.object({ page: zPage, limit: zLimit }) },
    responses: { 200: json(z.array(PullReviewSchema)), ...errorResponses(404) },
  }),
  async (c) => {
    const p = await pullOf(c, 'read');
    const { db, config } = c.var.deps;
    const pg = paging(c.req.valid('query'));
    const { rows, total } = await listReviews(db, p.issue.id, c.var.user, pg);
    setPageHeaders(c, total, pg);
    return c.json(await toApiReviews(db, config, p.rc, p.issue, rows, c.var.user), 200);
  },
);

reviewsRoutes.openapi(
  createRoute({
    ...onPull('post', '/reviews', 'repoCreatePullReview', 'Create a review to a pull request'),
    request: { params: PullParams, body: jsonBody(CreatePullReviewSchema) },
    responses: oneReviewWritten,
  }),
  async (c) => {
    const doer = requireUser(c);
    const p = await pullOf(c, 'participate');
    const input = withoutNulls(c.req.valid('json'));
    const review = await createReview(c.var.deps, p, doer, { ...input, comments: input.comments?.map(withoutNulls) });
    return c.json(await one(c, p, review), 200);
  },
);

reviewsRoutes.openapi(
  createRoute({
    ...onPull('get', '/reviews/{id}', 'repoGetPullReview', 'Get a specific review for a pull request'),
    request: { params: ReviewParams },
    responses: { 200: json(PullReviewSchema), ...errorResponses(404) },
  }),
  async (c) => {
    const { p, review } = await reviewOf(c, 'read');
    return c.json(await one(c, p, review), 200);
  },
);

reviewsRoutes.openapi(
  createRoute({
    ...onPull('post', '/reviews/{id}', 'repoSubmitPullReview', 'Submit a pending review to a pull request'),
    request: { params: ReviewParams, body: jsonBody(SubmitPullReviewSchema) },
    responses: oneReviewWritten,
  }),
  async (c) => {
    const doer = requireUser(c);
    const { p, review } = await reviewOf(c, 'participate');
    const { event, body } = c.req.valid('json');
    return c.json(await one(c, p, await submitReview(c.var.deps, p, review, doer, event, body ?? undefined)), 200);
  },
);

reviewsRoutes.openapi(
  createRoute({
    ...onPull('delete', '/reviews/{id}', 'repoDeletePullReview', 'Delete a specific review from a pull request'),
    request: { params: ReviewParams },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 423) },
  }),
  async (c) => {
    const doer = requireUser(c);
    const { review } = await reviewOf(c, 'participate');
    await deleteReview(c.var.deps, review, doer);
    return c.body(null, 204);
  },
);

reviewsRoutes.openapi(
  createRoute({
    ...onPull('get', '/reviews/{id}/comments', 'repoGetPullReviewComments', 'Get the comments of a pull review'),
    request: { params: ReviewParams },
    responses: { 200: json(z.array(PullReviewCommentSchema)), ...errorResponses(404) },
  }),
  async (c) => {
    const { p, review } = await reviewOf(c, 'read');
    const { db, config } = c.var.deps;
    return c.json(await toApiReviewComments(db, config, p.rc, p.issue, await reviewCodeComments(db, review.id), c.var.user), 200);
  },
);

reviewsRoutes.openapi(
  createRoute({
    ...onPull('post', '/reviews/{id}/dismissals', 'repoDismissPullReview', 'Dismiss a review for a pull request'),
    request: { params: ReviewParams, body: jsonBody(DismissPullReviewSchema) },
    responses: oneReviewWritten,
  }),
  async (c) => {
    const doer = requireUser(c);
    const { p, review } = await dismissableReviewOf(c, doer);
    const { message, priors } = c.req.valid('json');
    return c.json(await one(c, p, await dismissReview(c.var.deps, p, review, doer, true, message ?? '', priors ?? false)), 200);
  },
);

reviewsRoutes.openapi(
  createRoute({
    ...onPull('post', '/reviews/{id}/undismissals', 'repoUnDismissPullReview', 'Cancel to dismiss a review for a pull request'),
    request: { params: ReviewParams },
    responses: oneReviewWritten,
  }),
  async (c) => {
    const doer = requireUser(c);
    const { p, review } = await dismissableReviewOf(c, doer);
    return c.json(await one(c, p, await dismissReview(c.var.deps, p, review, doer, false)), 200);
  },
);

reviewsRoutes.openapi(
  createRoute({
    ...onPull('post', '/requested_reviewers', 'repoCreatePullReviewRequests', 'Create review requests for a pull request'),
    request: { params: PullParams, body: jsonBody(PullReviewRequestSchema) },
    responses: { 201: json(z.array(PullReviewSchema), 'Created'), ...errorResponses(401, 403, 404, 422, 423) },
  }),
  async (c) => {
    const doer = requireUser(c);
    const p = await pullOf(c, 'participate');
    const { reviewers, team_reviewers } = c.req.valid('json');
    const created = await changeReviewRequests(c.var.deps, p, doer, reviewers ?? [], team_reviewers ?? [], true);
    const { db, config } = c.var.deps;
    return c.json(await toApiReviews(db, config, p.rc, p.issue, created, doer), 201);
  },
);

reviewsRoutes.openapi(
  createRoute({
    ...onPull('delete', '/requested_reviewers', 'repoDeletePullReviewRequests', 'Cancel review requests for a pull request'),
    request: { params: PullParams, body: jsonBody(PullReviewRequestSchema) },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 422, 423) },
  }),
  async (c) => {
    const doer = requireUser(c);
    const p = await pullOf(c, 'participate');
    const { reviewers, team_reviewers } = c.req.valid('json');
    await changeReviewRequests(c.var.deps, p, doer, reviewers ?? [], team_reviewers ?? [], false);
    return c.body(null, 204);
  },
);

// Pull request reviews, review requests and inline review comments, as Gitea's
// routers/api/v1/repo/pull_review.go. Thin handlers: the rules live in services/reviews.ts.
import { createRoute } from '@hono/zod-openapi';
import { createRouter, errorResponses, z, zLimit, zPage } from '../api/openapi.ts';
import {
  CreatePullReviewSchema, DismissPullReviewSchema, PullReviewCommentSchema, PullReviewRequestSchema, PullReviewSchema,
  SubmitPullReviewSchema,
} from '../api/pull-schemas.ts';
import { ApiError } from '../errors.ts';

const notImplemented = () => new ApiError(501, 'not implemented yet');

export const reviewsRoutes = createRouter();

const json = <T extends z.ZodTypeAny>(schema: T, description = 'OK') => ({ description, content: { 'application/json': { schema } } });
const jsonBody = <T extends z.ZodTypeAny>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
const PullParams = z.object({
  owner: z.string(),
  repo: z.string(),
  index: z.coerce.number().int().openapi({ param: { name: 'index', in: 'path' }, example: 1 }),
});
const ReviewParams = PullParams.extend({ id: z.coerce.number().int().openapi({ param: { name: 'id', in: 'path' }, example: 1 }) });

reviewsRoutes.openapi(
  createRoute({
    method: 'get', path: '/repos/{owner}/{repo}/pulls/{index}/reviews', operationId: 'repoListPullReviews', tags: ['repository'],
    summary: 'List all reviews for a pull request',
    request: { params: PullParams, query: z.object({ page: zPage, limit: zLimit }) },
    responses: { 200: json(z.array(PullReviewSchema)), ...errorResponses(404) },
  }),
  () => { throw notImplemented(); },
);

reviewsRoutes.openapi(
  createRoute({
    method: 'post', path: '/repos/{owner}/{repo}/pulls/{index}/reviews', operationId: 'repoCreatePullReview', tags: ['repository'],
    summary: 'Create a review to a pull request',
    request: { params: PullParams, ...jsonBody(CreatePullReviewSchema) },
    responses: { 200: json(PullReviewSchema), ...errorResponses(401, 403, 404, 422, 423) },
  }),
  () => { throw notImplemented(); },
);

reviewsRoutes.openapi(
  createRoute({
    method: 'get', path: '/repos/{owner}/{repo}/pulls/{index}/reviews/{id}', operationId: 'repoGetPullReview', tags: ['repository'],
    summary: 'Get a specific review for a pull request',
    request: { params: ReviewParams },
    responses: { 200: json(PullReviewSchema), ...errorResponses(404) },
  }),
  () => { throw notImplemented(); },
);

reviewsRoutes.openapi(
  createRoute({
    method: 'post', path: '/repos/{owner}/{repo}/pulls/{index}/reviews/{id}', operationId: 'repoSubmitPullReview', tags: ['repository'],
    summary: 'Submit a pending review to a pull request',
    request: { params: ReviewParams, ...jsonBody(SubmitPullReviewSchema) },
    responses: { 200: json(PullReviewSchema), ...errorResponses(401, 403, 404, 422, 423) },
  }),
  () => { throw notImplemented(); },
);

reviewsRoutes.openapi(
  createRoute({
    method: 'delete', path: '/repos/{owner}/{repo}/pulls/{index}/reviews/{id}', operationId: 'repoDeletePullReview', tags: ['repository'],
    summary: 'Delete a specific review from a pull request',
    request: { params: ReviewParams },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 423) },
  }),
  () => { throw notImplemented(); },
);

reviewsRoutes.openapi(
  createRoute({
    method: 'get', path: '/repos/{owner}/{repo}/pulls/{index}/reviews/{id}/comments', operationId: 'repoGetPullReviewComments', tags: ['repository'],
    summary: 'Get the comments of a pull review',
    request: { params: ReviewParams },
    responses: { 200: json(z.array(PullReviewCommentSchema)), ...errorResponses(404) },
  }),
  () => { throw notImplemented(); },
);

reviewsRoutes.openapi(
  createRoute({
    method: 'post', path: '/repos/{owner}/{repo}/pulls/{index}/reviews/{id}/dismissals', operationId: 'repoDismissPullReview', tags: ['repository'],
    summary: 'Dismiss a review for a pull request',
    request: { params: ReviewParams, ...jsonBody(DismissPullReviewSchema) },
    responses: { 200: json(PullReviewSchema), ...errorResponses(401, 403, 404, 422, 423) },
  }),
  () => { throw notImplemented(); },
);

reviewsRoutes.openapi(
  createRoute({
    method: 'post', path: '/repos/{owner}/{repo}/pulls/{index}/reviews/{id}/undismissals', operationId: 'repoUnDismissPullReview', tags: ['repository'],
    summary: 'Cancel to dismiss a review for a pull request',
    request: { params: ReviewParams },
    responses: { 200: json(PullReviewSchema), ...errorResponses(401, 403, 404, 422, 423) },
  }),
  () => { throw notImplemented(); },
);

reviewsRoutes.openapi(
  createRoute({
    method: 'post', path: '/repos/{owner}/{repo}/pulls/{index}/requested_reviewers', operationId: 'repoCreatePullReviewRequests', tags: ['repository'],
    summary: 'Create review requests for a pull request',
    request: { params: PullParams, ...jsonBody(PullReviewRequestSchema) },
    responses: { 201: json(z.array(PullReviewSchema), 'Created'), ...errorResponses(401, 403, 404, 422, 423) },
  }),
  () => { throw notImplemented(); },
);

reviewsRoutes.openapi(
  createRoute({
    method: 'delete', path: '/repos/{owner}/{repo}/pulls/{index}/requested_reviewers', operationId: 'repoDeletePullReviewRequests', tags: ['repository'],
    summary: 'Cancel review requests for a pull request',
    request: { params: PullParams, ...jsonBody(PullReviewRequestSchema) },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 422, 423) },
  }),
  () => { throw notImplemented(); },
);

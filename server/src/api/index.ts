// The /api/v1 router: every area's routes, and the OpenAPI document built from them.
import { createRouter } from './openapi.ts';
import { cleanBodies } from './clean-text.ts';
import { usersRoutes } from '../routes/users.ts';
import { redirectOldUserName } from '../http/redirects.ts';
import { userAccountRoutes } from '../routes/user-account.ts';
import { userSessionsRoutes } from '../routes/user-sessions.ts';
import { userSocialRoutes } from '../routes/user-social.ts';
import { reposRoutes } from '../routes/repos.ts';
import { forksRoutes } from '../routes/forks.ts';
import { collaboratorsRoutes } from '../routes/collaborators.ts';
import { orgsRoutes } from '../routes/orgs.ts';
import { teamsRoutes } from '../routes/teams.ts';
import { issueSearchRoutes, issuesRoutes } from '../routes/issues.ts';
import { issuePinsRoutes } from '../routes/issue-pins.ts';
import { commentsRoutes } from '../routes/comments.ts';
import { labelsRoutes } from '../routes/labels.ts';
import { milestonesRoutes } from '../routes/milestones.ts';
import { branchesRoutes } from '../routes/branches.ts';
import { tagsRoutes } from '../routes/tags.ts';
import { branchProtectionsRoutes } from '../routes/branch-protections.ts';
import { commitsRoutes } from '../routes/commits.ts';
import { compareRoutes } from '../routes/compare.ts';
import { contentsRoutes } from '../routes/contents.ts';
import { contentsWriteRoutes } from '../routes/contents-write.ts';
import { feedsRoutes } from '../routes/feeds.ts';
import { pullsRoutes } from '../routes/pulls.ts';
import { pullMergeRoutes } from '../routes/pull-merge.ts';
import { reviewsRoutes } from '../routes/reviews.ts';
import { statusesRoutes } from '../routes/statuses.ts';
import { archiveRoutes } from '../routes/archive.ts';
import { gitTreesRoutes } from '../routes/git-trees.ts';
import { gitObjectsRoutes } from '../routes/git-objects.ts';
import { siteSettingsRoutes } from '../routes/site-settings.ts';
import { topicsRoutes } from '../routes/topics.ts';
import { languagesRoutes } from '../routes/languages.ts';
import { blameRoutes } from '../routes/blame.ts';
import { userEmailsRoutes } from '../routes/user-emails.ts';
import { userAccountExtRoutes } from '../routes/user-account-ext.ts';
import { repoAssignmentForAnonymous } from '../http/repo-assignment.ts';
import { releasesRoutes } from '../routes/releases.ts';
import { releaseAssetsRoutes } from '../routes/release-assets.ts';
import { codeSearchRoutes } from '../routes/code-search.ts';
import { notificationsRoutes } from '../routes/notifications.ts';
import { issueSubscriptionsRoutes } from '../routes/issue-subscriptions.ts';
import { reactionsRoutes } from '../routes/reactions.ts';
import { webhooksRoutes } from '../routes/webhooks.ts';
import { orgWebhooksRoutes } from '../routes/org-webhooks.ts';
import { markdownRoutes } from '../routes/markdown.ts';

export function createApi() {
  const api = createRouter();
  // Clean text (issue #23): a body with a NUL byte, a lone surrogate or a control character in a
  // single-line field is a 422 naming the field, when its handler reads it.
  api.use('*', cleanBodies);
  // Old names of renamed users and organizations: /users/{old}/… answers 307 to the new name (issue #10).
  api.use('/users/:username', redirectOldUserName);
  api.use('/users/:username/*', redirectOldUserName);
  // Anonymous writes to a private or missing repository: 404 before the route's 401 (Gitea's
  // repoAssignment before reqToken, issue #23).
  api.use('/repos/:owner/:repo', repoAssignmentForAnonymous);
  api.use('/repos/:owner/:repo/*', repoAssignmentForAnonymous);
  api.route('/', usersRoutes);
  api.route('/', userSessionsRoutes);
  api.route('/', userAccountRoutes);
  api.route('/', userSocialRoutes);
  api.route('/', userEmailsRoutes);
  api.route('/', userAccountExtRoutes);
  // Organizations and teams before the repository routes: their middleware sends a renamed
  // owner's old /orgs/{old}/… and /repos/{old}/… links to the new name.
  api.route('/', orgsRoutes);
  api.route('/', teamsRoutes);
  // Before the repository routes: /repos/issues/search would otherwise match /repos/{owner}/{repo}.
  api.route('/', issueSearchRoutes);
  api.route('/', reposRoutes);
  api.route('/', forksRoutes);
  api.route('/', collaboratorsRoutes);
  api.route('/', branchesRoutes);
  api.route('/', tagsRoutes);
  api.route('/', branchProtectionsRoutes);
  api.route('/', commitsRoutes);
  api.route('/', compareRoutes);
  api.route('/', contentsRoutes);
  api.route('/', contentsWriteRoutes);
  api.route('/', archiveRoutes);
  api.route('/', gitTreesRoutes);
  api.route('/', gitObjectsRoutes);
  api.route('/', siteSettingsRoutes);
  api.route('/', topicsRoutes);
  api.route('/', languagesRoutes);
  api.route('/', blameRoutes);
  api.route('/', releaseAssetsRoutes);
  api.route('/', releasesRoutes);
  api.route('/', codeSearchRoutes);
  api.route('/', feedsRoutes);
  // Comments and pins before issues: /issues/comments/… and /issues/pinned are not /issues/{index}/….
  api.route('/', issuePinsRoutes);
  api.route('/', reactionsRoutes);
  api.route('/', commentsRoutes);
  api.route('/', issueSubscriptionsRoutes);
  api.route('/', issuesRoutes);
  api.route('/', labelsRoutes);
  api.route('/', milestonesRoutes);
  // Pull request sub-resources before pullsRoutes: its /pulls/{base}/{head} would take /pulls/{index}/reviews.
  api.route('/', pullMergeRoutes);
  api.route('/', reviewsRoutes);
  api.route('/', statusesRoutes);
  api.route('/', pullsRoutes);
  api.route('/', notificationsRoutes);
  api.route('/', webhooksRoutes);
  api.route('/', orgWebhooksRoutes);
  api.route('/', markdownRoutes);
  api.openAPIRegistry.registerComponent('securitySchemes', 'AccessToken', { type: 'apiKey', in: 'header', name: 'Authorization' });
  // The web app's session cookie (routes/user-sessions.ts); unsafe methods also need X-Csrf-Token.
  api.openAPIRegistry.registerComponent('securitySchemes', 'WebSession', { type: 'apiKey', in: 'cookie', name: 'forge_session' });
  return api;
}

export function openApiDocument(api: ReturnType<typeof createApi>) {
  return api.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: 'Forge API', version: '1.0.0', description: 'Gitea-compatible API served under /api/v1.' },
    servers: [{ url: '/api/v1' }],
    security: [{ AccessToken: [] }, { WebSession: [] }],
  });
}

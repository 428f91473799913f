// The /api/v1 router: every area's routes, and the OpenAPI document built from them.
import { createRouter } from './openapi.ts';
import { usersRoutes } from '../routes/users.ts';
import { reposRoutes } from '../routes/repos.ts';
import { branchesRoutes } from '../routes/branches.ts';
import { commitsRoutes } from '../routes/commits.ts';
import { contentsRoutes } from '../routes/contents.ts';

export function createApi() {
  const api = createRouter();
  api.route('/', usersRoutes);
  api.route('/', reposRoutes);
  api.route('/', branchesRoutes);
  api.route('/', commitsRoutes);
  api.route('/', contentsRoutes);
  api.openAPIRegistry.registerComponent('securitySchemes', 'AccessToken', { type: 'apiKey', in: 'header', name: 'Authorization' });
  return api;
}

export function openApiDocument(api: ReturnType<typeof createApi>) {
  return api.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: 'Forge API', version: '1.0.0', description: 'Gitea-compatible API served under /api/v1.' },
    servers: [{ url: '/api/v1' }],
    security: [{ AccessToken: [] }],
  });
}

// Gitea's collaborator endpoints (routers/api/v1/repo/collaborators.go). The server's routes are
// being built beside this page (P1); until the generated schema lists them, this file widens the
// typed client for these paths only. Swap for the generated types once they land.
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type User = components['schemas']['User'];
export type CollaboratorPermission = 'read' | 'write' | 'admin';

/** GET …/collaborators/{user}/permission (Gitea's RepoCollaboratorPermission). */
export type RepoCollaboratorPermission = components['schemas']['RepoCollaboratorPermission'];

type Method = 'GET' | 'PUT' | 'DELETE';
interface LooseInit {
  params?: { path?: Record<string, string | number>; query?: Record<string, string | number | undefined> };
  body?: unknown;
}
type LooseCall = (path: string, init?: LooseInit) => Promise<{ data?: unknown; response: Response }>;

export async function collabRequest<T>(method: Method, path: string, init?: LooseInit): Promise<{ data: T; response: Response }> {
  const client = api() as unknown as Record<Method, LooseCall>;
  const { data, response } = await client[method](path, init);
  return { data: data as T, response };
}

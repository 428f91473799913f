// Gitea's collaborator shapes (routers/api/v1/repo/collaborators.go), aliased once from the
// generated schema for this feature.
import type { components } from '@/lib/api/schema';

export type User = components['schemas']['User'];
export type CollaboratorPermission = 'read' | 'write' | 'admin';

/** GET …/collaborators/{user}/permission (Gitea's RepoCollaboratorPermission). */
export type RepoCollaboratorPermission = components['schemas']['RepoCollaboratorPermission'];

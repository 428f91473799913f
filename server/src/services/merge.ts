// Merging pull requests (work in progress).
import type { Deps } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import type { z } from '@hono/zod-openapi';
import type { MergePullRequestSchema } from '../api/pull-schemas.ts';
import type { PullContext } from './pull-context.ts';

export type MergeForm = z.infer<typeof MergePullRequestSchema>;

export async function mergePullRequestApi(_deps: Deps, _pc: PullContext, _doer: UserRow, _form: MergeForm): Promise<'merged' | 'scheduled'> {
  throw new Error('not implemented');
}

export async function updatePullRequest(_deps: Deps, _pc: PullContext, _doer: UserRow, _style: 'merge' | 'rebase'): Promise<void> {
  throw new Error('not implemented');
}

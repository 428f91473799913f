// The branches page body: the default branch on its own, then a page of the others, with the
// create / rename / delete dialogs for those who may push.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import type { Branch } from '../api/branch-queries';
import { BranchRow } from './branch-row';
import { CreateBranchDialog } from './create-branch-dialog';
import { RenameBranchDialog } from './rename-branch-dialog';
import { DeleteBranchDialog } from './delete-branch-dialog';

export interface BranchPermissions {
  push: boolean;
  admin: boolean;
}

export function BranchList({
  owner,
  repo,
  defaultBranch,
  defaultBranchInfo,
  branches,
  tags,
  can,
}: {
  owner: string;
  repo: string;
  defaultBranch: string;
  defaultBranchInfo: Branch | null;
  branches: Branch[];
  tags: string[];
  can: BranchPermissions;
}) {
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const others = branches.filter((b) => b.name !== defaultBranch);
  const row = (b: Branch) => {
    const isDefault = b.name === defaultBranch;
    return (
      <BranchRow
        key={b.name}
        owner={owner}
        repo={repo}
        branch={b}
        isDefault={isDefault}
        canRename={isDefault ? can.admin : can.push}
        canRenameProtected={can.admin}
        canDelete={!isDefault && can.push}
        onRename={setRenaming}
        onDelete={setDeleting}
      />
    );
  };
  const box = 'divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800';
  return (
    <div className="space-y-5">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-lg font-semibold">Branches</h1>
        {can.push && (
          <Button variant="primary" onClick={() => setCreating(true)}>
            New branch
          </Button>
        )}
      </div>
      {defaultBranchInfo && (
        <section aria-labelledby="default-branch-heading">
          <h2 id="default-branch-heading" className="mb-2 text-sm font-medium text-gray-600 dark:text-gray-400">
            Default branch
          </h2>
          <ul className={box}>{row(defaultBranchInfo)}</ul>
        </section>
      )}
      <section aria-labelledby="other-branches-heading">
        <h2 id="other-branches-heading" className="mb-2 text-sm font-medium text-gray-600 dark:text-gray-400">
          Other branches
        </h2>
        {others.length ? <ul className={box}>{others.map(row)}</ul> : <EmptyState title="No other branches" />}
      </section>
      <CreateBranchDialog
        owner={owner}
        repo={repo}
        open={creating}
        onClose={() => setCreating(false)}
        defaultFrom={defaultBranch}
        branches={[defaultBranch, ...others.map((b) => b.name)]}
        tags={tags}
      />
      <RenameBranchDialog owner={owner} repo={repo} branch={renaming} onClose={() => setRenaming(null)} />
      <DeleteBranchDialog owner={owner} repo={repo} branch={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

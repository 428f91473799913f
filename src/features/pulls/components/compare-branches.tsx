// The two ref pickers of the compare page (base ← compare) and a swap button. Each side may be a
// branch, a tag or a commit SHA. Across forks the page puts a repository picker before each ref
// picker and lists the head repository's branches and tags.
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { BranchPicker, type PickedKind } from './branch-picker';

export interface CompareBranchesProps {
  base: string;
  head: string;
  branches: string[];
  /** The base repository's tags, offered on a second tab. */
  tags?: string[];
  /** What each side names, for its icon. */
  baseKind?: PickedKind;
  headKind?: PickedKind;
  onChange: (refs: { base: string; head: string }) => void;
  /** The head repository's branches when it is not the base repository (a fork). */
  headBranches?: string[];
  headTags?: string[];
  /** Repository pickers shown before the base and compare branch pickers. */
  baseRepo?: ReactNode;
  headRepo?: ReactNode;
  /** Swapping across repositories moves to the other repository's page, which the page decides. */
  onSwap?: () => void;
}

export function CompareBranches({
  base,
  head,
  branches,
  tags,
  baseKind,
  headKind,
  onChange,
  headBranches = branches,
  headTags = tags,
  baseRepo,
  headRepo,
  onSwap,
}: CompareBranchesProps) {
  return (
    <div
      role="group"
      aria-label="Branches to compare"
      className="flex flex-wrap items-center gap-2 rounded-lg border border-gray-200 bg-gray-50 p-3 dark:border-gray-800 dark:bg-gray-900"
    >
      <Side repo={baseRepo}>
        <BranchPicker label="base" value={base} kind={baseKind} branches={branches} tags={tags} onChange={(b) => onChange({ base: b, head })} />
      </Side>
      <span aria-hidden className="hidden text-gray-500 sm:inline">
        ←
      </span>
      <Side repo={headRepo}>
        <BranchPicker label="compare" value={head} kind={headKind} branches={headBranches} tags={headTags} onChange={(h) => onChange({ base, head: h })} />
      </Side>
      <Button
        size="sm"
        variant="ghost"
        disabled={!head}
        onClick={() => (onSwap ? onSwap() : onChange({ base: head, head: base }))}
        aria-label="Swap base and compare branches"
        title="Swap base and compare"
      >
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden className="fill-current">
          <path d="M5.22 14.78a.75.75 0 0 0 1.06-1.06L4.56 12h8.69a.75.75 0 0 0 0-1.5H4.56l1.72-1.72a.75.75 0 0 0-1.06-1.06l-3 3a.75.75 0 0 0 0 1.06l3 3Zm5.56-6.5a.75.75 0 1 1-1.06-1.06l1.72-1.72H2.75a.75.75 0 0 1 0-1.5h8.69L9.72 2.28a.75.75 0 0 1 1.06-1.06l3 3a.75.75 0 0 1 0 1.06l-3 3Z" />
        </svg>
        Swap
      </Button>
    </div>
  );
}

/** A repository picker and its branch picker wrap together, so each side reads as one. */
function Side({ repo, children }: { repo?: ReactNode; children: ReactNode }) {
  if (!repo) return children;
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      {repo}
      {children}
    </div>
  );
}

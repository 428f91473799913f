// The code view's branch/tag switcher for other pages of a ref (Commits, Blame): the repository's
// branches and tags read here, the switcher itself is features/code's; `hrefFor` keeps the page.
import { useQuery } from '@tanstack/react-query';
import { branchQueries } from '@/features/branches/api/branch-queries';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { RefSwitcher } from '@/features/code/components/ref-switcher';
import type { RefKind } from '@/lib/paths';

interface Props {
  owner: string;
  repo: string;
  kind: RefKind;
  current: string;
  hrefFor: (kind: 'branch' | 'tag', name: string) => string;
}

export function RepoRefSwitcher({ owner, repo, kind, current, hrefFor }: Props) {
  const repository = useQuery(repoQueries.detail(owner, repo));
  const branches = useQuery(branchQueries.list(owner, repo));
  const tags = useQuery(branchQueries.tags(owner, repo));
  return (
    <RefSwitcher
      kind={kind}
      current={current}
      branches={branches.data?.branches.map((b) => b.name) ?? (kind === 'branch' ? [current] : [])}
      tags={tags.data?.tags.map((t) => t.name) ?? []}
      defaultBranch={repository.data?.default_branch ?? current}
      hrefFor={hrefFor}
    />
  );
}

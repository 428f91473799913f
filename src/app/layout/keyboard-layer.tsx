// The app's keyboard shortcuts (features/shortcuts) wired to the pages: "/" search, "?" the list,
// and in a repository "t" Go to file (features/file-finder) and "g c" / "g i" / "g p" its tabs.
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { queryClient } from '../query-client';
import { paths, type RefKind } from '@/lib/paths';
import { useKeyboardShortcuts } from '@/features/shortcuts/lib/use-keyboard-shortcuts';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { branchQueries } from '@/features/branches/api/branch-queries';
import { isRefKind, splitRefPath } from '@/features/code/lib/ref-path';
import { useCurrentRepo } from './use-current-repo';

// The dialogs load on first use: every page carries the keyboard layer, few open them.
const ShortcutsDialog = lazy(() => import('@/features/shortcuts/components/shortcuts-dialog').then((m) => ({ default: m.ShortcutsDialog })));
const FileFinderDialog = lazy(() => import('@/features/file-finder/components/file-finder-dialog').then((m) => ({ default: m.FileFinderDialog })));

/** The ref the page shows (/src|blame|commits/{kind}/{ref}/…), else the default branch. */
function currentRef(pathname: string, owner: string, repo: string): { kind: RefKind; ref: string } {
  const segs = pathname.split('/').slice(1).map(decodeURIComponent);
  const [, , view, kind, ...rest] = segs;
  if (view && ['src', 'blame', 'commits'].includes(view) && isRefKind(kind) && rest.length) {
    const known =
      kind === 'branch'
        ? queryClient.getQueryData(branchQueries.list(owner, repo).queryKey)?.branches.map((b) => b.name)
        : kind === 'tag'
          ? queryClient.getQueryData(branchQueries.tags(owner, repo).queryKey)?.tags.map((t) => t.name)
          : undefined;
    const loc = splitRefPath(kind, rest.join('/'), known ?? []);
    if (loc.ref) return { kind, ref: loc.ref };
  }
  const detail = queryClient.getQueryData(repoQueries.detail(owner, repo).queryKey);
  return { kind: 'branch', ref: detail?.default_branch || 'HEAD' };
}

export function KeyboardLayer() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = useCurrentRepo();
  const [help, setHelp] = useState(false);
  const [finder, setFinder] = useState<{ owner: string; repo: string; kind: RefKind; ref: string } | null>(null);

  useKeyboardShortcuts({
    '/': () => {
      const search = document.getElementById('global-search');
      search?.focus();
    },
    '?': () => setHelp(true),
    t: current ? () => setFinder({ ...current, ...currentRef(pathname, current.owner, current.repo) }) : undefined,
    'g c': current ? () => navigate(paths.repo.href(current.owner, current.repo)) : undefined,
    'g i': current ? () => navigate(paths.issues.href(current.owner, current.repo)) : () => navigate(paths.yourIssues.href()),
    'g p': current ? () => navigate(paths.pulls.href(current.owner, current.repo)) : () => navigate(paths.yourPulls.href()),
  });

  return (
    <Suspense fallback={null}>
      {help && <ShortcutsDialog open onClose={() => setHelp(false)} />}
      {finder && (
        <FileFinderDialog
          open
          owner={finder.owner}
          repo={finder.repo}
          refName={finder.ref}
          onClose={() => setFinder(null)}
          hrefFor={(p) => paths.src.href(finder.owner, finder.repo, finder.kind, finder.ref, p)}
        />
      )}
    </Suspense>
  );
}

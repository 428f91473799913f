// The repository of the current page, for the shell around it (top bar, keyboard shortcuts).
import { useMatches } from 'react-router';

/** The repository of the current page, from the matched routes' params; null outside a repository. */
export function useCurrentRepo(): { owner: string; repo: string } | null {
  const matches = useMatches();
  for (const m of matches) {
    const p = m.params as { owner?: string; repo?: string };
    if (p.owner && p.repo) return { owner: p.owner, repo: p.repo };
  }
  return null;
}

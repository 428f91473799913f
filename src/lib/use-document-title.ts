// Every page names itself in the tab and history, as Gitea and GitHub do: the page's own words
// first, then its repository or owner, then the site — e.g. "Fix login (#12) · alice/tools · Forge".
import { useEffect } from 'react';

const SITE = 'Forge';

/** "a · b · Forge" from the parts that are set. */
export function documentTitle(...parts: (string | null | undefined | false)[]): string {
  return [...parts.filter((p): p is string => !!p), SITE].join(' · ');
}

/**
 * Sets document.title while the page is shown. Only leaf routes call it (a layout's effect would
 * run after its page's and win); a part still loading can be left out and the title follows it.
 */
export function useDocumentTitle(...parts: (string | null | undefined | false)[]): void {
  const title = documentTitle(...parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

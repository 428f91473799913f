// The new-issue draft, kept in sessionStorage per repository so it survives a failed submit and
// a reload of the tab, and is dropped once the issue exists.
import { useEffect, useState } from 'react';

export interface IssueDraft {
  title: string;
  body: string;
  labels: number[];
  assignees: string[];
  milestone: number | null;
  /** yyyy-mm-dd, or '' for none. */
  due: string;
}

export const emptyDraft: IssueDraft = { title: '', body: '', labels: [], assignees: [], milestone: null, due: '' };

export const draftKey = (owner: string, repo: string) => `forge.issue-draft:${owner}/${repo}`;

function load(key: string): IssueDraft {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? { ...emptyDraft, ...(JSON.parse(raw) as Partial<IssueDraft>) } : emptyDraft;
  } catch {
    return emptyDraft;
  }
}

export function useIssueDraft(owner: string, repo: string) {
  const key = draftKey(owner, repo);
  const [draft, setDraft] = useState<IssueDraft>(() => load(key));
  useEffect(() => {
    try {
      if (JSON.stringify(draft) === JSON.stringify(emptyDraft)) sessionStorage.removeItem(key);
      else sessionStorage.setItem(key, JSON.stringify(draft));
    } catch {
      // Storage may be full or disabled; the draft then lives only as long as the page.
    }
  }, [key, draft]);
  const update = (patch: Partial<IssueDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const clear = () => {
    sessionStorage.removeItem(key);
    setDraft(emptyDraft);
  };
  return { draft, update, clear };
}

// A compare/pull head as Gitea reads it: "branch", "owner:branch" or "owner/repo:branch". Git
// forbids ':' in branch names, so the first colon always separates the repository part.
export interface HeadRef {
  owner?: string;
  repo?: string;
  branch: string;
}

export function parseHeadRef(head: string): HeadRef {
  const i = head.indexOf(':');
  if (i < 0) return { branch: head };
  const who = head.slice(0, i);
  const branch = head.slice(i + 1);
  const slash = who.indexOf('/');
  return slash < 0 ? { owner: who, branch } : { owner: who.slice(0, slash), repo: who.slice(slash + 1), branch };
}

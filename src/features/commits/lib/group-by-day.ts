// Groups commits under "Commits on Nov 3, 2026" headings, in the viewer's time zone.
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export function commitDate(c: { commit: { committer?: { date?: string } | null; author?: { date?: string } | null } }): string {
  return c.commit.committer?.date || c.commit.author?.date || '';
}

export function groupByDay<T extends Parameters<typeof commitDate>[0]>(commits: readonly T[]): { day: string; commits: T[] }[] {
  const groups: { day: string; commits: T[] }[] = [];
  for (const c of commits) {
    const d = commitDate(c);
    const day = d ? dayFormat.format(new Date(d)) : 'Unknown date';
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.commits.push(c);
    else groups.push({ day, commits: [c] });
  }
  return groups;
}

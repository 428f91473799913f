// The file summary of a comparison. Our server sends `files` with line counts; a Gitea server does
// not, so the summary then comes from the commits' own file lists (no counts; the last commit to
// touch a file decides its status, and a file added then removed again drops out).
import type { Compare } from '../api/compare-queries';

export interface SummaryFile {
  filename: string;
  previous_filename?: string;
  status: 'added' | 'deleted' | 'modified' | 'renamed' | 'copied' | 'changed';
  additions?: number;
  deletions?: number;
}

export function compareSummaryFiles(c: Pick<Compare, 'files' | 'commits'>): { files: SummaryFile[]; counted: boolean } {
  if (c.files) return { files: c.files, counted: true };
  const byName = new Map<string, SummaryFile>();
  for (const commit of c.commits) {
    for (const f of commit.files ?? []) {
      const prev = byName.get(f.filename);
      const status = f.status === 'removed' ? 'deleted' : f.status === 'added' ? 'added' : 'modified';
      if (prev?.status === 'added' && status === 'deleted') byName.delete(f.filename);
      else byName.set(f.filename, { filename: f.filename, status: prev?.status === 'added' && status === 'modified' ? 'added' : status });
    }
  }
  return { files: [...byName.values()].sort((a, b) => a.filename.localeCompare(b.filename)), counted: false };
}

// Parses a unified diff once and shows a summary of files plus one lazily drawn block per file.
import { useMemo } from 'react';
import { parse } from 'diff2html';
import 'diff2html/bundles/css/diff2html.min.css';
import { EmptyState } from '@/components/ui/empty-state';
import type { DiffStyle } from './diff-style-toggle';
import { DiffFileBlock, fileAnchor, fileName } from './diff-file-block';
import { DiffFileList } from './diff-file-list';

export function DiffViewer({ diff, style }: { diff: string; style: DiffStyle }) {
  const files = useMemo(() => parse(diff, { matching: 'none' }), [diff]);
  if (files.length === 0) return <EmptyState title="No changes">This commit changes no files.</EmptyState>;
  return (
    <div className="space-y-4">
      <DiffFileList files={files} />
      {files.map((f, i) => (
        <DiffFileBlock key={`${i}:${fileName(f)}`} id={fileAnchor(f, i)} file={f} style={style} />
      ))}
    </div>
  );
}

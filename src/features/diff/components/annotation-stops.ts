// The places n/p step through: every annotation of the diff, in reading order.
import type { FileModel } from '../lib/diff-model';
import { linePosition } from '../lib/diff-rows';
import type { DiffAnnotation } from './diff-table';

export interface AnnotationStop {
  fileIndex: number;
  key: string;
  pos: number;
}

/** Annotations in reading order (files in diff order; outdated ones first in their file); those of files not in the diff are left out. */
export function annotationStops(annotations: Record<string, DiffAnnotation[]> | undefined, byPath: ReadonlyMap<string, FileModel>): AnnotationStop[] {
  const out: AnnotationStop[] = [];
  if (!annotations) return out;
  for (const [path, list] of Object.entries(annotations)) {
    const m = byPath.get(path);
    if (!m) continue;
    for (const a of list) out.push({ fileIndex: m.index, key: a.key, pos: linePosition(m.file, a.side, a.line) });
  }
  return out.sort((a, b) => a.fileIndex - b.fileIndex || a.pos - b.pos);
}

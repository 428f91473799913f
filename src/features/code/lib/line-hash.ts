// The #L10 / #L10-L20 fragment of a file URL, as Gitea writes it.
export type LineRange = [start: number, end: number];

export function parseLineHash(hash: string): LineRange | null {
  const m = /^#L(\d+)(?:-L(\d+))?$/.exec(hash);
  if (!m) return null;
  const a = Number(m[1]);
  const b = m[2] ? Number(m[2]) : a;
  return a <= b ? [a, b] : [b, a];
}

export const formatLineHash = ([a, b]: LineRange) => (a === b ? `#L${a}` : `#L${a}-L${b}`);

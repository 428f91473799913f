// Under the rule name: which existing branches the pattern matches right now, as the server will,
// and which of them another rule governs today (priority decides between rules that match).
import { matchingBranches } from '../glob';

const SHOWN = 20;

export function PatternPreview({
  pattern,
  branches,
  partial,
  protectedBy = {},
}: {
  pattern: string;
  branches: string[];
  partial: boolean;
  /** Branch name → the rule that protects it now, as the branch list answers. */
  protectedBy?: Record<string, string>;
}) {
  const p = pattern.trim();
  if (!p) return null;
  const matched = matchingBranches(p, branches);
  const scope = partial ? ' among the first branches listed' : '';
  return (
    <div role="status" aria-label="Matching branches" className="text-xs text-gray-600 dark:text-gray-400">
      {matched.length === 0 ? (
        <p>Matches no existing branch{scope}.</p>
      ) : (
        <>
          <p>
            Matches {matched.length} existing branch{matched.length === 1 ? '' : 'es'}
            {scope}:
          </p>
          <ul className="mt-1 flex flex-wrap gap-1">
            {matched.slice(0, SHOWN).map((b) => (
              <li key={b} className="rounded border border-gray-300 px-1.5 py-0.5 font-mono text-gray-800 dark:border-gray-700 dark:text-gray-200">
                {b}
                {protectedBy[b] && protectedBy[b] !== p && (
                  <span className="font-sans text-gray-500 dark:text-gray-400"> · now under rule {protectedBy[b]}</span>
                )}
              </li>
            ))}
            {matched.length > SHOWN && <li>and {matched.length - SHOWN} more</li>}
          </ul>
        </>
      )}
    </div>
  );
}

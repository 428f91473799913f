// Under the rule name: which existing branches the pattern matches right now, as the server will.
import { matchingBranches } from '../glob';

const SHOWN = 20;

export function PatternPreview({ pattern, branches, partial }: { pattern: string; branches: string[]; partial: boolean }) {
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
              </li>
            ))}
            {matched.length > SHOWN && <li>and {matched.length - SHOWN} more</li>}
          </ul>
        </>
      )}
    </div>
  );
}

// The repository's languages under its description, as Gitea's and GitHub's bar: one coloured
// segment per language by its share of the code, with the names and percentages below. Loaded
// beside the page (never holding it up); nothing shows while it loads, when the repository has no
// code, or when the server has no such route.
import { useQuery } from '@tanstack/react-query';
import { languageQueries } from '../api/language-queries';

// GitHub Linguist's colours for common languages; others share a grey.
const COLORS: Record<string, string> = {
  C: '#555555',
  'C#': '#178600',
  'C++': '#f34b7d',
  CSS: '#663399',
  Dart: '#00B4AB',
  Go: '#00ADD8',
  HTML: '#e34c26',
  Java: '#b07219',
  JavaScript: '#f1e05a',
  Kotlin: '#A97BFF',
  Lua: '#000080',
  Makefile: '#427819',
  PHP: '#4F5D95',
  Perl: '#0298c3',
  Python: '#3572A5',
  Ruby: '#701516',
  Rust: '#dea584',
  SCSS: '#c6538c',
  Shell: '#89e051',
  Swift: '#F05138',
  TypeScript: '#3178c6',
  Vue: '#41b883',
};
const OTHER = '#9ca3af';

/** Shares of the whole, largest first, each rounded to one decimal. */
export function languageShares(stats: Record<string, number>): { name: string; percent: number; color: string }[] {
  const total = Object.values(stats).reduce((a, b) => a + b, 0);
  if (!total) return [];
  return Object.entries(stats)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([name, bytes]) => ({ name, percent: Math.round((bytes / total) * 1000) / 10, color: COLORS[name] ?? OTHER }));
}

export function LanguageBar({ owner, repo }: { owner: string; repo: string }) {
  const { data } = useQuery(languageQueries.stats(owner, repo));
  const shares = languageShares(data ?? {});
  if (!shares.length) return null;
  return (
    <div className="mt-3 max-w-xl">
      <div className="flex h-2 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800" aria-hidden="true">
        {shares.map((s) => (
          <span key={s.name} style={{ width: `${s.percent}%`, backgroundColor: s.color }} />
        ))}
      </div>
      <ul aria-label="Languages" className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-700 dark:text-gray-300">
        {shares.map((s) => (
          <li key={s.name} className="flex items-center gap-1.5">
            <span className="inline-block h-2 w-2 rounded-full" style={{ backgroundColor: s.color }} aria-hidden="true" />
            <span className="font-medium">{s.name}</span> <span className="text-gray-600 dark:text-gray-400">{s.percent}%</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

// How whitespace changes are shown, kept in the URL as ?whitespace= (Gitea's values), which the
// caller passes on to the diff endpoint (`.diff?whitespace=`). "show-all" is the default and stays
// out of the URL.
import { useSearchParams } from 'react-router';

export type WhitespaceMode = 'show-all' | 'ignore-all' | 'ignore-change' | 'ignore-eol';

const MODES: [WhitespaceMode, string][] = [
  ['show-all', 'Show all whitespace'],
  ['ignore-all', 'Ignore all whitespace'],
  ['ignore-change', 'Ignore whitespace amount'],
  ['ignore-eol', 'Ignore whitespace at line end'],
];

export function useWhitespaceMode(): WhitespaceMode {
  const [params] = useSearchParams();
  const v = params.get('whitespace');
  return MODES.some(([m]) => m === v) ? (v as WhitespaceMode) : 'show-all';
}

export function WhitespaceToggle() {
  const [params, setParams] = useSearchParams();
  const mode = useWhitespaceMode();
  const set = (m: WhitespaceMode) => {
    const next = new URLSearchParams(params);
    if (m === 'show-all') next.delete('whitespace');
    else next.set('whitespace', m);
    setParams(next, { replace: true, preventScrollReset: true });
  };
  return (
    <select
      aria-label="Whitespace"
      value={mode}
      onChange={(e) => set(e.target.value as WhitespaceMode)}
      className="rounded-md border border-gray-300 bg-white px-2 py-1 text-xs text-gray-800 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
    >
      {MODES.map(([m, label]) => (
        <option key={m} value={m}>
          {label}
        </option>
      ))}
    </select>
  );
}

// A file's lines with numbers. Each number links to #L<n>; shift-click extends to a range. The
// selected lines are highlighted and, on arrival, scrolled into view.
import { useEffect, useRef, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { formatLineHash, parseLineHash } from '../lib/line-hash';

export function CodeLines({ lines, highlighted }: { lines: string[]; highlighted?: string[] | null }) {
  const location = useLocation();
  const navigate = useNavigate();
  const range = parseLineHash(location.hash);
  const scrolled = useRef(false);

  const start = range?.[0];
  useEffect(() => {
    if (scrolled.current || start === undefined) return;
    scrolled.current = true;
    document.getElementById(`L${start}`)?.scrollIntoView?.({ block: 'center' });
  }, [start]);

  const select = (e: MouseEvent<HTMLAnchorElement>, n: number) => {
    if (e.metaKey || e.ctrlKey || e.altKey) return;
    e.preventDefault();
    const next = e.shiftKey && range ? formatLineHash([Math.min(range[0], n), Math.max(range[0], n)] as [number, number]) : formatLineHash([n, n]);
    // The fragment changes but the page stays where the reader is.
    navigate({ pathname: location.pathname, search: location.search, hash: next }, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse font-mono text-xs leading-5">
        <tbody>
          {lines.map((line, i) => {
            const n = i + 1;
            const on = !!range && n >= range[0] && n <= range[1];
            const html = highlighted?.[i];
            return (
              <tr key={n} id={`L${n}`} className={on ? 'bg-amber-100 dark:bg-amber-900/40' : undefined}>
                <td className="w-px select-none whitespace-nowrap border-r border-gray-200 px-3 text-right align-top dark:border-gray-800">
                  <a
                    href={`#L${n}`}
                    onClick={(e) => select(e, n)}
                    className={`block text-gray-500 hover:text-gray-900 dark:text-gray-400 dark:hover:text-gray-100 ${on ? 'font-semibold text-gray-700 dark:text-gray-200' : ''}`}
                    aria-current={on ? 'location' : undefined}
                  >
                    {n}
                  </a>
                </td>
                {html !== undefined ? (
                  <td className="whitespace-pre px-3 align-top" dangerouslySetInnerHTML={{ __html: html || '\n' }} />
                ) : (
                  <td className="whitespace-pre px-3 align-top">{line || '\n'}</td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

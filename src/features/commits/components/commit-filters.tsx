// since/until date filters, kept in the URL; changing them goes back to page 1.
import { useSearchParams } from 'react-router';
import { useLatestSearchParams } from '@/lib/use-latest-search';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';

export function CommitFilters() {
  const [params, setParams] = useSearchParams();
  const latest = useLatestSearchParams();
  const since = params.get('since') ?? '';
  const until = params.get('until') ?? '';
  return (
    <form
      // Re-mount when the URL changes so the inputs show what is applied.
      key={`${since}|${until}`}
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const fd = new FormData(e.currentTarget);
        const next = new URLSearchParams(latest);
        next.delete('page');
        for (const k of ['since', 'until'] as const) {
          const v = String(fd.get(k) ?? '');
          if (v) next.set(k, v);
          else next.delete(k);
        }
        setParams(next);
      }}
    >
      <label className="text-xs font-medium text-gray-700 dark:text-gray-300">
        Since
        <input type="date" name="since" defaultValue={since} className={`${inputClass} mt-1 py-1.5 dark:[color-scheme:dark]`} />
      </label>
      <label className="text-xs font-medium text-gray-700 dark:text-gray-300">
        Until
        <input type="date" name="until" defaultValue={until} className={`${inputClass} mt-1 py-1.5 dark:[color-scheme:dark]`} />
      </label>
      <Button type="submit" size="md">
        Filter
      </Button>
      {(since || until) && (
        <Button
          variant="ghost"
          onClick={() => {
            const next = new URLSearchParams(latest);
            ['since', 'until', 'page'].forEach((k) => next.delete(k));
            setParams(next);
          }}
        >
          Clear dates
        </Button>
      )}
    </form>
  );
}

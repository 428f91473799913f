// ?date=YYYY-MM-DD: shows one day of the feed.
import { useSearchParams } from 'react-router';
import { useLatestSearchParams } from '@/lib/use-latest-search';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';

export function ActivityDateFilter() {
  const [params, setParams] = useSearchParams();
  const latest = useLatestSearchParams();
  const date = params.get('date') ?? '';
  const apply = (value: string) => {
    const next = new URLSearchParams(latest);
    next.delete('page');
    if (value) next.set('date', value);
    else next.delete('date');
    setParams(next);
  };
  return (
    <div className="flex items-end gap-2">
      <label className="text-xs font-medium text-gray-700 dark:text-gray-300">
        Day
        <input type="date" value={date} onChange={(e) => apply(e.target.value)} className={`${inputClass} mt-1 py-1.5 dark:[color-scheme:dark]`} />
      </label>
      {date && (
        <Button variant="ghost" onClick={() => apply('')}>
          All days
        </Button>
      )}
    </div>
  );
}

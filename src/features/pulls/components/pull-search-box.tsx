// Words to look for in the pull request list, kept in the URL as ?q= like the issue list's box;
// the other filters stay and the list starts again at page 1.
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useLatestSearchParams } from '@/lib/use-latest-search';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { pullViewSearch } from '../lib/pull-list-params';

export function PullSearchBox({ q }: { q: string }) {
  const search = useLatestSearchParams();
  const navigate = useNavigate();
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const words = String(new FormData(e.currentTarget).get('q') ?? '').trim();
    navigate(pullViewSearch(search, { q: words }));
  };
  return (
    <form role="search" aria-label="Pull requests" onSubmit={onSubmit} className="flex w-full min-w-0 gap-2">
      <label className="sr-only" htmlFor="pull-search">
        Search pull requests
      </label>
      <input key={q} id="pull-search" name="q" type="search" defaultValue={q} placeholder="Search pull requests…" className={`${inputClass} min-w-0 flex-1`} />
      <Button type="submit">Search</Button>
    </form>
  );
}

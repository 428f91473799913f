// The search box of the Code tab: sends the query to /{owner}/{repo}/search?q=… (at the ref being
// browsed). Shown only by pages whose server searches code.
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { inputClass } from '@/components/ui/field';

export function CodeSearchBox({ owner, repo, refName }: { owner: string; repo: string; refName?: string }) {
  const [q, setQ] = useState('');
  const navigate = useNavigate();
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!q.trim()) return;
    navigate(paths.codeSearch.href(owner, repo, { q: q.trim(), ...(refName ? { ref: refName } : {}) }));
  };
  return (
    <form role="search" onSubmit={submit} className="flex items-center gap-1">
      <label htmlFor={id} className="sr-only">
        Search code
      </label>
      <input id={id} type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Search code…" className={`${inputClass} !w-48 !py-1`} />
    </form>
  );
}

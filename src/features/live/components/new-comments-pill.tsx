// "1 new comment" (issue #20): when another user's comment arrives on the conversation being read
// and it is out of view, the page does not jump to it; this button says so and, pressed, goes to
// the first of them (the timeline scrolls to #issuecomment-<id>). It goes away once they are seen.
// A comment counts as arrived when the live stream says so, or when the loaded timeline (the whole
// of it) gains one by someone else: a refetch (after the stream opened late, on focus, or polling
// a server without the stream) brings news too.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { subscribeLive } from '../lib/live-bus';

export interface NewCommentsPillProps {
  owner: string;
  repo: string;
  /** The issue or pull request number of the conversation shown. */
  index: number;
  /** The reader's login: their own comments are not news. */
  me?: string;
  /** The comments of the loaded timeline, and whether it is all loaded (else a later page is no news). */
  comments?: { id: number; author?: string }[];
  complete?: boolean;
}

const inView = (id: number) => {
  const el = document.getElementById(`issuecomment-${id}`);
  if (!el) return false;
  const r = el.getBoundingClientRect();
  return r.top < window.innerHeight && r.bottom > 0;
};

export function NewCommentsPill({ owner, repo, index, me, comments, complete = false }: NewCommentsPillProps) {
  const [ids, setIds] = useState<number[]>([]);
  const navigate = useNavigate();
  const location = useLocation();
  // The comments seen so far; null until the timeline first loads.
  const known = useRef<Set<number> | null>(null);

  useEffect(() => {
    setIds([]);
    known.current = null;
    return subscribeLive((m) => {
      if (m.type !== 'issue.commented' || m.issue !== index || !m.comment || (me && m.actor === me)) return;
      if (m.repo && m.repo.toLowerCase() !== `${owner}/${repo}`.toLowerCase()) return;
      const id = m.comment;
      setIds((list) => (list.includes(id) ? list : [...list, id]));
    });
  }, [owner, repo, index, me]);

  useEffect(() => {
    if (!comments) return;
    const seen = known.current;
    known.current = new Set(comments.map((c) => c.id));
    if (!seen || !complete) return;
    const fresh = comments.filter((c) => !seen.has(c.id) && !(me && c.author === me) && !inView(c.id)).map((c) => c.id);
    if (fresh.length) setIds((list) => [...list, ...fresh.filter((id) => !list.includes(id))]);
  }, [comments, complete, me]);

  // Seen once scrolled into view (checked on scroll and as the timeline renders them).
  const check = useCallback(() => setIds((list) => (list.length && list.some(inView) ? list.filter((id) => !inView(id)) : list)), []);
  useEffect(() => {
    if (!ids.length) return;
    window.addEventListener('scroll', check, { passive: true });
    const t = setInterval(check, 1000);
    return () => {
      window.removeEventListener('scroll', check);
      clearInterval(t);
    };
  }, [ids.length, check]);

  if (!ids.length) return null;
  const label = ids.length === 1 ? '1 new comment' : `${ids.length} new comments`;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-3" role="status">
      <button
        type="button"
        className="pointer-events-auto flex items-center gap-1.5 rounded-full bg-indigo-600 px-4 py-2 text-sm font-medium text-white shadow-lg hover:bg-indigo-700 focus-visible:ring-2 focus-visible:ring-indigo-300 focus-visible:outline-none"
        onClick={() => {
          const first = ids[0]!;
          setIds([]);
          void navigate({ pathname: location.pathname, search: location.search, hash: `#issuecomment-${first}` }, { replace: true, preventScrollReset: true });
          requestAnimationFrame(() => document.getElementById(`issuecomment-${first}`)?.scrollIntoView({ block: 'center' }));
        }}
      >
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden className="fill-current">
          <path d="M8 12.5a.75.75 0 0 1-.53-.22l-4-4a.75.75 0 0 1 1.06-1.06L8 10.69l3.47-3.47a.75.75 0 1 1 1.06 1.06l-4 4a.75.75 0 0 1-.53.22Z" />
        </svg>
        {label}
      </button>
    </div>
  );
}

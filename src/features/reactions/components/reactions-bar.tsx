// Reactions under an issue, a pull request description or a comment (issue #20): one button per
// emoji used, with its count, pressed when the reader's own (aria-pressed), named by who reacted
// ("heart by alice, bob (2)": the count shown is part of the name); and "Add reaction", a menu of Gitea's eight. Pressing one adds or
// removes the reader's reaction. Readers of a locked conversation who may not write only look.
import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { focusFirstItem, onMenuArrowKeys } from '@/components/ui/menu-keys';
import { errorMessage } from '@/lib/api/api-error';
import type { components } from '@/lib/api/schema';
import { reactionQueries, type Reaction, type ReactionTarget } from '../api/reaction-queries';
import { useToggleReaction } from '../api/use-toggle-reaction';

type User = components['schemas']['User'];

/** Gitea's allowed reactions, in its order, with their emoji and words. */
export const REACTIONS = [
  { content: '+1', emoji: '👍', name: 'thumbs up' },
  { content: '-1', emoji: '👎', name: 'thumbs down' },
  { content: 'laugh', emoji: '😄', name: 'laugh' },
  { content: 'hooray', emoji: '🎉', name: 'hooray' },
  { content: 'confused', emoji: '😕', name: 'confused' },
  { content: 'heart', emoji: '❤️', name: 'heart' },
  { content: 'rocket', emoji: '🚀', name: 'rocket' },
  { content: 'eyes', emoji: '👀', name: 'eyes' },
] as const;

export interface ReactionsBarProps {
  owner: string;
  repo: string;
  target: ReactionTarget;
  /** The signed-in reader (null: signed out, who only sees the reactions). */
  me: User | null;
  /** False on a locked conversation for those who may not write. */
  canReact: boolean;
  /** What the reactions are on, for labels: "comment by alice", "issue description". */
  subject: string;
}

interface Group {
  content: string;
  emoji: string;
  name: string;
  users: string[];
  mine: boolean;
}

export function groupReactions(list: Reaction[], meId: number | undefined): Group[] {
  const groups: Group[] = [];
  for (const r of REACTIONS) {
    const of = list.filter((x) => x.content === r.content);
    if (of.length) groups.push({ ...r, users: of.map((x) => x.user.login), mine: of.some((x) => x.user.id === meId) });
  }
  return groups;
}

export function ReactionsBar({ owner, repo, target, me, canReact, subject }: ReactionsBarProps) {
  const { data = [] } = useQuery(reactionQueries.list(owner, repo, target));
  const toggle = useToggleReaction(owner, repo, target, me);
  const groups = groupReactions(data, me?.id);
  const mayReact = !!me && canReact;
  if (!groups.length && !mayReact) return null;
  const react = (content: string, add: boolean) => toggle.mutate({ content, add });
  return (
    <div className="mt-3 flex flex-wrap items-center gap-1.5" role="group" aria-label={`Reactions to ${subject}`}>
      {groups.map((g) => (
        <button
          key={g.content}
          type="button"
          aria-pressed={g.mine}
          title={`${g.name} by ${g.users.join(', ')}`}
          disabled={!mayReact || toggle.isPending}
          onClick={() => react(g.content, !g.mine)}
          className={`flex h-7 items-center gap-1 rounded-full border px-2 text-sm tabular-nums disabled:cursor-default ${
            g.mine
              ? 'border-indigo-400 bg-indigo-50 text-indigo-900 dark:border-indigo-400 dark:bg-indigo-950 dark:text-indigo-100'
              : 'border-gray-300 bg-white text-gray-800 hover:bg-gray-50 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800'
          }`}
        >
          {/* Named by its text (no aria-label), so the count shown is part of the name. */}
          <span className="sr-only">{`${g.name} by ${g.users.join(', ')} (`}</span>
          <span aria-hidden>{g.emoji}</span>
          <span>{g.users.length}</span>
          <span className="sr-only">)</span>
        </button>
      ))}
      {mayReact && <ReactionPicker subject={subject} mine={new Set(groups.filter((g) => g.mine).map((g) => g.content))} onPick={react} />}
      {toggle.isError && (
        <span role="alert" className="text-xs text-red-700 dark:text-red-300">
          {errorMessage(toggle.error)}
        </span>
      )}
    </div>
  );
}

function ReactionPicker({ subject, mine, onPick }: { subject: string; mine: Set<string>; onPick: (content: string, add: boolean) => void }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    focusFirstItem(menu.current);
    const away = (e: MouseEvent) => {
      if (!menu.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', away);
    return () => document.removeEventListener('mousedown', away);
  }, [open]);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Add reaction to ${subject}`}
        title="Add reaction"
        onClick={() => setOpen((o) => !o)}
        className="flex h-7 w-8 items-center justify-center rounded-full border border-gray-300 text-gray-600 hover:bg-gray-50 hover:text-gray-900 dark:border-gray-700 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white"
      >
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden className="fill-current">
          <path d="M8 0a8 8 0 1 1 0 16A8 8 0 0 1 8 0ZM1.5 8a6.5 6.5 0 1 0 13 0 6.5 6.5 0 0 0-13 0Zm3.82 1.636a.75.75 0 0 1 1.038.175l.007.009c.103.118.22.222.35.31.264.178.683.37 1.285.37.602 0 1.02-.192 1.285-.371.13-.088.247-.192.35-.31l.007-.008a.75.75 0 0 1 1.222.87l-.022-.015c.02.013.021.015.021.015v.001l-.001.002-.002.003-.005.007-.014.019a2.066 2.066 0 0 1-.184.213c-.16.166-.338.316-.53.445-.63.418-1.37.638-2.127.629-.946 0-1.652-.308-2.126-.63a3.331 3.331 0 0 1-.715-.657l-.014-.02-.005-.006-.002-.003v-.002h-.001l.613-.432-.614.43a.75.75 0 0 1 .183-1.044ZM12 7a1 1 0 1 1-2 0 1 1 0 0 1 2 0ZM5 8a1 1 0 1 1 0-2 1 1 0 0 1 0 2Z" />
        </svg>
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label="Reactions"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              close();
            } else if (e.key === 'Tab') setOpen(false);
            else onMenuArrowKeys(e);
          }}
          className="absolute bottom-full left-0 z-30 mb-1 flex gap-0.5 rounded-lg border border-gray-200 bg-white p-1 shadow-lg dark:border-gray-700 dark:bg-gray-900"
        >
          {REACTIONS.map((r) => (
            <button
              key={r.content}
              type="button"
              role="menuitemcheckbox"
              aria-checked={mine.has(r.content)}
              aria-label={r.name}
              title={r.name}
              tabIndex={-1}
              onClick={() => {
                onPick(r.content, !mine.has(r.content));
                close();
              }}
              className={`flex h-8 w-8 items-center justify-center rounded-md text-lg hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:hover:bg-gray-800 ${
                mine.has(r.content) ? 'bg-indigo-50 dark:bg-indigo-950' : ''
              }`}
            >
              <span aria-hidden>{r.emoji}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

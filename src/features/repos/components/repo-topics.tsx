// A repository's topics under its description, as on Gitea and GitHub: each one links to the
// repositories that carry it; its admins edit them in place ("Manage topics"), with the rules
// checked before saving and the server's refusal shown beside the field, keeping what was typed.
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { errorMessage, isApiError } from '@/lib/api/api-error';
import { paths } from '@/lib/paths';
import type { Repository } from '../api/repo-queries';
import { useSetRepoTopics } from '../api/use-repo-topics';
import { parseTopics, topicsProblem } from './topic-rules';

const chipClass =
  'inline-block rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-800 hover:bg-indigo-100 dark:bg-indigo-950 dark:text-indigo-200 dark:hover:bg-indigo-900';

/** The topic chips alone (repository lists show them too). */
export function TopicChips({ topics, className = '' }: { topics: string[]; className?: string }) {
  if (!topics.length) return null;
  return (
    <ul aria-label="Topics" className={`flex flex-wrap gap-1.5 ${className}`}>
      {topics.map((t) => (
        <li key={t}>
          <Link to={paths.explore.href({ q: t, topic: '1' })} className={chipClass}>
            {t}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function RepoTopics({ repo }: { repo: Repository }) {
  const topics = repo.topics ?? [];
  const [editing, setEditing] = useState(false);
  // Closing the editor (saved, cancelled, Escape) puts the focus back on the button that opened it.
  const refocus = useRef(false);
  const canEdit = !!repo.permissions?.admin;
  if (editing)
    return (
      <TopicsEditor
        repo={repo}
        onDone={() => {
          refocus.current = true;
          setEditing(false);
        }}
      />
    );
  if (!topics.length && !canEdit) return null;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      <TopicChips topics={topics} />
      {canEdit && (
        <button
          type="button"
          ref={(el) => {
            if (el && refocus.current) {
              refocus.current = false;
              el.focus();
            }
          }}
          className="text-xs text-indigo-600 hover:underline dark:text-indigo-400"
          onClick={() => setEditing(true)}
        >
          Manage topics
        </button>
      )}
    </div>
  );
}

function serverProblem(error: unknown): string | null {
  if (!error) return null;
  if (isApiError(error) && error.status === 422) {
    const invalid = (error.body as { invalidTopics?: unknown } | null)?.invalidTopics;
    const names = Array.isArray(invalid) ? invalid : typeof invalid === 'string' ? [invalid] : [];
    return names.length ? `${error.message}: ${names.join(', ')}` : error.message;
  }
  return errorMessage(error);
}

function TopicsEditor({ repo, onDone }: { repo: Repository; onDone: () => void }) {
  const [text, setText] = useState((repo.topics ?? []).join(' '));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSetRepoTopics(repo.owner.login, repo.name);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const names = parseTopics(text);
    const found = topicsProblem(names);
    setProblem(found);
    if (!found) save.mutate(names, { onSuccess: onDone });
  };
  return (
    <form
      aria-label="Manage topics"
      className="mt-2 max-w-xl space-y-2"
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDone();
      }}
    >
      <TextField
        label="Topics"
        value={text}
        autoFocus
        onChange={(e) => {
          setText(e.target.value);
          setProblem(null);
          save.reset();
        }}
        error={problem ?? serverProblem(save.error)}
        hint="Separate topics with spaces or commas: lower case letters, digits, dashes and dots, up to 25."
      />
      <div className="flex gap-2">
        <Button type="submit" variant="primary" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save topics'}
        </Button>
        <Button size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

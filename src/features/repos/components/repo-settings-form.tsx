// The repository's options: name, description, website, visibility, template, units and the
// default branch. Only changed fields are sent, so a save never overwrites what it did not show.
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Checkbox, SelectField, TextArea, TextField } from '@/components/ui/field';
import { ErrorNotice } from '@/components/ui/error-notice';
import type { Repository } from '../api/repo-queries';
import { useEditRepo, type EditRepoInput } from '../api/use-edit-repo';
import { formErrors } from './server-field-error';
import { repoNameProblem } from '@/lib/name-rules';

// Only units this forge has pages for: a Wiki, Projects or Releases switch would promise a page
// that does not exist (the API still accepts and stores those flags, as Gitea's).
const UNITS = [
  ['has_issues', 'Issues', 'Track bugs and tasks.'],
  ['has_pull_requests', 'Pull requests', 'Propose and review changes.'],
] as const;

type Unit = (typeof UNITS)[number][0];

/** The merge styles a pull request may use here (Gitea's pull request unit settings), with the API's style names. */
const MERGE_STYLES = [
  ['allow_merge_commits', 'merge', 'Create a merge commit'],
  ['allow_rebase', 'rebase', 'Rebase and fast-forward'],
  ['allow_rebase_explicit', 'rebase-merge', 'Rebase and create a merge commit'],
  ['allow_squash_merge', 'squash', 'Squash into one commit'],
  ['allow_fast_forward_only_merge', 'fast-forward-only', 'Fast-forward only'],
  ['allow_manual_merge', null, 'Mark as manually merged'],
] as const;

type MergeFlag = (typeof MERGE_STYLES)[number][0] | 'default_delete_branch_after_merge';

const FIELDS = ['name', 'description', 'website', 'default_branch'];

// Besides "field: reason", Gitea words some refusals as "reason [name: value]"; the bracket
// repeats what the user typed, so it is dropped.
const BRACKET = /^(.*?)\s*\[(\w+): [^\]]*\]\s*$/s;
const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function settingsErrors(error: unknown) {
  const e = formErrors(error, FIELDS);
  const m = e.general ? BRACKET.exec(e.general) : null;
  if (m && FIELDS.includes(m[2])) return { fields: { [m[2]]: sentence(m[1]) } as Record<string, string>, general: null };
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(e.fields)) fields[k] = sentence(BRACKET.exec(v)?.[1] ?? v);
  return { fields, general: e.general };
}

function changes(repo: Repository, fd: FormData): EditRepoInput {
  const out: Record<string, string | boolean> = {};
  const text = (k: 'name' | 'description' | 'website' | 'default_branch') => {
    const v = String(fd.get(k) ?? '').trim();
    if (v !== (repo[k] ?? '')) out[k] = v;
  };
  const flag = (k: 'private' | 'template' | Unit | MergeFlag) => {
    const v = fd.get(k) === 'on';
    if (v !== !!repo[k]) out[k] = v;
  };
  text('name');
  text('description');
  text('website');
  if (fd.has('default_branch')) text('default_branch');
  flag('private');
  flag('template');
  UNITS.forEach(([k]) => flag(k));
  if (fd.has('default_merge_style')) {
    MERGE_STYLES.forEach(([k]) => flag(k));
    flag('default_delete_branch_after_merge');
    const style = String(fd.get('default_merge_style'));
    if (style !== repo.default_merge_style) out.default_merge_style = style;
  }
  return out as EditRepoInput;
}

export function RepoSettingsForm({ repo, branches, onRenamed }: { repo: Repository; branches: string[]; onRenamed: (name: string) => void }) {
  const owner = repo.owner.login;
  const edit = useEditRepo(owner, repo.name);
  const [unchanged, setUnchanged] = useState(false);
  // The server's name rule, checked before sending; cleared as soon as the name changes.
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const errors = settingsErrors(edit.error);
  const branchOptions = branches.includes(repo.default_branch) || !repo.default_branch ? branches : [repo.default_branch, ...branches];
  return (
    <form
      aria-labelledby="settings-options-heading"
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        const fd = new FormData(e.currentTarget);
        const problem = repoNameProblem(String(fd.get('name') ?? '').trim());
        setNameProblem(problem);
        if (problem) return;
        const body = changes(repo, fd);
        setUnchanged(Object.keys(body).length === 0);
        if (Object.keys(body).length === 0) return;
        edit.mutate(body, {
          onSuccess: (updated) => {
            toast.success('Settings saved');
            if (updated.name !== repo.name) onRenamed(updated.name);
          },
        });
      }}
    >
      <h2 id="settings-options-heading" className="text-base font-semibold">
        Options
      </h2>
      <TextField
        label="Repository name"
        name="name"
        required
        defaultValue={repo.name}
        autoComplete="off"
        onChange={() => setNameProblem(null)}
        error={nameProblem ?? errors.fields.name}
        hint="Renaming changes the URLs of the repository; old links stop working."
      />
      <TextArea label="Description" name="description" rows={3} defaultValue={repo.description} error={errors.fields.description} />
      <TextField label="Website" name="website" type="url" defaultValue={repo.website} placeholder="https://example.com" error={errors.fields.website} />
      {branchOptions.length > 0 && (
        <SelectField
          label="Default branch"
          name="default_branch"
          defaultValue={repo.default_branch}
          error={errors.fields.default_branch}
          hint="The branch shown first and the default base of pull requests."
        >
          {branchOptions.map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </SelectField>
      )}
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-semibold">Visibility</legend>
        <Checkbox name="private" defaultChecked={repo.private} label="Private" hint="Only people with access can see it." />
        <Checkbox name="template" defaultChecked={repo.template} label="Template repository" hint="Others can generate new repositories from it." />
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-semibold">Features</legend>
        {UNITS.map(([k, label, hint]) => (
          <Checkbox key={k} role="switch" name={k} defaultChecked={!!repo[k]} label={label} hint={hint} />
        ))}
      </fieldset>
      {repo.has_pull_requests && (
        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm font-semibold">Pull requests</legend>
          {MERGE_STYLES.map(([k, , label]) => (
            <Checkbox key={k} name={k} defaultChecked={!!repo[k]} label={label} />
          ))}
          <SelectField label="Default merge style" name="default_merge_style" defaultValue={repo.default_merge_style} hint="Offered first in the merge box.">
            {MERGE_STYLES.flatMap(([, style, label]) =>
              style
                ? [
                    <option key={style} value={style}>
                      {label}
                    </option>,
                  ]
                : [],
            )}
          </SelectField>
          <Checkbox
            name="default_delete_branch_after_merge"
            defaultChecked={repo.default_delete_branch_after_merge}
            label="Delete the head branch after merge by default"
          />
        </fieldset>
      )}
      {errors.general && <ErrorNotice error={edit.error} />}
      <div className="flex items-center gap-3">
        <Button type="submit" variant="primary" disabled={edit.isPending}>
          {edit.isPending ? 'Saving…' : 'Save settings'}
        </Button>
        {unchanged && <span className="text-sm text-gray-600 dark:text-gray-400">Nothing changed.</span>}
      </div>
    </form>
  );
}

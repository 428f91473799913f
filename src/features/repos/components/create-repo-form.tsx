// The "New repository" form: POST /user/repos, with the server's field errors shown in place.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Checkbox, SelectField, TextArea, TextField } from '@/components/ui/field';
import { paths } from '@/lib/paths';
import { useCreateRepo, type CreateRepoInput } from '../api/use-create-repo';
import type { Repository } from '../api/repo-queries';
import { formErrors } from './server-field-error';
import { repoNameProblem } from '@/lib/name-rules';
import { RepoNameFields } from './repo-name-fields';
import { useCreatableOwners } from '../api/creatable-owners';

const GITIGNORES = ['Node', 'Go', 'Python', 'Rust', 'Java', 'macOS'];
const LICENSES = [
  { value: 'MIT', label: 'MIT License' },
  { value: 'Apache-2.0', label: 'Apache License 2.0' },
  { value: 'GPL-3.0', label: 'GNU GPL v3.0' },
];
const FIELDS = ['name', 'description', 'default_branch', 'gitignores', 'license'] as const;

export interface CreateRepoFormProps {
  /** The signed-in user. */
  owner: string;
  /** The organization picked at first (Gitea's ?org=<id> link), if the user may create there. */
  initialOrgId?: number;
  onCreated: (repo: Repository) => void;
}

export function CreateRepoForm({ owner: me, initialOrgId, onCreated }: CreateRepoFormProps) {
  const owners = useCreatableOwners(me);
  const [picked, setOwner] = useState<string | null>(null);
  const owner = picked ?? owners.find((o) => o.isOrg && o.id === initialOrgId)?.login ?? me;
  const [v, setV] = useState({
    name: '',
    description: '',
    private: false,
    template: false,
    auto_init: true,
    gitignores: '',
    license: '',
    default_branch: 'main',
  });
  const set = <K extends keyof typeof v>(k: K, value: (typeof v)[K]) => setV((prev) => ({ ...prev, [k]: value }));
  const create = useCreateRepo();
  const errors = formErrors(create.error, FIELDS);
  // The server's name rule, checked before sending; cleared as soon as the name changes.
  const [nameProblem, setNameProblem] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = repoNameProblem(v.name.trim());
    setNameProblem(problem);
    if (problem) return;
    const body: CreateRepoInput = {
      name: v.name.trim(),
      description: v.description,
      private: v.private,
      template: v.template,
      auto_init: v.auto_init,
      default_branch: v.default_branch.trim() || 'main',
    };
    // The README, .gitignore and license only exist in an initial commit.
    if (v.auto_init) {
      body.readme = 'Default';
      if (v.gitignores) body.gitignores = v.gitignores;
      if (v.license) body.license = v.license;
    }
    create.mutate({ body, org: owner === me ? undefined : owner }, { onSuccess: onCreated });
  };

  return (
    <form onSubmit={submit} className="space-y-5" aria-label="New repository" noValidate>
      <RepoNameFields
        owner={owner}
        owners={owners.map((o) => o.login)}
        onOwnerChange={(o) => (setOwner(o), create.reset())}
        name={v.name}
        onNameChange={(name) => (set('name', name), setNameProblem(null))}
        nameError={nameProblem ?? errors.fields.name}
        nameHint="Letters, digits, dashes, underscores and dots. Short and memorable is best."
      />
      <TextArea
        label="Description"
        name="description"
        rows={2}
        value={v.description}
        onChange={(e) => set('description', e.target.value)}
        error={errors.fields.description}
      />

      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-medium text-gray-800 dark:text-gray-200">Visibility</legend>
        <Checkbox
          label="Make repository private"
          hint={owner === me ? 'Only you and people you add can see it.' : `Only ${owner}'s owners and the teams you give it to can see it.`}
          checked={v.private}
          onChange={(e) => set('private', e.target.checked)}
        />
        <Checkbox
          label="Make repository a template"
          hint="Others can start new repositories from its files."
          checked={v.template}
          onChange={(e) => set('template', e.target.checked)}
        />
      </fieldset>

      <fieldset className="rounded-lg border border-gray-200 p-4 dark:border-gray-800">
        <legend className="px-1 text-sm font-medium text-gray-800 dark:text-gray-200">Initial content</legend>
        <div className="space-y-4">
          <Checkbox
            label="Initialize repository"
            hint="Adds a first commit with a README, and the .gitignore and license chosen below."
            checked={v.auto_init}
            onChange={(e) => set('auto_init', e.target.checked)}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label=".gitignore"
              name="gitignores"
              value={v.gitignores}
              disabled={!v.auto_init}
              onChange={(e) => set('gitignores', e.target.value)}
              error={errors.fields.gitignores}
            >
              <option value="">None</option>
              {GITIGNORES.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="License"
              name="license"
              value={v.license}
              disabled={!v.auto_init}
              onChange={(e) => set('license', e.target.value)}
              error={errors.fields.license}
            >
              <option value="">None</option>
              {LICENSES.map((l) => (
                <option key={l.value} value={l.value}>
                  {l.label}
                </option>
              ))}
            </SelectField>
          </div>
          <TextField
            label="Default branch"
            name="default_branch"
            autoComplete="off"
            spellCheck={false}
            value={v.default_branch}
            onChange={(e) => set('default_branch', e.target.value)}
            error={errors.fields.default_branch}
          />
        </div>
      </fieldset>

      <ErrorNotice error={errors.general} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" disabled={create.isPending || !v.name.trim()}>
          {create.isPending ? 'Creating…' : 'Create repository'}
        </Button>
        <Link to={paths.home.href()} className="text-sm text-gray-600 hover:underline dark:text-gray-400">
          Cancel
        </Link>
      </div>
    </form>
  );
}

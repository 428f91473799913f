// "New repository from template": POST /repos/{template_owner}/{template_repo}/generate.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Checkbox, TextArea } from '@/components/ui/field';
import { paths } from '@/lib/paths';
import { useGenerateRepo, type GenerateRepoInput } from '../api/use-generate-repo';
import type { Repository } from '../api/repo-queries';
import { formErrors } from './server-field-error';
import { RepoNameFields } from './repo-name-fields';

const ITEMS = [
  { key: 'git_content', label: 'Git content', hint: 'The files of the default branch, as one new first commit.' },
  { key: 'topics', label: 'Topics' },
  { key: 'labels', label: 'Issue labels' },
  { key: 'webhooks', label: 'Webhooks' },
  { key: 'git_hooks', label: 'Git hooks' },
  { key: 'avatar', label: 'Avatar' },
] as const;
type Item = (typeof ITEMS)[number]['key'];
const FIELDS = ['name', 'description', 'owner'] as const;

export function GenerateRepoForm({ template, owner, onCreated }: { template: Repository; owner: string; onCreated: (repo: Repository) => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [isPrivate, setPrivate] = useState(template.private);
  // Gitea's defaults: content, topics and labels come along; hooks, webhooks and avatar do not.
  const [items, setItems] = useState<Record<Item, boolean>>({
    git_content: true,
    topics: true,
    labels: true,
    webhooks: false,
    git_hooks: false,
    avatar: false,
  });
  const [localError, setLocalError] = useState<string | null>(null);
  const generate = useGenerateRepo();
  const errors = formErrors(generate.error, FIELDS);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!Object.values(items).some(Boolean)) {
      setLocalError('Choose at least one thing to copy from the template.');
      return;
    }
    setLocalError(null);
    const body: GenerateRepoInput = { owner, name: name.trim(), description, private: isPrivate, ...items };
    generate.mutate({ templateOwner: template.owner.login, templateRepo: template.name, body }, { onSuccess: onCreated });
  };

  return (
    <form onSubmit={submit} className="space-y-5" aria-label="New repository from template" noValidate>
      <RepoNameFields owner={owner} ownerError={errors.fields.owner} name={name} onNameChange={setName} nameError={errors.fields.name} />
      <TextArea
        label="Description"
        name="description"
        rows={2}
        placeholder={template.description || undefined}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={errors.fields.description}
      />
      <Checkbox
        label="Make repository private"
        hint="Only you and people you add can see it."
        checked={isPrivate}
        onChange={(e) => setPrivate(e.target.checked)}
      />
      <fieldset className="rounded-lg border border-gray-200 p-4 dark:border-gray-800">
        <legend className="px-1 text-sm font-medium text-gray-800 dark:text-gray-200">Copy from the template</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {ITEMS.map((item) => (
            <Checkbox
              key={item.key}
              label={item.label}
              hint={'hint' in item ? item.hint : undefined}
              checked={items[item.key]}
              onChange={(e) => setItems((prev) => ({ ...prev, [item.key]: e.target.checked }))}
            />
          ))}
        </div>
      </fieldset>
      <ErrorNotice error={localError ?? errors.general} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" disabled={generate.isPending || !name.trim()}>
          {generate.isPending ? 'Creating…' : 'Create repository'}
        </Button>
        <Link to={paths.repo.href(template.owner.login, template.name)} className="text-sm text-gray-600 hover:underline dark:text-gray-400">
          Back to {template.full_name}
        </Link>
      </div>
    </form>
  );
}

// A team's name, description, repositories (all or chosen) and the units table: what members may
// do with code, issues, pull requests, releases and wiki. Sent as Gitea's units_map, with the
// team-wide permission the highest of them (Gitea derives it that way too).
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox, TextArea, TextField } from '@/components/ui/field';
import { ErrorNotice } from '@/components/ui/error-notice';
import { orgFormErrors } from './org-errors';
import type { Team, TeamOption, UnitKey } from '../api/org-api';
import { UNITS, unitLevels, type UnitLevel } from './team-permission';

const LEVELS: UnitLevel[] = ['none', 'read', 'write'];

interface Props {
  team?: Team;
  pending: boolean;
  error: unknown;
  submitLabel: string;
  onSubmit: (body: TeamOption) => void;
}

export function TeamForm({ team, pending, error, submitLabel, onSubmit }: Props) {
  const [name, setName] = useState(team?.name ?? '');
  const [description, setDescription] = useState(team?.description ?? '');
  const [all, setAll] = useState(team?.includes_all_repositories ?? false);
  const [canCreate, setCanCreate] = useState(team?.can_create_org_repo ?? false);
  const [levels, setLevels] = useState<Record<UnitKey, UnitLevel>>(() =>
    team ? unitLevels(team) : { 'repo.code': 'read', 'repo.issues': 'read', 'repo.pulls': 'read', 'repo.releases': 'read', 'repo.wiki': 'read' },
  );
  const errs = orgFormErrors(error, ['name', 'description'], 'name');
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        const values = Object.values(levels);
        // Gitea's option takes read/write/admin only; with every unit off, units_map alone says so.
        const permission = values.includes('write') ? ('write' as const) : values.includes('read') ? ('read' as const) : undefined;
        onSubmit({
          name: name.trim(),
          description,
          includes_all_repositories: all,
          can_create_org_repo: canCreate,
          ...(permission ? { permission } : {}),
          units: UNITS.map((u) => u.key).filter((k) => levels[k] !== 'none'),
          units_map: { ...levels },
        });
      }}
    >
      <TextField label="Team name" name="name" required maxLength={255} value={name} onChange={(e) => setName(e.target.value)} error={errs.fields.name} />
      <TextArea
        label="Description"
        name="description"
        maxLength={255}
        rows={2}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={errs.fields.description}
        hint={`${description.length} / 255`}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-gray-800 dark:text-gray-200">Repositories</legend>
        <Checkbox
          label="All repositories"
          hint="Every repository of the organization, including ones made later."
          checked={all}
          onChange={(e) => setAll(e.target.checked)}
        />
        <Checkbox
          label="May create repositories"
          hint="Members can create repositories in the organization."
          checked={canCreate}
          onChange={(e) => setCanCreate(e.target.checked)}
        />
      </fieldset>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="pb-2 text-left text-sm font-medium text-gray-800 dark:text-gray-200">Permissions per unit</caption>
          <thead>
            <tr className="border-b border-gray-200 text-left dark:border-gray-800">
              <th scope="col" className="py-2 pr-4 font-medium">
                Unit
              </th>
              {LEVELS.map((l) => (
                <th key={l} scope="col" className="px-3 py-2 text-center font-medium capitalize">
                  {l === 'none' ? 'No access' : l}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {UNITS.map((u) => (
              <tr key={u.key} className="border-b border-gray-100 dark:border-gray-800">
                <th scope="row" className="py-2 pr-4 text-left font-normal">
                  {u.label}
                </th>
                {LEVELS.map((l) => (
                  <td key={l} className="px-3 py-2 text-center">
                    <input
                      type="radio"
                      name={u.key}
                      aria-label={`${u.label}: ${l === 'none' ? 'no access' : l}`}
                      className="accent-indigo-600"
                      checked={levels[u.key] === l}
                      onChange={() => setLevels((s) => ({ ...s, [u.key]: l }))}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ErrorNotice error={errs.general} />
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? 'Saving…' : submitLabel}
      </Button>
    </form>
  );
}

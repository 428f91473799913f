// The fields of an organization, for creating one (with its name) and for its settings. Errors
// from the server land beside the field they name; what was typed stays.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorNotice } from '@/components/ui/error-notice';
import { orgFormErrors } from './org-errors';
import type { CreateOrgOption, Organization, Visibility } from '../api/org-api';
import { CountedField } from './counted-field';
import { ORG_FIELDS, ORG_LIMITS } from './org-limits';

const VISIBILITIES: { value: Visibility; label: string; hint: string }[] = [
  { value: 'public', label: 'Public', hint: 'Anyone can see the organization.' },
  { value: 'limited', label: 'Limited', hint: 'Only signed-in users can see it.' },
  { value: 'private', label: 'Private', hint: 'Only its members can see it.' },
];

interface Props {
  /** Editing an existing organization: its name is not a field here (renaming is separate). */
  org?: Organization;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (body: CreateOrgOption) => void;
}

export function OrgForm({ org, submitLabel, pendingLabel, pending, error, onSubmit }: Props) {
  const [v, setV] = useState({
    username: '',
    full_name: org?.full_name ?? '',
    email: org?.email ?? '',
    description: org?.description ?? '',
    website: org?.website ?? '',
    location: org?.location ?? '',
    visibility: org?.visibility ?? ('public' as Visibility),
  });
  const errs = orgFormErrors(error, ['username', ...ORG_FIELDS]);
  const set = (k: keyof typeof v) => (value: string) => setV((s) => ({ ...s, [k]: value }));
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        const { username, ...rest } = v;
        onSubmit(org ? { username: org.name, ...rest } : { username: username.trim(), ...rest });
      }}
    >
      {!org && (
        <CountedField
          label="Organization name"
          name="username"
          required
          value={v.username}
          max={ORG_LIMITS.username}
          onChange={set('username')}
          error={errs.fields.username}
          hint="letters, digits, - _ ."
        />
      )}
      <CountedField
        label="Full name"
        name="full_name"
        value={v.full_name}
        max={ORG_LIMITS.full_name}
        onChange={set('full_name')}
        error={errs.fields.full_name}
      />
      <CountedField label="Email" name="email" type="email" value={v.email} max={ORG_LIMITS.email} onChange={set('email')} error={errs.fields.email} />
      <CountedField
        label="Description"
        name="description"
        multiline
        value={v.description}
        max={ORG_LIMITS.description}
        onChange={set('description')}
        error={errs.fields.description}
      />
      <CountedField label="Website" name="website" value={v.website} max={ORG_LIMITS.website} onChange={set('website')} error={errs.fields.website} />
      <CountedField label="Location" name="location" value={v.location} max={ORG_LIMITS.location} onChange={set('location')} error={errs.fields.location} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-gray-800 dark:text-gray-200">Visibility</legend>
        {VISIBILITIES.map((o) => (
          <label key={o.value} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="visibility"
              value={o.value}
              checked={v.visibility === o.value}
              onChange={() => set('visibility')(o.value)}
              className="mt-0.5 accent-indigo-600"
            />
            <span>
              <span className="font-medium">{o.label}</span>
              <span className="block text-xs text-gray-500 dark:text-gray-400">{o.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <ErrorNotice error={errs.general} />
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}

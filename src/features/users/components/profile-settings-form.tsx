// The signed-in user's profile: full name, description, website, location and visibility
// (PATCH /user/settings). The form stays as typed when the server refuses it, with the reason
// beside the field it names.
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { SelectField, TextArea, TextField } from '@/components/ui/field';
import { ErrorNotice } from '@/components/ui/error-notice';
import { formErrors } from '@/lib/form-errors';
import type { User } from '../api/user-queries';
import type { UserSettings, UserSettingsInput } from '../api/gitea-types';
import { useEditUserSettings } from '../api/use-edit-user-settings';

const FIELDS = ['full_name', 'description', 'website', 'location', 'visibility'];

export function ProfileSettingsForm({ settings, user }: { settings: UserSettings; user: User }) {
  const edit = useEditUserSettings();
  const [values, setValues] = useState({
    full_name: settings.full_name ?? '',
    description: settings.description ?? '',
    website: settings.website ?? '',
    location: settings.location ?? '',
    visibility: (settings.visibility ?? user.visibility ?? 'public') as NonNullable<UserSettingsInput['visibility']>,
  });
  const errors = formErrors(edit.error, FIELDS);
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    edit.mutate(
      {
        full_name: values.full_name.trim(),
        description: values.description,
        website: values.website.trim(),
        location: values.location.trim(),
        visibility: values.visibility,
      },
      { onSuccess: () => toast.success('Your profile has been updated') },
    );
  };
  return (
    <section aria-labelledby="profile-settings-title" className="space-y-4">
      <h2 id="profile-settings-title" className="text-lg font-semibold">
        Public profile
      </h2>
      <form onSubmit={submit} className="max-w-xl space-y-4" noValidate>
        <TextField label="Full name" name="full_name" maxLength={100} value={values.full_name} onChange={set('full_name')} error={errors.fields.full_name} />
        <TextArea
          label="Biography"
          name="description"
          rows={3}
          maxLength={255}
          value={values.description}
          onChange={set('description')}
          error={errors.fields.description}
        />
        <TextField
          label="Website"
          name="website"
          type="url"
          placeholder="https://example.com"
          value={values.website}
          onChange={set('website')}
          error={errors.fields.website}
        />
        <TextField label="Location" name="location" maxLength={50} value={values.location} onChange={set('location')} error={errors.fields.location} />
        <SelectField
          label="Visibility"
          name="visibility"
          value={values.visibility}
          onChange={set('visibility')}
          error={errors.fields.visibility}
          hint="Limited: only signed-in users see your profile. Private: only you and administrators."
        >
          <option value="public">Public</option>
          <option value="limited">Limited</option>
          <option value="private">Private</option>
        </SelectField>
        <ErrorNotice error={errors.general} />
        <Button type="submit" variant="primary" disabled={edit.isPending}>
          {edit.isPending ? 'Saving…' : 'Update profile'}
        </Button>
      </form>
    </section>
  );
}

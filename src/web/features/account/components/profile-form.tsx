import { useState, type FormEvent } from 'react';
import {
  profileFieldsSchema,
  type Profile,
  type ProfileFields,
} from '../../../../shared/api/account.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';

const fieldsOf = ({ fullName, bio, website, avatarUrl }: Profile): ProfileFields => ({
  fullName,
  bio,
  website,
  avatarUrl,
});

/** Edit mode of My Profile: every field at once, checked with the API's own rules. */
export function ProfileForm({
  profile,
  isSaving,
  onSave,
  onCancel,
}: {
  profile: Profile;
  isSaving: boolean;
  onSave: (fields: ProfileFields) => void;
  onCancel: () => void;
}) {
  const [fields, setFields] = useState(() => fieldsOf(profile));
  const [errors, setErrors] = useState<Partial<Record<keyof ProfileFields, string>>>({});
  const set = (name: keyof ProfileFields) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = profileFieldsSchema.safeParse(fields);
    if (!result.success) {
      const found: Partial<Record<keyof ProfileFields, string>> = {};
      for (const issue of result.error.issues) {
        found[issue.path[0] as keyof ProfileFields] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    onSave(result.data);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label="Full Name"
        autoComplete="name"
        value={fields.fullName}
        error={errors.fullName}
        onChange={(event) => set('fullName')(event.target.value)}
      />
      <TextAreaField
        label="Bio"
        value={fields.bio}
        error={errors.bio}
        onChange={(event) => set('bio')(event.target.value)}
      />
      <TextField
        label="Website"
        type="url"
        autoComplete="url"
        placeholder="https://"
        value={fields.website}
        error={errors.website}
        onChange={(event) => set('website')(event.target.value)}
      />
      <TextField
        label="Avatar URL"
        type="url"
        placeholder="https://"
        value={fields.avatarUrl}
        error={errors.avatarUrl}
        onChange={(event) => set('avatarUrl')(event.target.value)}
      />
      <div className="flex gap-3">
        <Button type="submit" disabled={isSaving}>
          {isSaving ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={isSaving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

import { useState } from 'react';
import { profileFieldsSchema, type Profile } from '../../../../shared/api/account.ts';
import { themePreferences, type ThemePreference } from '../../../../shared/rules/account.ts';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';
import { useSettings, useUpdateSettings } from '../api/settings.ts';
import { settingsSaveToasts } from './save-toasts.ts';
import { Panel, panelClass } from '../../../components/ui/panel.tsx';

type TextFieldName = 'fullName' | 'bio' | 'website' | 'avatarUrl';

const themeLabels: Record<ThemePreference, string> = {
  light: 'Light',
  dark: 'Dark',
  system: 'Same as my device',
};

/** Text fields save when the learner leaves them; the theme saves at once, and the site follows. */
export function ProfileSettingsTab({ profile }: { profile: Profile }) {
  return (
    <div className="space-y-6">
      <Panel title="Profile" className="space-y-4">
        <SignInAddress email={profile.email} />
        <SaveOnBlurField name="fullName" label="Full Name" saved={profile.fullName} />
        <SaveOnBlurField name="bio" label="Bio" saved={profile.bio} multiline />
        <SaveOnBlurField name="website" label="Website" saved={profile.website} />
        <SaveOnBlurField name="avatarUrl" label="Avatar URL" saved={profile.avatarUrl} />
      </Panel>
      <ThemeSetting />
    </div>
  );
}

function SaveOnBlurField({
  name,
  label,
  saved,
  multiline = false,
}: {
  name: TextFieldName;
  label: string;
  saved: string;
  multiline?: boolean;
}) {
  const [value, setValue] = useState(saved);
  const [error, setError] = useState<string>();
  const update = useUpdateProfile();
  const save = () => {
    if (value.trim() === saved) return;
    const result = profileFieldsSchema.shape[name].safeParse(value);
    if (!result.success) {
      setError(result.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    update.mutate({ [name]: result.data }, settingsSaveToasts);
  };
  const props = {
    label,
    value,
    error,
    onBlur: save,
    onChange: (event: { target: { value: string } }) => setValue(event.target.value),
  };
  return multiline ? <TextAreaField {...props} /> : <TextField {...props} />;
}

function ThemeSetting() {
  const settings = useSettings();
  const update = useUpdateSettings();
  // The choice shows at once; the saved settings follow when the server answers.
  const [chosen, setChosen] = useState<ThemePreference | null>(null);
  const current = chosen ?? settings.data?.themePreference;
  const choose = (theme: ThemePreference) => {
    setChosen(theme);
    update.mutate(
      { themePreference: theme },
      { ...settingsSaveToasts, onSettled: () => setChosen(null) },
    );
  };
  return (
    <fieldset className={panelClass}>
      <legend className="float-left font-display text-xl font-bold">Theme</legend>
      <div className="clear-both flex flex-wrap gap-4 pt-3">
        {themePreferences.map((theme) => (
          <label key={theme} className="inline-flex items-center gap-2">
            <input
              type="radio"
              name="theme"
              value={theme}
              checked={current === theme}
              disabled={!settings.data}
              onChange={() => choose(theme)}
              className="h-4 w-4 accent-flame-600"
            />
            {themeLabels[theme]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The address is shown as text, not as a field: it is the sign-in name and is not edited. */
function SignInAddress({ email }: { email: string }) {
  return (
    <dl>
      <dt className="text-sm font-medium text-ink-800">Email</dt>
      <dd className="mt-1 font-medium break-all text-ink-900">{email}</dd>
      <dd className="mt-1 text-sm text-ink-700">
        The address you sign in with and receive your receipts at. It cannot be changed.
      </dd>
    </dl>
  );
}

import { useState, type FormEvent } from 'react';
import type { AdminSettings } from '../../../../shared/api/settings.ts';
import {
  featureLabels,
  featureNames,
  type FeatureName,
  type PlatformSettings,
  SELLER_ADDRESS_MAX_LENGTH,
  SELLER_NAME_MAX_LENGTH,
  type VatRates,
} from '../../../../shared/rules/settings.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { SaveRefusedAlert } from '../../../components/ui/save-refused-alert.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { euCountries, type EuCountry } from '../../../../shared/rules/invoices.ts';
import { saveRefusalOf } from '../../../lib/save-refusal.ts';
import { formatDateTime } from '../../../../shared/rules/dates.ts';
import { usePlatformSettings, useSaveSettings } from '../api/platform-settings.ts';
import { SettingsChanges } from './settings-changes.tsx';
import { notify } from '../../../lib/notify.ts';

const featureHints: Record<FeatureName, string> = {
  assessments: 'The sacred assessment on the landing page.',
  courses: 'New purchases of courses and the bundle. Learners keep the courses they have.',
  aiGuidance:
    'Replies from the AI service. Off, the companion answers with built-in guidance and nothing leaves the server.',
};

/** Spec 2 §3's settings: maintenance mode, the maximum number of users, the feature switches. */
export function SettingsTab() {
  const settings = usePlatformSettings();
  // Here, not in the form: a save gives a new version, which starts the form again.
  const save = useSaveSettings();
  return (
    <div className="space-y-8">
      <section aria-labelledby="platform-settings" className="space-y-4">
        <h2 id="platform-settings" className="font-display text-2xl font-bold">
          Platform Settings
        </h2>
        {settings.isPending && <p>Loading settings...</p>}
        {settings.isError && <ErrorAlert>Failed to load the settings</ErrorAlert>}
        {settings.data && (
          // A new version (saved here or by another admin) starts the form again from it.
          <SettingsForm
            key={settings.data.version}
            saved={settings.data}
            save={save}
            // The refusal belongs to the version it was made on: the newer one starts clean.
            onReload={() => {
              save.reset();
              void settings.refetch();
            }}
          />
        )}
      </section>
      <SettingsChanges />
    </div>
  );
}

interface SettingsFormProps {
  saved: AdminSettings;
  save: ReturnType<typeof useSaveSettings>;
  onReload: () => void;
}

function SettingsForm({ saved, save, onReload }: SettingsFormProps) {
  const [draft, setDraft] = useState<PlatformSettings>(saved);
  const [maxUsers, setMaxUsers] = useState(String(saved.maxUsers));
  // Percentages as typed ("19", "5.5"), saved as basis points; empty is no rate.
  const [vatPercents, setVatPercents] = useState<Partial<Record<EuCountry, string>>>(() =>
    Object.fromEntries(
      Object.entries(saved.vatRates).map(([country, rate]) => [country, String(rate / 100)]),
    ),
  );

  const { fieldError } = saveRefusalOf(save.error, 'Failed to save the settings');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        ...draft,
        maxUsers: Number(maxUsers),
        vatRates: ratesFromPercents(vatPercents),
        version: saved.version,
      },
      {
        onSuccess: () => notify.area.success('Settings saved'),
        onError: (error) => notify.area.failure('Failed to save the settings', error),
      },
    );
  };
  const setSeller = (change: Partial<PlatformSettings['seller']>) =>
    setDraft((current) => ({ ...current, seller: { ...current.seller, ...change } }));
  const setFeature = (name: FeatureName, isOn: boolean) =>
    setDraft((current) => ({ ...current, features: { ...current.features, [name]: isOn } }));

  return (
    <form onSubmit={submit} className="space-y-5 rounded-xl border border-ink-600/20 bg-white p-5">
      <p className="text-sm text-ink-700">
        {saved.updatedAt && saved.updatedBy
          ? `Last saved by ${saved.updatedBy} on ${formatDateTime(saved.updatedAt)}.`
          : 'The defaults: nobody has changed these settings yet.'}
      </p>
      <CheckboxField
        label="Maintenance mode: visitors and learners see a calm page with the contact address; admins pass"
        checked={draft.maintenanceMode}
        onChange={(event) => setDraft({ ...draft, maintenanceMode: event.target.checked })}
      />
      <TextField
        label="Maximum users"
        type="number"
        inputMode="numeric"
        min={1}
        required
        value={maxUsers}
        onChange={(event) => setMaxUsers(event.target.value)}
        error={fieldError}
        hint={
          <p className="mt-1 text-sm text-ink-700">
            {saved.userCount} accounts now. Sign-up is refused once there are this many.
          </p>
        }
        className="max-w-xs"
      />
      <fieldset className="space-y-3">
        <legend className="mb-2 font-semibold text-ink-900">Features</legend>
        {featureNames.map((name) => (
          <CheckboxField
            key={name}
            label={`${featureLabels[name]}: ${featureHints[name]}`}
            checked={draft.features[name]}
            onChange={(event) => setFeature(name, event.target.checked)}
          />
        ))}
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="mb-2 font-semibold text-ink-900">Invoices: the seller</legend>
        <TextField
          label="Legal name"
          maxLength={SELLER_NAME_MAX_LENGTH}
          value={draft.seller.legalName}
          onChange={(event) => setSeller({ legalName: event.target.value })}
          className="max-w-md"
        />
        <TextAreaField
          label="Legal address"
          maxLength={SELLER_ADDRESS_MAX_LENGTH}
          rows={3}
          value={draft.seller.address}
          onChange={(event) => setSeller({ address: event.target.value })}
          className="max-w-md"
        />
        <TextField
          label="VAT number"
          maxLength={40}
          value={draft.seller.vatNumber}
          onChange={(event) => setSeller({ vatNumber: event.target.value })}
          className="max-w-xs"
        />
      </fieldset>
      <fieldset>
        <legend className="mb-2 font-semibold text-ink-900">VAT rates by buyer country (%)</legend>
        <p className="mb-2 text-sm text-ink-700">
          Prices include VAT: an invoice takes the rate of the buyer&apos;s billing country out of
          the price. A country left empty, and buyers outside the EU, pay no VAT.
        </p>
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {euCountries.map((country) => (
            <TextField
              key={country}
              label={country}
              inputMode="decimal"
              value={vatPercents[country] ?? ''}
              onChange={(event) =>
                setVatPercents((current) => ({ ...current, [country]: event.target.value }))
              }
            />
          ))}
        </div>
      </fieldset>
      <SaveRefusedAlert error={save.error} reloadLabel="Reload settings" onReload={onReload} />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Settings'}
      </Button>
    </form>
  );
}

/** "19" → 1900 basis points; what is not a number is sent as typed, for the server's 400. */
function ratesFromPercents(percents: Partial<Record<EuCountry, string>>): VatRates {
  const rates: VatRates = {};
  for (const [country, typed] of Object.entries(percents) as [EuCountry, string][]) {
    if (typed.trim() === '') continue;
    rates[country] = Math.round(Number(typed.replace(',', '.')) * 100);
  }
  return rates;
}

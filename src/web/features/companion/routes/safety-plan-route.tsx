import { useState, type FormEvent } from 'react';
import {
  MAX_SAFETY_PLAN_SECTION_CHARS,
  safetyPlanSections,
  type SafetyPlan,
} from '../../../../shared/api/companion.ts';
import { AccountPage } from '../../../components/ui/account-page.tsx';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { useSafetyPlan, useSaveSafetyPlan } from '../api/safety-plan.ts';
import { SafetyHelpCard } from '../components/safety-help.tsx';

/**
 * The learner's own safety plan, reached from "Get help now": written in a calm hour, read in a
 * hard one. The help stays on top, so the page is never a dead end.
 */
export function SafetyPlanRoute() {
  const saved = useSafetyPlan();
  return (
    <AccountPage title="My safety plan">
      <SafetyHelpCard message={null} headingLevel={2} />
      <p className="max-w-2xl text-ink-800">
        A plan you write for yourself, for a moment when things feel like too much. Only you can
        read it: it is stored encrypted, never sent to the AI service and never shown to the team.
        Change it whenever you like.
      </p>
      {saved.isError && (
        <ErrorAlert
          error={saved.error}
          fallback="Your plan could not be loaded. Please try again."
        />
      )}
      {saved.data && <SafetyPlanForm initial={saved.data.plan} />}
    </AccountPage>
  );
}

function SafetyPlanForm({ initial }: { initial: SafetyPlan }) {
  const [plan, setPlan] = useState(initial);
  const save = useSaveSafetyPlan();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(plan);
  };
  return (
    <form onSubmit={submit} aria-label="My safety plan" className="max-w-2xl space-y-5">
      {safetyPlanSections.map(({ key, label }, index) => (
        <TextAreaField
          key={key}
          label={`${index + 1}. ${label}`}
          value={plan[key]}
          maxLength={MAX_SAFETY_PLAN_SECTION_CHARS}
          onChange={(event) => {
            save.reset();
            setPlan({ ...plan, [key]: event.target.value });
          }}
        />
      ))}
      {save.isError && (
        <ErrorAlert error={save.error} fallback="Your plan could not be saved. Please try again." />
      )}
      <div className="flex items-center gap-4">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save my plan'}
        </Button>
        {save.isSuccess && (
          <p role="status" className="font-semibold text-green-800">
            Your plan is saved.
          </p>
        )}
      </div>
    </form>
  );
}

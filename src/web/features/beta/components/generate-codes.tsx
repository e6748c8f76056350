import { useState, type FormEvent } from 'react';
import { notify } from '../../../lib/notify.ts';
import { generateBetaCodeSchema } from '../../../../shared/api/beta.ts';
import { betaLimits, betaMessages } from '../../../../shared/rules/beta.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatDate } from '../../../../shared/rules/dates.ts';
import { useGenerateBetaCode } from '../api/admin-actions.ts';
import { useBetaAdminData } from '../api/get-beta-admin-data.ts';
import { CopyCodeButton } from './copy-code-button.tsx';
import { CourseChecklist } from '../../../components/ui/course-checklist.tsx';
import { useCourseNames } from './course-names.ts';
import { useSubmit } from '../../../lib/use-submit.ts';

export function GenerateCodes() {
  const [courseIds, setCourseIds] = useState<string[]>([]);
  const [maxUses, setMaxUses] = useState(String(betaLimits.maxUses.default));
  const [expirationDays, setExpirationDays] = useState(String(betaLimits.codeExpiryDays.default));
  const [description, setDescription] = useState('');
  const generate = useGenerateBetaCode();
  const { submit, error } = useSubmit(generateBetaCodeSchema, generate, {
    failure: betaMessages.generateFailed,
    onSuccess: () => {
      notify.site.success(betaMessages.generated);
      setDescription('');
    },
    onFailure: () => notify.site.error(betaMessages.generateFailed),
  });
  const send = (event: FormEvent) => {
    event.preventDefault();
    submit({ courseIds, maxUses, expirationDays, description });
  };

  return (
    <div className="space-y-6">
      <form onSubmit={send} noValidate className="space-y-4">
        <CourseChecklist
          legend="Courses"
          selected={courseIds}
          onChange={setCourseIds}
          whenEmpty="every"
          look="grid"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Max uses"
            type="number"
            min={betaLimits.maxUses.min}
            max={betaLimits.maxUses.max}
            value={maxUses}
            onChange={(event) => setMaxUses(event.target.value)}
          />
          <TextField
            label="Expiration (days)"
            type="number"
            min={betaLimits.codeExpiryDays.min}
            max={betaLimits.codeExpiryDays.max}
            value={expirationDays}
            onChange={(event) => setExpirationDays(event.target.value)}
          />
        </div>
        <TextField
          label="Description (optional)"
          maxLength={500}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <Button type="submit" disabled={generate.isPending}>
          {generate.isPending ? 'Generating...' : 'Generate Code'}
        </Button>
      </form>
      <CodeList />
    </div>
  );
}

function CodeList() {
  const data = useBetaAdminData();
  const courseNames = useCourseNames();
  if (data.isPending) return <p className="text-ink-700">Loading codes...</p>;
  if (data.isError) return <ErrorAlert error={data.error} fallback={betaMessages.tryLater} />;
  if (data.data.codes.length === 0) return <p className="text-ink-700">No codes yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-display text-lg font-semibold">Beta codes</caption>
        <thead>
          <tr className="border-b border-ink-600/20">
            <th className="py-2 pr-3">Code</th>
            <th className="py-2 pr-3">Courses</th>
            <th className="py-2 pr-3">Uses</th>
            <th className="py-2 pr-3">Expires</th>
            <th className="py-2 pr-3">Status</th>
          </tr>
        </thead>
        <tbody>
          {data.data.codes.map((code) => (
            <tr key={code.code} className="border-b border-ink-600/10">
              <td className="py-2 pr-3">
                <span className="inline-flex items-center gap-1 font-mono">
                  {code.code}
                  <CopyCodeButton code={code.code} />
                </span>
                {code.description && <p className="text-ink-700">{code.description}</p>}
              </td>
              <td className="py-2 pr-3">{courseNames(code.courseIds)}</td>
              <td className="py-2 pr-3">
                {code.usedCount} / {code.maxUses}
              </td>
              <td className="py-2 pr-3">{formatDate(code.expiresAt)}</td>
              <td className="py-2 pr-3">{code.isActive ? 'Active' : 'Inactive'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import type { Assessment } from '../../../../shared/api/marketing.ts';
import { formatAdminDate } from '../../../../shared/rules/admin.ts';
import {
  assessmentQuestions,
  facingDiscomfortLabels,
  READINESS_MAX,
  takeResponsibilityLabels,
  trueStatementLabels,
  type AssessmentQuestion,
} from '../../../../shared/rules/assessment.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useAssessment } from '../api/get-assessment.ts';
import { useMarkAssessmentAnswered } from '../api/mark-assessment-answered.ts';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { Panel } from '../../../components/ui/panel.tsx';

/** An answer in the words the applicant chose from, not the stored codes. */
function answerText(assessment: Assessment, question: AssessmentQuestion): string {
  switch (question) {
    case 'takeResponsibility':
      return assessment.takeResponsibility
        ? takeResponsibilityLabels[assessment.takeResponsibility]
        : '';
    case 'facingDiscomfort':
      return assessment.facingDiscomfort ? facingDiscomfortLabels[assessment.facingDiscomfort] : '';
    case 'trueStatements':
      return assessment.trueStatements
        .map((statement) => trueStatementLabels[statement])
        .join('\n');
    case 'readinessScale':
      return `${assessment.readinessScale} of ${READINESS_MAX}`;
    default:
      return assessment[question] ?? '';
  }
}

export function AssessmentView({ id }: { id: string }) {
  const assessment = useAssessment(id);
  const mark = useMarkAssessmentAnswered();
  if (assessment.isPending) return <p>Loading assessment...</p>;
  if (assessment.isError) return <p role="alert">The assessment could not be loaded.</p>;
  const { data } = assessment;
  const replyLink = `mailto:${data.email}?subject=${encodeURIComponent('Your Sovereign Flame assessment')}`;
  return (
    <Panel title={data.name}>
      <p className="text-sm text-ink-700">
        {data.email}, sent {formatAdminDate(data.createdAt)}
        {data.answeredAt ? `, answered ${formatAdminDate(data.answeredAt)}` : ', not answered yet'}
      </p>
      <dl className="mt-4 space-y-3">
        {Object.entries(assessmentQuestions).map(([question, label]) => (
          <div key={question}>
            <dt className="font-semibold">{label}</dt>
            <dd className="whitespace-pre-wrap">
              {answerText(data, question as AssessmentQuestion) || '—'}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-5 flex flex-wrap gap-3">
        <ButtonLink to={replyLink}>Reply by email</ButtonLink>
        <Button
          variant="secondary"
          disabled={mark.isPending}
          onClick={() => mark.mutate({ id: data.id, answered: !data.answeredAt })}
        >
          {data.answeredAt ? 'Mark as waiting' : 'Mark as answered'}
        </Button>
      </div>
    </Panel>
  );
}

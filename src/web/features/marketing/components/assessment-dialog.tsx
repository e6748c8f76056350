import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { notify } from '../../../lib/notify.ts';
import type { AssessmentAnswers } from '../../../../shared/api/marketing.ts';
import {
  assessmentMessages,
  READINESS_DEFAULT,
  unansweredFields,
} from '../../../../shared/rules/assessment.ts';
import { settingsMessages } from '../../../../shared/rules/settings.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { usePublicSettings } from '../../../lib/public-settings.ts';
import { useSubmitAssessment } from '../api/submit-assessment.ts';
import { assessmentSteps } from './assessment-steps.tsx';
import { fieldErrorOf, messageOf } from '../../../lib/api-client.ts';

const emptyAnswers: AssessmentAnswers = {
  drawnToSovereignty: '',
  sovereigntyMeaning: '',
  takeResponsibility: null,
  facingDiscomfort: null,
  trueStatements: [],
  noLongerAvailable: '',
  greatestResistance: '',
  readinessScale: READINESS_DEFAULT,
  additionalThoughts: '',
  name: '',
  email: '',
};

const LAST_STEP = assessmentSteps.length - 1;

interface AssessmentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the dialog gets the focus back when it closes. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/**
 * The sacred assessment (spec 1 §2): eight steps, free to move between, checked only on submit.
 * Answers survive closing the dialog and are cleared once they are sent.
 */
export function AssessmentDialog({ open, onOpenChange, returnFocusTo }: AssessmentDialogProps) {
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState(emptyAnswers);
  const [problem, setProblem] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const closedRef = useRef<HTMLParagraphElement>(null);
  const isClosed = usePublicSettings().data?.features.assessments === false;
  const submitAssessment = useSubmitAssessment();
  const { title, Fields } = assessmentSteps[step]!;

  // A new step is announced by moving to its heading.
  useEffect(() => {
    headingRef.current?.focus();
  }, [step]);

  const goTo = (next: number) => {
    setProblem('');
    setStep(next);
  };

  const update = (change: Partial<AssessmentAnswers>) =>
    setAnswers((current) => ({ ...current, ...change }));

  // The page behind a modal dialog is hidden from screen readers, toasts included: the dialog
  // repeats the toast's message in an alert of its own.
  const reportProblem = (message: string) => {
    setProblem(message);
    notify.site.error(message, { id: 'assessment-problem' });
  };

  // Takes the visitor to the first step with a blank required answer and names it.
  const showUnansweredStep = (unanswered: readonly (keyof AssessmentAnswers)[]) => {
    const missing = assessmentSteps.findIndex(({ required = [] }) =>
      required.some((field) => unanswered.includes(field)),
    );
    setStep(missing);
    notify.site.error(assessmentMessages.incomplete, { id: 'assessment-problem' });
    setProblem(
      `${assessmentMessages.incomplete}: this step (${missing + 1} of ${assessmentSteps.length}) still needs an answer.`,
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (step < LAST_STEP) return goTo(step + 1);
    const unanswered = unansweredFields(answers);
    if (unanswered.length > 0) return showUnansweredStep(unanswered);
    try {
      await submitAssessment.mutateAsync(answers);
    } catch (error) {
      return reportProblem(fieldErrorOf(error) ?? messageOf(error, assessmentMessages.failed));
    }
    setAnswers(emptyAnswers);
    goTo(0);
    onOpenChange(false);
    notify.site.success(assessmentMessages.submitted);
  };

  return (
    <Dialog
      title="Sacred Assessment"
      description={`Step ${step + 1} of ${assessmentSteps.length}`}
      open={open}
      onOpenChange={onOpenChange}
      width="xl"
      hasCloseButton
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        (closedRef.current ?? headingRef.current)?.focus();
      }}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        returnFocusTo.current?.focus();
      }}
    >
      <div aria-hidden="true" className="mt-4 h-1.5 overflow-hidden rounded-full bg-flame-100">
        <div
          className="h-full rounded-full bg-flame-600 transition-[width] motion-reduce:transition-none"
          style={{ width: `${((step + 1) / assessmentSteps.length) * 100}%` }}
        />
      </div>

      {isClosed && (
        <p ref={closedRef} tabIndex={-1} className="mt-6 text-lg outline-none">
          {settingsMessages.assessmentsOff}
        </p>
      )}
      <form onSubmit={submit} noValidate className="mt-6" hidden={isClosed}>
        <h3
          ref={headingRef}
          tabIndex={-1}
          className="mb-5 font-display text-xl font-bold outline-none"
        >
          {title}
        </h3>
        <Fields answers={answers} update={update} />
        <p role="alert" className="mt-4 text-sm font-medium text-red-700 empty:hidden">
          {problem}
        </p>
        <div className="mt-8 flex items-center justify-between gap-3">
          {step > 0 ? (
            <Button variant="secondary" onClick={() => goTo(step - 1)}>
              Previous
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" disabled={submitAssessment.isPending}>
            {primaryLabel(step, submitAssessment.isPending)}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function primaryLabel(step: number, isSubmitting: boolean): string {
  if (step === 0) return 'Begin Assessment';
  if (step < LAST_STEP) return 'Continue';
  return isSubmitting ? 'Submitting...' : 'Submit';
}

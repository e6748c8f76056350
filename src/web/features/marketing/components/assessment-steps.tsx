import { useId, type ReactNode } from 'react';
import type { AssessmentAnswers } from '../../../../shared/api/marketing.ts';
import { EMAIL_MAX_LENGTH } from '../../../../shared/rules/email.ts';
import {
  assessmentQuestions,
  facingDiscomfortChoices,
  facingDiscomfortLabels,
  NAME_MAX_LENGTH,
  READINESS_MAX,
  READINESS_MIN,
  takeResponsibilityChoices,
  takeResponsibilityLabels,
  trueStatementChoices,
  trueStatementLabels,
  type RequiredAnswers,
} from '../../../../shared/rules/assessment.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { AnswerField, Choice, ChoiceGroup } from './assessment-fields.tsx';

interface StepProps {
  answers: AssessmentAnswers;
  update: (change: Partial<AssessmentAnswers>) => void;
}

interface AssessmentStep {
  title: string;
  Fields: (props: StepProps) => ReactNode;
  /** The answers of this step that must not be left blank. */
  required?: readonly (keyof RequiredAnswers)[];
}

/** Spec 1 §2: eight steps, numbered 0 to 7. */
export const assessmentSteps: AssessmentStep[] = [
  { title: 'Welcome to Your Sacred Assessment', Fields: Welcome },
  {
    title: 'Identity and Resonance',
    Fields: IdentityAndResonance,
    required: ['drawnToSovereignty', 'sovereigntyMeaning'],
  },
  { title: 'Responsibility', Fields: Responsibility },
  { title: 'Facing Discomfort', Fields: FacingDiscomfort },
  { title: 'Inner Commitment', Fields: InnerCommitment },
  { title: 'Readiness', Fields: Readiness },
  { title: 'Anything Else', Fields: AnythingElse },
  { title: 'Your Details', Fields: YourDetails, required: ['name', 'email'] },
];

function Welcome() {
  return (
    <div className="space-y-4 text-ink-800">
      <p>
        This assessment is your first step across the threshold. It shows us where you stand on your
        path and whether the inner circle is right for you now. There are no right answers, only
        honest ones.
      </p>
      <div className="rounded-xl bg-flame-50 p-5">
        <h4 className="font-semibold text-ink-900">What to expect</h4>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>About 10 to 15 minutes</li>
          <li>5 sections of reflective questions</li>
          <li>A personal response within 24 hours</li>
        </ul>
      </div>
    </div>
  );
}

function IdentityAndResonance({ answers, update }: StepProps) {
  return (
    <div className="space-y-6">
      <p className="text-ink-700">Both questions are required.</p>
      <AnswerField
        label={assessmentQuestions.drawnToSovereignty}
        isRequired
        value={answers.drawnToSovereignty}
        onChange={(drawnToSovereignty) => update({ drawnToSovereignty })}
      />
      <AnswerField
        label={assessmentQuestions.sovereigntyMeaning}
        isRequired
        value={answers.sovereigntyMeaning}
        onChange={(sovereigntyMeaning) => update({ sovereigntyMeaning })}
      />
    </div>
  );
}

function Responsibility({ answers, update }: StepProps) {
  return (
    <ChoiceGroup legend={assessmentQuestions.takeResponsibility}>
      {takeResponsibilityChoices.map((choice) => (
        <Choice
          key={choice}
          type="radio"
          name="takeResponsibility"
          isChecked={answers.takeResponsibility === choice}
          onChange={() => update({ takeResponsibility: choice })}
        >
          {takeResponsibilityLabels[choice]}
        </Choice>
      ))}
    </ChoiceGroup>
  );
}

function FacingDiscomfort({ answers, update }: StepProps) {
  const toggleStatement = (statement: (typeof trueStatementChoices)[number], isTrue: boolean) =>
    update({
      trueStatements: isTrue
        ? [...answers.trueStatements, statement]
        : answers.trueStatements.filter((chosen) => chosen !== statement),
    });
  return (
    <div className="space-y-8">
      <ChoiceGroup legend={assessmentQuestions.facingDiscomfort}>
        {facingDiscomfortChoices.map((choice) => (
          <Choice
            key={choice}
            type="radio"
            name="facingDiscomfort"
            isChecked={answers.facingDiscomfort === choice}
            onChange={() => update({ facingDiscomfort: choice })}
          >
            {facingDiscomfortLabels[choice]}
          </Choice>
        ))}
      </ChoiceGroup>
      <ChoiceGroup legend={assessmentQuestions.trueStatements}>
        {trueStatementChoices.map((statement) => (
          <Choice
            key={statement}
            type="checkbox"
            name="trueStatements"
            isChecked={answers.trueStatements.includes(statement)}
            onChange={(isTrue) => toggleStatement(statement, isTrue)}
          >
            {trueStatementLabels[statement]}
          </Choice>
        ))}
      </ChoiceGroup>
    </div>
  );
}

function InnerCommitment({ answers, update }: StepProps) {
  return (
    <div className="space-y-6">
      <AnswerField
        label={assessmentQuestions.noLongerAvailable}
        hint="The patterns, roles or compromises you are ready to release."
        value={answers.noLongerAvailable}
        onChange={(noLongerAvailable) => update({ noLongerAvailable })}
      />
      <AnswerField
        label={assessmentQuestions.greatestResistance}
        value={answers.greatestResistance}
        onChange={(greatestResistance) => update({ greatestResistance })}
      />
    </div>
  );
}

function Readiness({ answers, update }: StepProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-ink-900">
        {assessmentQuestions.readinessScale}
      </label>
      <div className="mt-6 flex items-center gap-4">
        <input
          id={id}
          type="range"
          min={READINESS_MIN}
          max={READINESS_MAX}
          step={1}
          value={answers.readinessScale}
          aria-valuetext={`${answers.readinessScale} of ${READINESS_MAX}`}
          onChange={(event) => update({ readinessScale: Number(event.target.value) })}
          className="h-2 w-full cursor-pointer accent-flame-600"
        />
        <output
          htmlFor={id}
          className="w-12 shrink-0 text-center font-display text-3xl font-bold text-flame-700"
        >
          {answers.readinessScale}
        </output>
      </div>
      <div className="mt-2 flex justify-between pr-16 text-sm text-ink-700">
        <span>1: Just curious</span>
        <span>10: Ready to begin now</span>
      </div>
    </div>
  );
}

function AnythingElse({ answers, update }: StepProps) {
  return (
    <AnswerField
      label={assessmentQuestions.additionalThoughts}
      hint="Optional: a question, a hope, or something the other questions did not reach."
      value={answers.additionalThoughts}
      onChange={(additionalThoughts) => update({ additionalThoughts })}
    />
  );
}

function YourDetails({ answers, update }: StepProps) {
  return (
    <div className="space-y-6">
      <p className="text-ink-700">
        Both fields are required. Your initiation results are sent to this address.
      </p>
      <TextField
        label="Name"
        autoComplete="name"
        required
        maxLength={NAME_MAX_LENGTH}
        value={answers.name}
        onChange={(event) => update({ name: event.target.value })}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        maxLength={EMAIL_MAX_LENGTH}
        value={answers.email}
        onChange={(event) => update({ email: event.target.value })}
      />
      <div className="rounded-xl bg-flame-50 p-5 text-ink-800">
        <h4 className="font-semibold text-ink-900">What happens next</h4>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          <li>We read your answers personally.</li>
          <li>Within 24 hours you receive your initiation results by email.</li>
          <li>If you are ready, your invitation to the inner circle comes with them.</li>
        </ol>
      </div>
    </div>
  );
}

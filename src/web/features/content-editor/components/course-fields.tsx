import { useId, useState } from 'react';
import { courseLevels } from '../../../../shared/rules/catalogue.ts';
import type { CourseDocument } from '../../../../shared/api/content.ts';
import { formatEurosAndCents } from '../../../../shared/rules/invoices.ts';
import {
  PLAN_MAX_PAYMENTS,
  PLAN_MIN_PAYMENTS,
  planOfferText,
  planTotalCents,
} from '../../../../shared/rules/payment-plans.ts';
import { durationInHours } from '../../../../shared/rules/pricing.ts';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { PictureFields } from './picture-fields.tsx';

interface CourseFieldsProps {
  course: CourseDocument;
  onChange: (course: CourseDocument) => void;
}

/** The course's own fields: what the catalogue and the course page show. */
export function CourseFields({ course, onChange }: CourseFieldsProps) {
  const levelId = useId();
  // Its own text, so that a field emptied on the way to a new price stays empty.
  const [price, setPrice] = useState(String(course.priceCents / 100));
  const set = (change: Partial<CourseDocument>) => onChange({ ...course, ...change });
  return (
    <fieldset className="space-y-4">
      <legend className="mb-2 font-display text-xl font-semibold">Course</legend>
      <TextField
        label="Course title"
        required
        maxLength={200}
        value={course.title}
        onChange={(event) => set({ title: event.target.value })}
      />
      <TextAreaField
        label="Course description"
        rows={3}
        maxLength={2_000}
        value={course.description}
        onChange={(event) => set({ description: event.target.value })}
      />
      <div className="flex flex-wrap gap-4">
        <div>
          <label htmlFor={levelId} className="mb-1 block text-sm font-medium text-ink-800">
            Level
          </label>
          <select
            id={levelId}
            value={course.level}
            onChange={(event) => set({ level: event.target.value as CourseDocument['level'] })}
            className="rounded-lg border border-ink-600/40 bg-white px-3 py-2.5"
          >
            {courseLevels.map((level) => (
              <option key={level} value={level}>
                {level}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Price (EUR)"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          required
          value={price}
          onChange={(event) => {
            setPrice(event.target.value);
            set({ priceCents: Math.round(Number(event.target.value) * 100) });
          }}
          className="max-w-40"
        />
      </div>
      <PaymentPlanFields course={course} onChange={onChange} />
      <p className="text-sm text-ink-700">
        Duration: {durationInHours(totalSeconds(course))} hours, the sum of its lessons.
      </p>
      <CheckboxField
        label="Coming soon: shown in the catalogue, not yet open to buy"
        checked={course.comingSoon}
        onChange={(event) => set({ comingSoon: event.target.checked })}
      />
      {course.comingSoon && (
        <TextField
          label="Release date"
          type="date"
          value={course.releaseDate ?? ''}
          onChange={(event) => set({ releaseDate: event.target.value || undefined })}
          className="max-w-xs"
        />
      )}
      <PictureFields course={course} onChange={set} />
      <TextAreaField
        label="Course overview (Markdown)"
        rows={6}
        value={course.overview}
        onChange={(event) => set({ overview: event.target.value })}
      />
    </fieldset>
  );
}

/** Sold also in monthly payments: how many, and the price they add up to. */
function PaymentPlanFields({ course, onChange }: CourseFieldsProps) {
  const plan = course.paymentPlan;
  const [planPrice, setPlanPrice] = useState(plan ? String(plan.priceCents / 100) : '');
  const setPlan = (paymentPlan: CourseDocument['paymentPlan']) =>
    onChange({ ...course, paymentPlan });
  return (
    <div className="space-y-3">
      <CheckboxField
        label="Also sold in monthly payments (a payment plan)"
        checked={Boolean(plan)}
        onChange={(event) => {
          const terms = { count: 3, priceCents: course.priceCents };
          setPlanPrice(String(terms.priceCents / 100));
          setPlan(event.target.checked ? terms : undefined);
        }}
      />
      {plan && (
        <div className="flex flex-wrap gap-4">
          <TextField
            label="Number of payments"
            type="number"
            inputMode="numeric"
            min={PLAN_MIN_PAYMENTS}
            max={PLAN_MAX_PAYMENTS}
            step={1}
            required
            value={String(plan.count)}
            onChange={(event) => setPlan({ ...plan, count: Number(event.target.value) })}
            className="max-w-40"
          />
          <TextField
            label="Plan price in all (EUR)"
            type="number"
            inputMode="decimal"
            min={1}
            step={0.01}
            required
            value={planPrice}
            onChange={(event) => {
              setPlanPrice(event.target.value);
              setPlan({ ...plan, priceCents: Math.round(Number(event.target.value) * 100) });
            }}
            className="max-w-40"
          />
        </div>
      )}
      {plan && plan.count >= PLAN_MIN_PAYMENTS && plan.priceCents > 0 && (
        <p className="text-sm text-ink-700">
          The shop shows: {planOfferText(plan)} ({formatEurosAndCents(planTotalCents(plan))} in
          all).
        </p>
      )}
    </div>
  );
}

function totalSeconds(course: CourseDocument): number {
  return course.modules
    .flatMap((module) => module.lessons)
    .reduce((sum, lesson) => sum + (lesson.retired ? 0 : lesson.duration), 0);
}

import { z } from 'zod';
import {
  ANSWER_MAX_LENGTH,
  facingDiscomfortChoices,
  NAME_MAX_LENGTH,
  READINESS_DEFAULT,
  READINESS_MAX,
  READINESS_MIN,
  takeResponsibilityChoices,
  trueStatementChoices,
} from '../rules/assessment.ts';
import { CONTACT_MESSAGE_MAX_LENGTH } from '../rules/contact-message.ts';
import { emailSchema } from './auth.ts';
import { authMessages } from '../rules/auth.ts';

/** The same email rule and messages as the account forms. */
const email = z.string({ message: authMessages.emailRequired }).pipe(emailSchema);

const answerTooLong = `Answers must be at most ${ANSWER_MAX_LENGTH} characters`;
const requiredAnswer = (message: string) =>
  z.string({ message }).trim().min(1, message).max(ANSWER_MAX_LENGTH, answerTooLong);
const readinessOutOfRange = `Readiness must be a whole number from ${READINESS_MIN} to ${READINESS_MAX}`;
const optionalAnswer = z.string().trim().max(ANSWER_MAX_LENGTH, answerTooLong).default('');

/** Spec 1 §3: the answers of the sacred assessment, as a visitor submits them. */
export const assessmentInputSchema = z.object({
  drawnToSovereignty: requiredAnswer('Please share what draws you to sovereignty'),
  sovereigntyMeaning: requiredAnswer('Please share what sovereignty means to you'),
  takeResponsibility: z
    .enum(takeResponsibilityChoices, { message: 'Choose yes, not yet or I do not know' })
    .nullable()
    .default(null),
  facingDiscomfort: z
    .enum(facingDiscomfortChoices, { message: 'Choose one of the four ways of facing discomfort' })
    .nullable()
    .default(null),
  trueStatements: z
    .array(z.enum(trueStatementChoices, { message: 'Choose from the five statements' }))
    .max(trueStatementChoices.length, 'Choose from the five statements')
    .default([])
    .transform((statements) => [...new Set(statements)]),
  noLongerAvailable: optionalAnswer,
  greatestResistance: optionalAnswer,
  readinessScale: z
    .number({ message: readinessOutOfRange })
    .int(readinessOutOfRange)
    .min(READINESS_MIN, readinessOutOfRange)
    .max(READINESS_MAX, readinessOutOfRange)
    .default(READINESS_DEFAULT),
  additionalThoughts: optionalAnswer,
  name: z
    .string({ message: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`),
  email,
});
export type AssessmentInput = z.input<typeof assessmentInputSchema>;
export type AssessmentAnswers = z.output<typeof assessmentInputSchema>;

export const assessmentCreatedSchema = z.object({ id: z.string() });

/** A visitor writes to the creator from the footer's contact form. */
export const contactMessageInputSchema = z.object({
  name: z
    .string({ message: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`),
  email,
  message: z
    .string({ message: 'Please write your message' })
    .trim()
    .min(1, 'Please write your message')
    .max(
      CONTACT_MESSAGE_MAX_LENGTH,
      `The message can be at most ${CONTACT_MESSAGE_MAX_LENGTH} characters`,
    ),
});
export type ContactMessageInput = z.input<typeof contactMessageInputSchema>;
export type ContactMessage = z.output<typeof contactMessageInputSchema>;
export const contactMessageSentSchema = z.object({ id: z.string() });

/** A stored submission, as an admin reads it. */
export const assessmentSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  name: z.string(),
  email: z.string(),
  drawnToSovereignty: z.string(),
  sovereigntyMeaning: z.string(),
  takeResponsibility: z.enum(takeResponsibilityChoices).nullable(),
  facingDiscomfort: z.enum(facingDiscomfortChoices).nullable(),
  trueStatements: z.array(z.enum(trueStatementChoices)),
  noLongerAvailable: z.string(),
  greatestResistance: z.string(),
  readinessScale: z.number().int(),
  additionalThoughts: z.string(),
  /** When an admin marked it answered; null while it waits. */
  answeredAt: z.string().nullable(),
});
export type Assessment = z.infer<typeof assessmentSchema>;

export const assessmentSummarySchema = assessmentSchema.pick({
  id: true,
  createdAt: true,
  name: true,
  email: true,
  readinessScale: true,
  answeredAt: true,
});
export type AssessmentSummary = z.infer<typeof assessmentSummarySchema>;

/** Newest first. */
export const assessmentListSchema = z.object({
  assessments: z.array(assessmentSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AssessmentList = z.infer<typeof assessmentListSchema>;

export const assessmentParamsSchema = z.object({
  id: z.uuid({ message: 'id must be an assessment id' }),
});

export const newsletterSubscriptionSchema = z.object({ email });
export type NewsletterSubscription = z.input<typeof newsletterSubscriptionSchema>;

/** The same answer whether or not the address was already subscribed. */
export const newsletterSubscribedSchema = z.object({ subscribed: z.literal(true) });

/** An admin marks a submission answered (or not) once they replied to it. */
export const assessmentAnsweredSchema = z.object({ answered: z.boolean() });

/** The token of the link in every newsletter mail. */
export const newsletterUnsubscribeSchema = z.object({
  token: z.string().trim().min(1, 'token is required').max(600, 'token is too long'),
});
export const newsletterUnsubscribedSchema = z.object({ unsubscribed: z.literal(true) });

/** The operator's legal pages (content/pages), served as markdown. */
export const legalPages = ['terms', 'privacy'] as const;
export type LegalPage = (typeof legalPages)[number];
export const legalPageParamsSchema = z.object({ page: z.enum(legalPages) });
export const legalPageSchema = z.object({ markdown: z.string() });
export type LegalPageResponse = z.infer<typeof legalPageSchema>;

export const socialProfileSchema = z.object({ name: z.string(), href: z.string() });
export type SocialProfile = z.infer<typeof socialProfileSchema>;

/**
 * How to reach the operator: where they take refund requests and questions (null when none is
 * set) and the programme's public profiles, as configured.
 */
export const contactSchema = z.object({
  contactEmail: z.string().nullable(),
  socialProfiles: z.array(socialProfileSchema),
});
export type Contact = z.infer<typeof contactSchema>;

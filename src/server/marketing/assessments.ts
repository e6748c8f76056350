import { count, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Assessment, AssessmentAnswers, AssessmentList } from '../../shared/api/marketing.ts';
import type { Database } from '../db/client.ts';
import { assessments } from '../db/schema/marketing.ts';
import { AppError } from '../http/errors.ts';
import { isConfirmedAddress } from '../users/find-users.ts';
import { assessmentReceivedEmail } from './assessment-received-email.ts';

/**
 * Stores the answers, then mails the applicant a confirmation without making them wait for it,
 * and only to an address an account has confirmed: anyone can type any address into the form,
 * and the mail carries their words. Off the request, so its timing tells nothing of accounts.
 */
export async function submitAssessment(
  { db, mailer, log }: Pick<FastifyInstance, 'db' | 'mailer' | 'log'>,
  answers: AssessmentAnswers,
): Promise<{ id: string }> {
  const [row] = await db.insert(assessments).values(answers).returning({ id: assessments.id });
  const mailIfConfirmed = async () => {
    if (await isConfirmedAddress(db, answers.email)) {
      await mailer.send(assessmentReceivedEmail(answers));
    }
  };
  void mailIfConfirmed().catch((error: unknown) => {
    log.error({ err: error }, 'could not send the assessment confirmation email');
  });
  return { id: row!.id };
}

export async function listAssessments(
  db: Database,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<AssessmentList> {
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: assessments.id,
        createdAt: assessments.createdAt,
        name: assessments.name,
        email: assessments.email,
        readinessScale: assessments.readinessScale,
        answeredAt: assessments.answeredAt,
      })
      .from(assessments)
      .orderBy(desc(assessments.createdAt), desc(assessments.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(assessments),
  ]);
  return {
    assessments: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      answeredAt: row.answeredAt?.toISOString() ?? null,
    })),
    total: totals?.total ?? 0,
    page,
    pageSize,
  };
}

export async function getAssessment(db: Database, id: string): Promise<Assessment> {
  const [row] = await db.select().from(assessments).where(eq(assessments.id, id));
  if (!row) throw new AppError('not_found', 'No assessment with this id.');
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

export async function markAssessmentAnswered(
  db: Database,
  id: string,
  answered: boolean,
): Promise<Assessment> {
  const [row] = await db
    .update(assessments)
    .set({ answeredAt: answered ? new Date() : null })
    .where(eq(assessments.id, id))
    .returning({ id: assessments.id });
  if (!row) throw new AppError('not_found', 'No assessment with this id.');
  return getAssessment(db, id);
}

export async function countAssessments(
  db: Database,
): Promise<{ total: number; unanswered: number }> {
  const [[all], [waiting]] = await Promise.all([
    db.select({ total: count() }).from(assessments),
    db.select({ total: count() }).from(assessments).where(isNull(assessments.answeredAt)),
  ]);
  return { total: all?.total ?? 0, unanswered: waiting?.total ?? 0 };
}

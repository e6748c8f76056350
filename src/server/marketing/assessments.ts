import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  INBOX_LIMIT,
  inboxMessages,
  type InboxItem,
  type InboxState,
} from '../../shared/api/inbox.ts';
import type { Assessment, AssessmentAnswers, AssessmentList } from '../../shared/api/marketing.ts';
import type { Database } from '../db/client.ts';
import { assessments } from '../db/schema/marketing.ts';
import { AppError } from '../http/errors.ts';
import { isConfirmedAddress } from '../users/find-users.ts';
import { assessmentArrivedEmail, assessmentReceivedEmail } from './assessment-received-email.ts';

/**
 * Stores the answers and tells the creator's address (CONTACT_EMAIL) that one arrived, then
 * mails the applicant a confirmation without making them wait for it,
 * and only to an address an account has confirmed: anyone can type any address into the form,
 * and the mail carries their words. Off the request, so its timing tells nothing of accounts.
 */
export async function submitAssessment(
  { db, mailer, log, config }: Pick<FastifyInstance, 'db' | 'mailer' | 'log' | 'config'>,
  answers: AssessmentAnswers,
): Promise<{ id: string }> {
  const [row] = await db.insert(assessments).values(answers).returning({ id: assessments.id });
  if (config.contactEmail) {
    await mailer.send(assessmentArrivedEmail(config, answers));
  }
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

/** Where an assessment stands in the Inbox: closed, else answered, else new. */
function assessmentState(row: { answeredAt: Date | null; closedAt: Date | null }): InboxState {
  if (row.closedAt) return 'closed';
  return row.answeredAt ? 'answered' : 'new';
}

const inStateOf: Record<InboxState, SQL | undefined> = {
  new: and(isNull(assessments.answeredAt), isNull(assessments.closedAt)),
  answered: and(isNotNull(assessments.answeredAt), isNull(assessments.closedAt)),
  closed: isNotNull(assessments.closedAt),
};

function toInboxItem(
  row: Pick<
    typeof assessments.$inferSelect,
    'id' | 'createdAt' | 'name' | 'email' | 'answeredAt' | 'closedAt'
  >,
): InboxItem {
  return {
    kind: 'assessment',
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    state: assessmentState(row),
    name: row.name,
    email: row.email,
    refund: null,
    message: null,
  };
}

/** The assessments as Inbox items, newest first; only those in `state` when given. */
export async function listAssessmentItems(
  db: Database,
  { state }: { state?: InboxState },
): Promise<InboxItem[]> {
  const rows = await db
    .select({
      id: assessments.id,
      createdAt: assessments.createdAt,
      name: assessments.name,
      email: assessments.email,
      answeredAt: assessments.answeredAt,
      closedAt: assessments.closedAt,
    })
    .from(assessments)
    .where(state ? inStateOf[state] : undefined)
    .orderBy(desc(assessments.createdAt), desc(assessments.id))
    .limit(INBOX_LIMIT);
  return rows.map(toInboxItem);
}

/** The admin moves an assessment in the Inbox; answered keeps the time it was first answered. */
export async function setAssessmentState(
  db: Database,
  id: string,
  state: InboxState,
): Promise<InboxItem> {
  const now = new Date();
  const [row] = await db
    .update(assessments)
    .set({
      answeredAt: state === 'new' ? null : sql`coalesce(${assessments.answeredAt}, ${now})`,
      closedAt: state === 'closed' ? now : null,
    })
    .where(eq(assessments.id, id))
    .returning();
  if (!row) throw new AppError('not_found', inboxMessages.notFound);
  return toInboxItem(row);
}

export async function countNewAssessments(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(assessments).where(inStateOf.new);
  return row?.total ?? 0;
}

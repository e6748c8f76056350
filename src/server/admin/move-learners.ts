import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../shared/api/auth.ts';
import type { LearnerImportReport } from '../../shared/api/admin.ts';
import { PRODUCT_NAME } from '../../shared/brand.ts';
import { isUnexpired } from '../../shared/rules/access.ts';
import {
  learnerImportMessages,
  mapColumns,
  MAX_IMPORT_ROWS,
  readImportRow,
  type ImportRow,
} from '../../shared/rules/learner-import.ts';
import { enrollInCourses, listAllEnrollments, listEnrollments } from '../access/enrollments.ts';
import { AppError } from '../http/errors.ts';
import { nameForMail } from '../mail/send-mail.ts';
import { listFulfilledPurchases } from '../payments/buyer-data.ts';
import { recordAdminReadOfEveryone } from '../users/admin-reads.ts';
import { findUserIdByEmail, listAllUsers } from '../users/find-users.ts';

/**
 * Brings learners and their access in from a sheet (issue 32, item 5). A dry run reports what the
 * import would do and changes nothing. The import makes each missing account (its address taken
 * as confirmed: the creator vouches for it), grants the courses it lacks, and mails each new
 * account once how to choose a password; a second run finds the accounts and sends nothing.
 */
export async function importLearners(
  app: FastifyInstance,
  admin: SessionUser,
  { csv, dryRun }: { csv: string; dryRun: boolean },
): Promise<LearnerImportReport> {
  const [headers = [], ...records] = parseSheet(csv);
  const columns = mapColumns(headers);
  if (columns.email === undefined) {
    throw new AppError('bad_request', learnerImportMessages.noEmailColumn);
  }
  if (records.length > MAX_IMPORT_ROWS) {
    throw new AppError('bad_request', learnerImportMessages.tooManyRows(records.length));
  }
  const courses = app.catalogue.courses.map(({ id, title }) => ({ id, title }));
  const now = new Date();
  const report: LearnerImportReport = {
    dryRun,
    rows: records.length,
    accountsCreated: 0,
    accessGranted: 0,
    alreadyThere: 0,
    problems: [],
  };
  for (const [index, cells] of records.entries()) {
    const reading = readImportRow(cells, columns, courses, now);
    if (!reading.ok) {
      report.problems.push({ line: index + 2, reason: reading.reason });
      continue;
    }
    await importRow(app, admin, reading.row, report, now);
  }
  return report;
}

function parseSheet(csv: string): string[][] {
  try {
    return parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true });
  } catch (error) {
    throw new AppError('bad_request', `The sheet could not be read: ${(error as Error).message}`);
  }
}

async function importRow(
  app: FastifyInstance,
  admin: SessionUser,
  row: ImportRow,
  report: LearnerImportReport,
  now: Date,
): Promise<void> {
  const existingId = await findUserIdByEmail(app.db, row.email);
  const held = existingId ? await listEnrollments(app.db, existingId) : [];
  const missing = row.courseIds.filter(
    (courseId) =>
      !held.some(
        (enrollment) => enrollment.courseId === courseId && isUnexpired(enrollment.expiresAt, now),
      ),
  );
  report.alreadyThere += row.courseIds.length - missing.length;
  const hasEnded = row.expiresAt !== null && row.expiresAt <= now;
  if (missing.length > 0 && !hasEnded) report.accessGranted += missing.length;
  if (!existingId) report.accountsCreated += 1;
  if (report.dryRun) return;

  const userId = existingId ?? (await createImportedAccount(app, row));
  if (missing.length > 0 && !hasEnded) {
    await enrollInCourses(app.db, {
      userId,
      courseIds: missing,
      purchaseType: 'paid',
      source: 'admin',
      reference: 'import',
      actorId: admin.id,
      expiresAt: row.expiresAt,
      now: row.enrolledAt ?? now,
    });
  }
  if (!existingId) await app.mailer.send(welcomeMail(app, row));
}

async function createImportedAccount(app: FastifyInstance, row: ImportRow): Promise<string> {
  const context = await app.auth.$context;
  const user = await context.internalAdapter.createUser(
    {
      email: row.email,
      name: `${row.firstName} ${row.lastName}`.trim() || row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      emailVerified: true,
    },
    { method: 'admin' },
  );
  return user.id;
}

function welcomeMail(app: FastifyInstance, row: ImportRow) {
  const titles = row.courseIds.map((id) => app.catalogue.getCourse(id)?.title ?? id);
  const choosePassword = `${app.config.appUrl}/forgot-password?email=${encodeURIComponent(row.email)}`;
  return {
    to: row.email,
    subject: `Your account at ${PRODUCT_NAME} is ready`,
    text: [
      `Hello ${nameForMail(row)},`,
      '',
      `Your learning has moved to ${PRODUCT_NAME}, and an account is ready for you at this address.`,
      ...(titles.length > 0 ? [`Open in it: ${titles.join(', ')}.`] : []),
      '',
      'To sign in, first choose your password: this page mails you a link to set it.',
      choosePassword,
      '',
      `With warmth, ${PRODUCT_NAME}`,
    ].join('\n'),
  };
}

/**
 * Every learner with each course they hold and how far they are, one row per course (a learner
 * without any, one row): recorded on every learner's record as a read by this admin.
 */
export async function exportCustomers(app: FastifyInstance, admin: SessionUser): Promise<string> {
  await recordAdminReadOfEveryone(app.db, { reader: admin, subject: 'customer-export' });
  const [learners, enrollments] = await Promise.all([
    listAllUsers(app.db),
    listAllEnrollments(app.db),
  ]);
  // Grouped once: a filter per learner would be quadratic at a hundred thousand learners.
  const enrollmentsByLearner = new Map<string, typeof enrollments>();
  for (const enrollment of enrollments) {
    const held = enrollmentsByLearner.get(enrollment.userId);
    if (held) held.push(enrollment);
    else enrollmentsByLearner.set(enrollment.userId, [enrollment]);
  }
  const rows = learners.flatMap((learner) => {
    const person = [
      learner.email,
      learner.firstName,
      learner.lastName,
      learner.role,
      iso(learner.createdAt),
    ];
    const held = enrollmentsByLearner.get(learner.id) ?? [];
    if (held.length === 0) return [[...person, '', '', '', '', '', '']];
    return held.map((enrollment) => [
      ...person,
      enrollment.courseId,
      enrollment.purchaseType,
      iso(enrollment.enrolledAt),
      iso(enrollment.expiresAt),
      String(enrollment.progress),
      enrollment.completed ? 'yes' : 'no',
    ]);
  });
  return toCsv(
    [
      'Email',
      'First Name',
      'Last Name',
      'Role',
      'Signed Up',
      'Course',
      'Access Type',
      'Enrolled At',
      'Expires At',
      'Progress',
      'Completed',
    ],
    rows,
  );
}

/** Every fulfilled purchase with what was paid and whether it was refunded. */
export async function exportPurchases(app: FastifyInstance, admin: SessionUser): Promise<string> {
  await recordAdminReadOfEveryone(app.db, { reader: admin, subject: 'customer-export' });
  const purchases = await listFulfilledPurchases(app.db);
  return toCsv(
    ['Order', 'Email', 'Name', 'Items', 'Paid (EUR)', 'Paid At', 'Refunded At', 'Test Payment'],
    purchases.map((purchase) => [
      purchase.orderReference,
      purchase.receiptEmail,
      purchase.customerName ?? '',
      purchase.items.map((item) => item.name).join('; '),
      ((purchase.amountPaidCents ?? purchase.amountCents) / 100).toFixed(2),
      iso(purchase.fulfilledAt),
      iso(purchase.refundedAt),
      purchase.isTest ? 'yes' : 'no',
    ]),
  );
}

const iso = (date: Date | null) => date?.toISOString() ?? '';

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @) is written as text: names and emails
 * come from visitors.
 */
function toCsv(header: string[], rows: string[][]): string {
  const safe = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);
  return stringify([header, ...rows.map((row) => row.map(safe))]);
}

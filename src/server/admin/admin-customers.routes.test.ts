import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LearnerImportReport } from '../../shared/api/admin.ts';
import { learnerImportMessages } from '../../shared/rules/learner-import.ts';
import { listEnrollments } from '../access/enrollments.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { confirmFreshSecondFactor } from '../testing/second-factor.ts';
import { createAdmin, createUser, type TestAdmin, type TestUser } from '../testing/users.ts';
import { findUserIdByEmail } from '../users/find-users.ts';

let testApp: TestApp;
let admin: TestAdmin;
let learner: TestUser;
beforeAll(async () => {
  testApp = await buildTestApp({ APP_URL: 'https://flame.example' });
  admin = await createAdmin(testApp.app, testApp.db);
  learner = await createUser(testApp.app);
});
afterAll(() => testApp.close());

const importAs = (user: { cookie: string } | undefined, csv: string, dryRun: boolean) =>
  testApp.as(user).post('/api/admin/learner-imports', { csv, dryRun });
const importSheet = (csv: string, dryRun: boolean) => importAs(admin, csv, dryRun);

const mailsTo = (email: string) =>
  testApp.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

/** As Thinkific exports its students, with a course named by its title. */
const thinkificSheet = (email: string) =>
  [
    'First Name,Last Name,Email,Course Name,Start Date',
    `Ada,Lovelace,${email},The Sovereign Flame,2026-09-01`,
    `Bo,Brook,not-an-address,The Sovereign Flame,2026-09-01`,
    `Cy,Cole,cy-${email},A Course We Never Made,2026-09-01`,
  ].join('\n');

describe('importing learners from a sheet', () => {
  it('reports what a dry run would do and changes nothing', async () => {
    const email = `dry-${Date.now()}@example.com`;
    const response = await importSheet(thinkificSheet(email), true);
    expect(response.statusCode).toBe(200);
    expect(response.json<LearnerImportReport>()).toEqual({
      dryRun: true,
      rows: 3,
      accountsCreated: 1,
      accessGranted: 1,
      alreadyThere: 0,
      problems: [
        { line: 3, reason: learnerImportMessages.invalidEmail },
        { line: 4, reason: learnerImportMessages.unknownCourse('A Course We Never Made') },
      ],
    });
    expect(await findUserIdByEmail(testApp.db, email)).toBeNull();
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('makes the account, opens the course for a year from its start, mails once; a second run sends nothing', async () => {
    const email = `moved-${Date.now()}@example.com`;
    const first = await importSheet(thinkificSheet(email), false);
    expect(first.json<LearnerImportReport>()).toMatchObject({
      accountsCreated: 1,
      accessGranted: 1,
    });

    const userId = await findUserIdByEmail(testApp.db, email);
    const [enrollment] = await listEnrollments(testApp.db, userId!);
    expect(enrollment).toMatchObject({ courseId: 'sovereign-flame', purchaseType: 'paid' });
    expect(enrollment!.expiresAt!.toISOString()).toBe('2027-09-01T00:00:00.000Z');
    const [welcome] = await mailsTo(email);
    expect(welcome!.subject).toBe('Your account at Sovereign Flame is ready');
    expect(welcome!.text).toContain('Hello Ada Lovelace,');
    expect(welcome!.text).toContain('Open in it: The Sovereign Flame.');
    expect(welcome!.text).toContain(
      `https://flame.example/forgot-password?email=${encodeURIComponent(email)}`,
    );

    const again = await importSheet(thinkificSheet(email), false);
    expect(again.json<LearnerImportReport>()).toMatchObject({
      accountsCreated: 0,
      accessGranted: 0,
      alreadyThere: 1,
    });
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('reads a Teachable-style sheet (one Name column) and grants an existing learner the course without a mail', async () => {
    const sheet = ['Name,Email,Course', `Test Learner,${learner.email},energy-sovereignty`].join(
      '\n',
    );
    const mailsBefore = (await mailsTo(learner.email)).length;
    const response = await importSheet(sheet, false);
    expect(response.json<LearnerImportReport>()).toMatchObject({
      accountsCreated: 0,
      accessGranted: 1,
    });
    const enrollments = await listEnrollments(testApp.db, learner.id);
    expect(enrollments.map((enrollment) => enrollment.courseId)).toEqual(['energy-sovereignty']);
    expect(await mailsTo(learner.email)).toHaveLength(mailsBefore);
  });

  it('keeps access for ever when the expiry column is empty, and grants nothing for access that has ended', async () => {
    const lasting = `lasting-${Date.now()}@example.com`;
    const ended = `ended-${Date.now()}@example.com`;
    const sheet = [
      'Email,Course,Expires At',
      `${lasting},The Sovereign Flame,`,
      `${ended},The Sovereign Flame,2020-01-01`,
    ].join('\n');
    expect((await importSheet(sheet, false)).json<LearnerImportReport>()).toMatchObject({
      accountsCreated: 2,
      accessGranted: 1,
    });
    const lastingId = await findUserIdByEmail(testApp.db, lasting);
    expect((await listEnrollments(testApp.db, lastingId!))[0]!.expiresAt).toBeNull();
    const endedId = await findUserIdByEmail(testApp.db, ended);
    expect(await listEnrollments(testApp.db, endedId!)).toEqual([]);
  });

  it('answers 400 with what is wrong, 401 without a session and 403 for a learner', async () => {
    const noEmail = await importSheet('Name,Course\nAda,The Sovereign Flame', true);
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toMatchObject({
      error: { message: learnerImportMessages.noEmailColumn },
    });
    const empty = await importSheet('', true);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      error: { fields: { csv: 'Choose a sheet (CSV) to import.' } },
    });
    const broken = await importSheet('Email,Course\n"unclosed,x', true);
    expect(broken.statusCode).toBe(400);
    expect(broken.json<{ error: { message: string } }>().error.message).toMatch(
      /^The sheet could not be read/,
    );

    expect((await importAs(undefined, 'Email\na@example.com', true)).statusCode).toBe(401);
    expect((await importAs(learner, 'Email\na@example.com', true)).statusCode).toBe(403);
  });
});

describe("the creator's exports", () => {
  it('ask for a fresh second factor first (403), as every export of customers does', async () => {
    const stale = await testApp.as(admin).get('/api/admin/customers.csv');
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ error: { code: 'second_factor_needed' } });
    await confirmFreshSecondFactor(testApp.app, admin);
  });

  it('lists every learner with each course and their progress, recorded on each learner’s record', async () => {
    const response = await testApp.as(admin).get('/api/admin/customers.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toBe(
      'Email,First Name,Last Name,Role,Signed Up,Course,Access Type,Enrolled At,Expires At,Progress,Completed',
    );
    expect(lines.find((line) => line.startsWith(`${learner.email},`))).toContain(
      ',energy-sovereignty,paid,',
    );

    const exported = await testApp.as(learner).get('/api/account/export');
    expect(JSON.stringify(exported.json())).toContain('customer-export');
  });

  it('writes a name that a spreadsheet would run as a formula as plain text', async () => {
    await createUser(testApp.app, { firstName: '=HYPERLINK("https://evil.example")' });
    const response = await testApp.as(admin).get('/api/admin/customers.csv');
    expect(response.body).toContain(`"'=HYPERLINK(""https://evil.example"")"`);
    expect(response.body).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('lists the purchases, and refuses visitors (401) and learners (403)', async () => {
    const purchases = await testApp.as(admin).get('/api/admin/purchases.csv');
    expect(purchases.statusCode).toBe(200);
    expect(purchases.body.split('\n')[0]).toBe(
      'Order,Email,Name,Items,Paid (EUR),Paid At,Refunded At,Test Payment',
    );
    for (const url of ['/api/admin/customers.csv', '/api/admin/purchases.csv']) {
      expect((await testApp.as(undefined).get(url)).statusCode).toBe(401);
      expect((await testApp.as(learner).get(url)).statusCode).toBe(403);
    }
  });
});

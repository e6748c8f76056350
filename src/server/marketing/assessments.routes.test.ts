import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssessmentInput } from '../../shared/api/marketing.ts';
import { ANSWER_MAX_LENGTH } from '../../shared/rules/assessment.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { assessments } from '../db/schema/marketing.ts';
import { waitForMailTo } from '../testing/mail.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createAdmin, createUser, nextClientAddress, type TestUser } from '../testing/users.ts';
import { assessmentRateLimit } from './assessments.routes.ts';

let testApp: TestApp;
let admin: TestUser;
beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await createAdmin(testApp.app, testApp.db);
});
afterAll(() => testApp.close());

const completeAnswers = (): AssessmentInput => ({
  drawnToSovereignty: 'I am tired of handing my power to other people.',
  sovereigntyMeaning: 'Choosing my life from the inside out.',
  takeResponsibility: 'yes',
  facingDiscomfort: 'sit-with',
  trueStatements: ['tired-of-playing-small', 'ready-to-be-seen'],
  noLongerAvailable: 'Shrinking to keep the peace.',
  greatestResistance: 'Fear of being too much.',
  readinessScale: 8,
  additionalThoughts: '',
  name: 'Maya Stone',
  email: `maya-${Math.random().toString(36).slice(2, 10)}@example.com`,
});

const ASSESSMENT_MAIL = 'Your Sovereign Flame assessment has been received';

const submit = (payload: unknown, remoteAddress = nextClientAddress()) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/assessments',
    payload: payload as object,
    remoteAddress,
  });

const get = (url: string, cookie?: string) =>
  testApp.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('submitting the sacred assessment', () => {
  it('stores every answer and mails a confirmation to an applicant with a confirmed account', async () => {
    const answers = completeAnswers();
    await createUser(testApp.app, { email: answers.email });
    const response = await submit(answers);
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();

    const [stored] = await testApp.db.select().from(assessments).where(eq(assessments.id, id));
    expect(stored).toMatchObject(answers);

    const mail = await waitForMailTo(testApp.db, answers.email, ASSESSMENT_MAIL);
    expect(mail.subject).toBe('Your Sovereign Flame assessment has been received');
    expect(mail.text).toContain('Dear Maya Stone');
    expect(mail.text).toContain('Within 24 hours you will receive your initiation results');
  });

  it('mails nothing to an address no account has confirmed: the form takes any address', async () => {
    const stranger = { ...completeAnswers(), name: 'Your account is suspended, log in at evil' };
    const unconfirmed = completeAnswers();
    await createUser(testApp.app, { email: unconfirmed.email, isVerified: false });
    const confirmed = completeAnswers();
    await createUser(testApp.app, { email: confirmed.email });
    for (const answers of [stranger, unconfirmed, confirmed]) {
      expect((await submit(answers)).statusCode).toBe(201);
    }
    await waitForMailTo(testApp.db, confirmed.email, ASSESSMENT_MAIL);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sent = await testApp.db
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.subject, ASSESSMENT_MAIL),
          inArray(mailOutbox.to, [stranger.email, unconfirmed.email]),
        ),
      );
    expect(sent).toEqual([]);
  });

  it('needs only the name, the email and the two answers of step 1, with the spec defaults', async () => {
    const { name, email, drawnToSovereignty, sovereigntyMeaning } = completeAnswers();
    const response = await submit({ name, email, drawnToSovereignty, sovereigntyMeaning });
    expect(response.statusCode).toBe(201);
    const [stored] = await testApp.db
      .select()
      .from(assessments)
      .where(eq(assessments.id, response.json<{ id: string }>().id));
    expect(stored).toMatchObject({
      takeResponsibility: null,
      facingDiscomfort: null,
      trueStatements: [],
      noLongerAvailable: '',
      greatestResistance: '',
      readinessScale: 5,
      additionalThoughts: '',
    });
  });

  it('answers 400 with a clear message for each missing required answer', async () => {
    const cases: [keyof AssessmentInput, string][] = [
      ['drawnToSovereignty', 'Please share what draws you to sovereignty'],
      ['sovereigntyMeaning', 'Please share what sovereignty means to you'],
      ['name', 'Name is required'],
      ['email', 'Email is required'],
    ];
    for (const [field, message] of cases) {
      for (const value of [undefined, '', '   ']) {
        const response = await submit({ ...completeAnswers(), [field]: value });
        expect(response.statusCode, `${field}=${JSON.stringify(value)}`).toBe(400);
        expect(response.json().error).toMatchObject({
          code: 'bad_request',
          message: `${field}: ${message}`,
          fields: { [field]: message },
        });
      }
    }
  });

  it('answers 400 for a bad email, a choice outside the spec, or a readiness outside 1 to 10', async () => {
    const cases: [Partial<Record<keyof AssessmentInput, unknown>>, string, string][] = [
      [{ email: 'maya-at-example' }, 'email', 'Please enter a valid email address'],
      [
        { takeResponsibility: 'maybe' },
        'takeResponsibility',
        'Choose yes, not yet or I do not know',
      ],
      [
        { facingDiscomfort: 'run' },
        'facingDiscomfort',
        'Choose one of the four ways of facing discomfort',
      ],
      [
        { trueStatements: ['something else'] },
        'trueStatements.0',
        'Choose from the five statements',
      ],
      [{ readinessScale: 0 }, 'readinessScale', 'Readiness must be a whole number from 1 to 10'],
      [{ readinessScale: 11 }, 'readinessScale', 'Readiness must be a whole number from 1 to 10'],
      [{ readinessScale: 7.5 }, 'readinessScale', 'Readiness must be a whole number from 1 to 10'],
    ];
    for (const [change, field, message] of cases) {
      const response = await submit({ ...completeAnswers(), ...change });
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error.fields).toEqual({ [field]: message });
    }
  });

  it('answers 400 for an oversize answer or name, and stores nothing', async () => {
    const before = await testApp.db.$count(assessments);
    const tooLong = 'x'.repeat(ANSWER_MAX_LENGTH + 1);
    for (const field of ['drawnToSovereignty', 'greatestResistance', 'additionalThoughts']) {
      const response = await submit({ ...completeAnswers(), [field]: tooLong });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({
        [field]: `Answers must be at most ${ANSWER_MAX_LENGTH} characters`,
      });
    }
    const longName = await submit({ ...completeAnswers(), name: 'n'.repeat(201) });
    expect(longName.json().error.fields).toEqual({ name: 'Name must be at most 200 characters' });
    expect(await testApp.db.$count(assessments)).toBe(before);
  });

  it('counts each statement once', async () => {
    const response = await submit({
      ...completeAnswers(),
      trueStatements: ['unfocused-fire', 'unfocused-fire'],
    });
    const [stored] = await testApp.db
      .select()
      .from(assessments)
      .where(eq(assessments.id, response.json<{ id: string }>().id));
    expect(stored?.trueStatements).toEqual(['unfocused-fire']);
  });

  it('limits submissions per client address with 429, each address on its own', async () => {
    const address = nextClientAddress();
    for (let attempt = 0; attempt < assessmentRateLimit.max; attempt++) {
      expect((await submit(completeAnswers(), address)).statusCode).toBe(201);
    }
    const limited = await submit(completeAnswers(), address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({
      code: 'rate_limited',
      message: assessmentRateLimit.message,
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await submit(completeAnswers(), nextClientAddress())).statusCode).toBe(201);
  });
});

describe('admins reading submissions', () => {
  it('lists them newest first with a total, and reads one in full', async () => {
    const answers = completeAnswers();
    const { id } = (await submit(answers)).json<{ id: string }>();

    const list = await get('/api/admin/assessments?pageSize=2', admin.cookie);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body).toMatchObject({ page: 1, pageSize: 2 });
    expect(body.total).toBeGreaterThanOrEqual(1);
    expect(body.assessments).toHaveLength(2);
    expect(body.assessments[0]).toEqual({
      id,
      name: answers.name,
      email: answers.email,
      readinessScale: 8,
      answeredAt: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const one = await get(`/api/admin/assessments/${id}`, admin.cookie);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({
      ...answers,
      id,
      answeredAt: null,
      createdAt: body.assessments[0].createdAt,
    });
  });

  it('pages through the list', async () => {
    const first = (await get('/api/admin/assessments?pageSize=1&page=1', admin.cookie)).json();
    const second = (await get('/api/admin/assessments?pageSize=1&page=2', admin.cookie)).json();
    expect(first.assessments[0].id).not.toBe(second.assessments[0].id);
  });

  it('answers 401 without a session', async () => {
    for (const url of ['/api/admin/assessments', `/api/admin/assessments/${crypto.randomUUID()}`]) {
      const response = await get(url);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('unauthorized');
    }
  });

  it('answers 403 to a learner', async () => {
    const learner = await createUser(testApp.app);
    const { id } = (await submit(completeAnswers())).json<{ id: string }>();
    for (const url of ['/api/admin/assessments', `/api/admin/assessments/${id}`]) {
      const response = await get(url, learner.cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('forbidden');
    }
  });

  it('answers 404 for an unknown id and 400 for a malformed id or page size', async () => {
    const unknown = await get(`/api/admin/assessments/${crypto.randomUUID()}`, admin.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('No assessment with this id.');

    const malformed = await get('/api/admin/assessments/not-an-id', admin.cookie);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toEqual({ id: 'id must be an assessment id' });

    const tooMany = await get('/api/admin/assessments?pageSize=1000', admin.cookie);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields).toEqual({
      pageSize: 'pageSize must be a whole number from 1 to 100',
    });
  });
});

describe('admins marking a submission answered', () => {
  const mark = (id: string, payload: unknown, cookie?: string) =>
    testApp.app.inject({
      method: 'PATCH',
      url: `/api/admin/assessments/${id}`,
      headers: cookie ? { cookie } : {},
      payload: payload as object,
    });

  it('marks it answered, and unmarks it', async () => {
    const { id } = (await submit(completeAnswers())).json<{ id: string }>();
    const answered = await mark(id, { answered: true }, admin.cookie);
    expect(answered.statusCode).toBe(200);
    expect(answered.json().answeredAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const reopened = await mark(id, { answered: false }, admin.cookie);
    expect(reopened.json().answeredAt).toBeNull();
  });

  it('answers 400 for a missing flag, 404 for an unknown id, 401 and 403', async () => {
    const { id } = (await submit(completeAnswers())).json<{ id: string }>();
    const bad = await mark(id, {}, admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('answered');
    expect((await mark(crypto.randomUUID(), { answered: true }, admin.cookie)).statusCode).toBe(
      404,
    );
    expect((await mark(id, { answered: true })).statusCode).toBe(401);
    const learner = await createUser(testApp.app);
    expect((await mark(id, { answered: true }, learner.cookie)).statusCode).toBe(403);
  });
});

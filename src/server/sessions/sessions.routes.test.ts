import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sessionMessages,
  type AdminSessionsResponse,
  type Availability,
  type AvailabilityResponse,
  type BookSessionResponse,
  type LearnerSession,
  type LearnerSessionsResponse,
  type SlotsResponse,
} from '../../shared/api/sessions.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { checkoutSessions } from '../db/schema/payments.ts';
import { sessionBookings } from '../db/schema/sessions.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { startFakeStripeServer, type FakeStripe } from '../testing/fake-stripe-server.ts';
import { waitForMailTo } from '../testing/mail.ts';
import { confirmFreshSecondFactor } from '../testing/second-factor.ts';
import {
  createAdmin,
  createUser,
  nextClientAddress,
  type TestAdmin,
  type TestUser,
} from '../testing/users.ts';
import { sendDueReminders } from './reminders.ts';

const CREATOR_EMAIL = 'creator@example.com';
const DEFAULT_LINK = 'https://meet.example.com/illumination';

let fakeStripe: FakeStripe;
let testApp: TestApp;
let stripeApp: TestApp;
let admin: TestAdmin;
let stripeAdmin: TestAdmin;

/** Open round the clock, hour-long sessions without a buffer: there is always a slot. */
const openAllDay: Availability = {
  weeklyHours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
  blocks: [],
  sessionMinutes: 60,
  bufferMinutes: 0,
  noticeHours: 2,
  horizonDays: 14,
  rescheduleCutoffHours: 24,
  defaultMeetingUrl: DEFAULT_LINK,
};

beforeAll(async () => {
  fakeStripe = await startFakeStripeServer();
  [testApp, stripeApp] = await Promise.all([
    buildTestApp({ SESSIONS_EMAIL: CREATOR_EMAIL, CREATOR_TIME_ZONE: 'Europe/London' }),
    buildTestApp({ ...fakeStripe.environment, SESSIONS_EMAIL: CREATOR_EMAIL }),
  ]);
  [admin, stripeAdmin] = await Promise.all([
    createAdmin(testApp.app, testApp.db),
    createAdmin(stripeApp.app, stripeApp.db),
  ]);
  await Promise.all([
    confirmFreshSecondFactor(testApp.app, admin),
    confirmFreshSecondFactor(stripeApp.app, stripeAdmin),
  ]);
  for (const [app, who] of [
    [testApp, admin],
    [stripeApp, stripeAdmin],
  ] as const) {
    const saved = await call(app, 'PUT', '/api/admin/sessions/availability', who, openAllDay);
    expect(saved.statusCode).toBe(200);
  }
});
afterAll(async () => {
  await Promise.all([testApp.close(), stripeApp.close()]);
  await fakeStripe.close();
});

function call(
  app: TestApp,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  user?: TestUser,
  payload?: object,
) {
  return app.app.inject({
    method,
    url,
    headers: user ? { cookie: user.cookie } : {},
    remoteAddress: nextClientAddress(),
    ...(payload ? { payload } : {}),
  });
}

async function freeSlots(app: TestApp, user: TestUser) {
  const response = await call(app, 'GET', '/api/sessions/slots', user);
  expect(response.statusCode).toBe(200);
  return response.json<SlotsResponse>().slots.map((slot) => slot.startsAt);
}

const book = (app: TestApp, user: TestUser, startsAt: string) =>
  call(app, 'POST', '/api/sessions/book', user, { startsAt, timeZone: 'America/New_York' });

/** Books and pays in payment test mode; answers the session's id. */
async function bookAndPay(user: TestUser, startsAt: string): Promise<string> {
  const booked = await book(testApp, user, startsAt);
  expect(booked.statusCode).toBe(200);
  const { sessionId, checkoutUrl } = booked.json<BookSessionResponse>();
  const checkoutId = checkoutUrl.split('/').at(-1)!;
  const paid = await call(testApp, 'POST', `/api/checkout/test-sessions/${checkoutId}/pay`, user);
  expect(paid.statusCode).toBe(200);
  expect(paid.json<{ redirectUrl: string }>().redirectUrl).toBe(
    `/sessions/${sessionId}?session_id=${checkoutId}`,
  );
  return sessionId;
}

async function moveSession(app: TestApp, sessionId: string, startsInMinutes: number) {
  const startsAt = new Date(Date.now() + startsInMinutes * 60_000);
  await app.db
    .update(sessionBookings)
    .set({ startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000), reminderSentAt: null })
    .where(eq(sessionBookings.id, sessionId));
}

/** Puts a session on a slot known to be free, skipping the rules (as time passing would). */
async function moveTo(sessionId: string, startsAt: string) {
  await moveSession(testApp, sessionId, (new Date(startsAt).getTime() - Date.now()) / 60_000);
}

const mailsTo = (app: TestApp, email: string, subject: string) =>
  app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.subject, subject)));

describe('one-to-one sessions: the doors', () => {
  const anyId = randomUUID();
  const routes: [method: 'GET' | 'POST' | 'PUT', url: string, body?: object][] = [
    ['GET', '/api/sessions/slots'],
    ['POST', '/api/sessions/book', { startsAt: new Date().toISOString() }],
    ['GET', '/api/sessions'],
    ['GET', `/api/sessions/${anyId}`],
    ['POST', `/api/sessions/${anyId}/reschedule`, { startsAt: new Date().toISOString() }],
    ['POST', `/api/sessions/${anyId}/cancel`],
    ['GET', `/api/sessions/${anyId}/calendar`],
    ['GET', '/api/admin/sessions/availability'],
    ['PUT', '/api/admin/sessions/availability', openAllDay],
    ['GET', '/api/admin/sessions'],
    ['PUT', `/api/admin/sessions/${anyId}/meeting-link`, { meetingUrl: '' }],
    ['POST', `/api/admin/sessions/${anyId}/cancel`, { reason: '' }],
    ['POST', `/api/admin/sessions/${anyId}/held`],
  ];

  it('asks a visitor to sign in on every route', async () => {
    for (const [method, url, body] of routes) {
      const response = await call(testApp, method, url, undefined, body);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('keeps the creator’s routes from learners', async () => {
    const learner = await createUser(testApp.app);
    for (const [method, url, body] of routes.filter(([, url]) => url.startsWith('/api/admin'))) {
      const response = await call(testApp, method, url, learner, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('refuses malformed ids and times with a clear message', async () => {
    const learner = await createUser(testApp.app);
    const badId = await call(testApp, 'GET', '/api/sessions/not-an-id', learner);
    expect(badId.statusCode).toBe(400);
    expect(badId.body).toContain('expected a session id');
    const badTime = await call(testApp, 'POST', '/api/sessions/book', learner, {
      startsAt: 'soon',
    });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.body).toContain('expected a date and time');
    const badZone = await call(testApp, 'POST', '/api/sessions/book', learner, {
      startsAt: new Date().toISOString(),
      timeZone: 'Mars/Olympus',
    });
    expect(badZone.statusCode).toBe(400);
  });
});

describe('the creator’s availability', () => {
  it('reads back what was saved, blocks on the creator’s clock', async () => {
    const withBlock = {
      ...openAllDay,
      blocks: [{ startsAt: '2026-07-01T09:00', endsAt: '2026-07-01T12:30' }],
    };
    const saved = await call(testApp, 'PUT', '/api/admin/sessions/availability', admin, withBlock);
    expect(saved.statusCode).toBe(200);
    const read = await call(testApp, 'GET', '/api/admin/sessions/availability', admin);
    expect(read.json<AvailabilityResponse>()).toEqual({
      ...withBlock,
      timeZone: 'Europe/London',
      missingForSale: [],
    });
    await call(testApp, 'PUT', '/api/admin/sessions/availability', admin, openAllDay);
  });

  it('refuses impossible hours, backwards blocks and a plain-http link', async () => {
    const cases = [
      { ...openAllDay, weeklyHours: [{ weekday: 1, start: '25:00', end: '26:00' }] },
      { ...openAllDay, weeklyHours: [{ weekday: 1, start: '12:00', end: '09:00' }] },
      { ...openAllDay, blocks: [{ startsAt: '2026-07-01T12:00', endsAt: '2026-07-01T09:00' }] },
      { ...openAllDay, defaultMeetingUrl: 'http://meet.example.com/x' },
      { ...openAllDay, sessionMinutes: 5 },
    ];
    for (const body of cases) {
      const response = await call(testApp, 'PUT', '/api/admin/sessions/availability', admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('booking and paying', () => {
  it('tells a visitor the session’s name, price and length, without signing in, on sale or not', async () => {
    const expected = {
      name: 'One-to-One Illumination Session',
      priceCents: 22200,
      sessionMinutes: 60,
    };
    const offer = await call(testApp, 'GET', '/api/sessions/offer');
    expect(offer.statusCode).toBe(200);
    expect(offer.json()).toEqual(expected);
    const fresh = await buildTestApp();
    try {
      const notOnSale = await call(fresh, 'GET', '/api/sessions/offer');
      expect(notOnSale.statusCode).toBe(200);
      expect(notOnSale.json()).toEqual(expected);
    } finally {
      await fresh.close();
    }
  });

  it('lists free slots at the catalogue’s price, outside the notice period', async () => {
    const learner = await createUser(testApp.app);
    const response = await call(testApp, 'GET', '/api/sessions/slots', learner);
    const { product, slots, sessionMinutes } = response.json<SlotsResponse>();
    expect(product).toEqual({ name: 'One-to-One Illumination Session', priceCents: 22200 });
    expect(sessionMinutes).toBe(60);
    expect(new Date(slots[0]!.startsAt).getTime()).toBeGreaterThanOrEqual(
      Date.now() + 2 * 3_600_000,
    );
  });

  it('holds the slot during checkout, books it once paid, and mails both sides a calendar file', async () => {
    const learner = await createUser(testApp.app, { firstName: 'Maya' });
    const other = await createUser(testApp.app);
    const [slot] = (await freeSlots(testApp, learner)).slice(3);
    const booked = await book(testApp, learner, slot!);
    expect(booked.statusCode).toBe(200);
    const { sessionId, checkoutUrl } = booked.json<BookSessionResponse>();
    expect(checkoutUrl).toMatch(/\/checkout\/test\/test_cs_/);
    expect(await freeSlots(testApp, other)).not.toContain(slot);
    // The learner who holds it still sees it, to come back to it.
    expect(await freeSlots(testApp, learner)).toContain(slot);

    const checkoutId = checkoutUrl.split('/').at(-1)!;
    for (let time = 0; time < 2; time++) {
      await call(testApp, 'POST', `/api/checkout/test-sessions/${checkoutId}/pay`, learner);
    }
    const mine = await call(testApp, 'GET', '/api/sessions', learner);
    const { upcoming } = mine.json<LearnerSessionsResponse>();
    expect(upcoming.map((session) => [session.id, session.status, session.startsAt])).toEqual([
      [sessionId, 'booked', slot],
    ]);

    const confirmation = await waitForMailTo(
      testApp.db,
      learner.email,
      'Your one-to-one session is booked',
    );
    expect(confirmation.text).toContain('Hello Maya');
    expect(confirmation.text).toContain('(America/New_York)');
    expect(confirmation.attachments?.[0]?.filename).toBe('session.ics');
    expect(confirmation.attachments?.[0]?.content).toContain(`UID:session-${sessionId}@localhost`);
    expect(confirmation.attachments?.[0]?.content).toContain(
      `DTSTART:${slot!.replace(/[-:]/g, '').replace('.000', '')}`,
    );
    const creatorCopy = await waitForMailTo(testApp.db, CREATOR_EMAIL);
    expect(creatorCopy.subject).toContain(learner.email);
    expect(creatorCopy.text).toContain('(Europe/London)');
    expect(await mailsTo(testApp, learner.email, 'Your one-to-one session is booked')).toHaveLength(
      1,
    );
  });

  it('gives two learners racing for one slot one booking and one clear message', async () => {
    const [first, second] = await Promise.all([createUser(testApp.app), createUser(testApp.app)]);
    const [slot] = (await freeSlots(testApp, first)).slice(5);
    const answers = await Promise.all([book(testApp, first, slot!), book(testApp, second, slot!)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      sessionMessages.slotTaken,
    );
    const holds = await testApp.db
      .select()
      .from(sessionBookings)
      .where(eq(sessionBookings.startsAt, new Date(slot!)));
    expect(holds.filter((hold) => hold.status === 'pending')).toHaveLength(1);
  });

  it('lets the slot go when the checkout is abandoned or its hold lapses', async () => {
    const [learner, other] = await Promise.all([createUser(testApp.app), createUser(testApp.app)]);
    const [slot, later] = (await freeSlots(testApp, learner)).slice(7);
    const { checkoutUrl } = (await book(testApp, learner, slot!)).json<BookSessionResponse>();
    const cancelled = await call(
      testApp,
      'POST',
      `/api/checkout/test-sessions/${checkoutUrl.split('/').at(-1)}/cancel`,
      learner,
    );
    expect(cancelled.json<{ redirectUrl: string }>().redirectUrl).toBe(
      '/book-session?canceled=true',
    );
    expect(await freeSlots(testApp, other)).toContain(slot);

    const { sessionId } = (await book(testApp, learner, later!)).json<BookSessionResponse>();
    expect((await book(testApp, other, later!)).statusCode).toBe(409);
    await testApp.db
      .update(sessionBookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessionBookings.id, sessionId));
    expect((await book(testApp, other, later!)).statusCode).toBe(200);
  });

  it('refuses a time that is not one of the slots', async () => {
    const learner = await createUser(testApp.app);
    const [slot] = await freeSlots(testApp, learner);
    const offGrid = new Date(new Date(slot!).getTime() + 30 * 60_000).toISOString();
    const response = await book(testApp, learner, offGrid);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toBe(
      sessionMessages.slotNotOpen,
    );
    const tooSoon = await book(testApp, learner, new Date(Date.now() + 3_600_000).toISOString());
    expect(tooSoon.statusCode).toBe(400);
  });
});

describe('a booked session', () => {
  let learner: TestUser;
  let other: TestUser;
  let sessionId: string;

  beforeAll(async () => {
    [learner, other] = await Promise.all([createUser(testApp.app), createUser(testApp.app)]);
    const slots = await freeSlots(testApp, learner);
    sessionId = await bookAndPay(learner, slots.at(-1)!);
  });

  it('is its learner’s alone', async () => {
    expect((await call(testApp, 'GET', `/api/sessions/${sessionId}`, learner)).statusCode).toBe(
      200,
    );
    const theirs = await call(testApp, 'GET', `/api/sessions/${sessionId}`, other);
    expect(theirs.statusCode).toBe(403);
    const [slot] = await freeSlots(testApp, other);
    const moveTheirs = await call(testApp, 'POST', `/api/sessions/${sessionId}/reschedule`, other, {
      startsAt: slot,
    });
    expect(moveTheirs.statusCode).toBe(403);
    const missing = await call(testApp, 'GET', `/api/sessions/${randomUUID()}`, learner);
    expect(missing.statusCode).toBe(404);
    const othersList = await call(testApp, 'GET', '/api/sessions', other);
    expect(othersList.json<LearnerSessionsResponse>().upcoming).toEqual([]);
  });

  it('downloads as its learner’s calendar file: 200, and 400, 401 and 403 otherwise', async () => {
    const url = `/api/sessions/${sessionId}/calendar`;
    const file = await call(testApp, 'GET', url, learner);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/calendar/);
    expect(file.headers['content-disposition']).toBe('attachment; filename="session.ics"');
    expect(file.body).toContain('BEGIN:VCALENDAR');
    expect(file.body).toContain(`session-${sessionId}@`);
    expect(file.body).toContain('STATUS:CONFIRMED');
    const badId = await call(testApp, 'GET', '/api/sessions/not-an-id/calendar', learner);
    expect(badId.statusCode).toBe(400);
    expect(badId.body).toContain('expected a session id');
    expect((await call(testApp, 'GET', url)).statusCode).toBe(401);
    expect((await call(testApp, 'GET', url, other)).statusCode).toBe(403);
  });

  it('opens Join 10 minutes before the start, with the creator’s link', async () => {
    await moveSession(testApp, sessionId, 11);
    const early = (
      await call(testApp, 'GET', `/api/sessions/${sessionId}`, learner)
    ).json<LearnerSession>();
    expect(early.joinUrl).toBeNull();
    await moveSession(testApp, sessionId, 9);
    const open = (
      await call(testApp, 'GET', `/api/sessions/${sessionId}`, learner)
    ).json<LearnerSession>();
    expect(open.joinUrl).toBe(DEFAULT_LINK);
    const ownLink = 'https://meet.example.com/maya-private';
    const set = await call(testApp, 'PUT', `/api/admin/sessions/${sessionId}/meeting-link`, admin, {
      meetingUrl: ownLink,
    });
    expect(set.statusCode).toBe(200);
    const withOwn = (
      await call(testApp, 'GET', `/api/sessions/${sessionId}`, learner)
    ).json<LearnerSession>();
    expect(withOwn.joinUrl).toBe(ownLink);
    expect(withOwn.canReschedule).toBe(false);
  });

  it('moves to another free slot until the cut-off, then says whom to write to', async () => {
    const slots = await freeSlots(testApp, learner);
    await moveTo(
      sessionId,
      slots.find((slot) => new Date(slot).getTime() > Date.now() + 72 * 3_600_000)!,
    );
    const target = slots.at(-2)!;
    const moved = await call(testApp, 'POST', `/api/sessions/${sessionId}/reschedule`, learner, {
      startsAt: target,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<LearnerSession>().startsAt).toBe(target);
    const mail = await waitForMailTo(
      testApp.db,
      learner.email,
      'Your one-to-one session has moved',
    );
    expect(mail.attachments?.[0]?.content).toContain('SEQUENCE:1');

    const taken = await bookAndPay(other, slots.at(-3)!);
    const onto = await call(testApp, 'POST', `/api/sessions/${sessionId}/reschedule`, learner, {
      startsAt: slots.at(-3),
    });
    expect(onto.statusCode).toBe(409);
    expect(taken).toBeTruthy();

    // A cut-off of 30 days: the session, within the 14-day horizon, is past it.
    const longCutoff = { ...openAllDay, rescheduleCutoffHours: 720 };
    await call(testApp, 'PUT', '/api/admin/sessions/availability', admin, longCutoff);
    const late = await call(testApp, 'POST', `/api/sessions/${sessionId}/reschedule`, learner, {
      startsAt: slots.at(-4),
    });
    await call(testApp, 'PUT', '/api/admin/sessions/availability', admin, openAllDay);
    expect(late.statusCode).toBe(409);
    expect(late.json<{ error: { message: string } }>().error.message).toBe(
      sessionMessages.tooLateToReschedule(720, CREATOR_EMAIL),
    );
    const shown = (
      await call(testApp, 'GET', `/api/sessions/${sessionId}`, learner)
    ).json<LearnerSession>();
    expect(shown.contactEmail).toBe(CREATOR_EMAIL);
  });

  it('reminds both sides the day before, once, however many processes check', async () => {
    const withinADay = (await freeSlots(testApp, learner)).filter(
      (slot) => new Date(slot).getTime() < Date.now() + 24 * 3_600_000,
    );
    await moveTo(sessionId, withinADay.at(-1)!);
    const counts = await Promise.all([
      sendDueReminders(testApp.app),
      sendDueReminders(testApp.app),
    ]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await sendDueReminders(testApp.app)).toBe(0);
    const reminders = await mailsTo(testApp, learner.email, 'Your one-to-one session is tomorrow');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.attachments?.[0]?.filename).toBe('session.ics');
  });
});

describe('the creator’s sessions', () => {
  it('lists upcoming sessions with their learner, marks one held and cancels another', async () => {
    const learner = await createUser(testApp.app, { firstName: 'Noor', lastName: 'Vale' });
    const slots = await freeSlots(testApp, learner);
    const held = await bookAndPay(learner, slots[10]!);
    const cancelled = await bookAndPay(learner, slots[12]!);

    const list = (
      await call(testApp, 'GET', '/api/admin/sessions', admin)
    ).json<AdminSessionsResponse>();
    expect(list.sessions.find((session) => session.id === held)?.learner).toEqual({
      name: 'Noor Vale',
      email: learner.email,
    });

    const badLink = await call(testApp, 'PUT', `/api/admin/sessions/${held}/meeting-link`, admin, {
      meetingUrl: 'javascript:alert(1)',
    });
    expect(badLink.statusCode).toBe(400);

    expect(
      (await call(testApp, 'POST', `/api/admin/sessions/${held}/held`, admin)).statusCode,
    ).toBe(200);
    const cancel = await call(testApp, 'POST', `/api/admin/sessions/${cancelled}/cancel`, admin, {
      reason: 'I am unwell that day.',
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json<{ isRefunded: boolean }>().isRefunded).toBe(true);
    const again = await call(testApp, 'POST', `/api/admin/sessions/${cancelled}/held`, admin);
    expect(again.statusCode).toBe(409);

    const mail = await waitForMailTo(
      testApp.db,
      learner.email,
      'Your one-to-one session is cancelled',
    );
    expect(mail.text).toContain('I am unwell that day.');
    expect(mail.attachments?.[0]?.content).toContain('STATUS:CANCELLED');
    const mine = (
      await call(testApp, 'GET', '/api/sessions', learner)
    ).json<LearnerSessionsResponse>();
    expect(mine.past.map((session) => [session.id, session.status])).toEqual(
      expect.arrayContaining([
        [held, 'completed'],
        [cancelled, 'cancelled'],
      ]),
    );
    expect(await freeSlots(testApp, learner)).toContain(slots[12]);
  });

  it('refunds through Stripe when it cancels a paid session', async () => {
    const learner = await createUser(stripeApp.app);
    const slots = await freeSlots(stripeApp, learner);
    const booked = await book(stripeApp, learner, slots[4]!);
    const { sessionId } = booked.json<BookSessionResponse>();
    const [checkout] = await stripeApp.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.userId, learner.id));
    const created = fakeStripe.checkoutSessions.get(checkout!.id)!;
    expect(Number(created.expires_at) * 1000).toBeLessThanOrEqual(Date.now() + 31 * 60_000);

    fakeStripe.completeCheckout(checkout!.id);
    const confirmed = await call(stripeApp, 'POST', '/api/checkout/confirm', learner, {
      checkoutId: checkout!.id,
    });
    expect(confirmed.statusCode).toBe(200);
    const session = (
      await call(stripeApp, 'GET', `/api/sessions/${sessionId}`, learner)
    ).json<LearnerSession>();
    expect(session.status).toBe('booked');

    const cancel = await call(
      stripeApp,
      'POST',
      `/api/admin/sessions/${sessionId}/cancel`,
      stripeAdmin,
      {
        reason: '',
      },
    );
    expect(cancel.json<{ isRefunded: boolean }>().isRefunded).toBe(true);
    expect(fakeStripe.refunds.map((refund) => refund.payment_intent)).toContain(
      fakeStripe.checkoutSessions.get(checkout!.id)!.payment_intent,
    );
    const [record] = await stripeApp.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, checkout!.id));
    expect(record!.refundedAt).not.toBeNull();
  });

  it('cancels the booked session when Stripe reports the payment refunded (charge.refunded)', async () => {
    const learner = await createUser(stripeApp.app);
    const startsAt = (await freeSlots(stripeApp, learner))[6]!;
    const { sessionId } = (await book(stripeApp, learner, startsAt)).json<BookSessionResponse>();
    const [checkout] = await stripeApp.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.userId, learner.id));
    const paymentIntent = fakeStripe.completeCheckout(checkout!.id).payment_intent as string;
    await call(stripeApp, 'POST', '/api/checkout/confirm', learner, { checkoutId: checkout!.id });
    const statusOf = async () =>
      (await call(stripeApp, 'GET', `/api/sessions/${sessionId}`, learner)).json<LearnerSession>()
        .status;
    expect(await statusOf()).toBe('booked');

    // A refund made in Stripe's own dashboard reaches us only as its event.
    const refund = fakeStripe.signedEvent('charge.refunded', {
      id: `ch_${randomUUID().replaceAll('-', '')}`,
      object: 'charge',
      payment_intent: paymentIntent,
      amount: checkout!.amountCents,
      amount_refunded: checkout!.amountCents,
      refunded: true,
    });
    const delivered = await stripeApp.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: refund.headers,
      payload: refund.payload,
    });
    expect(delivered.statusCode).toBe(200);
    expect(await statusOf()).toBe('cancelled');
    expect(await freeSlots(stripeApp, learner)).toContain(startsAt);
  });
});

describe('the learner cancels', () => {
  it('cancels before the cut-off, refunded in full, and the calendar file removes it', async () => {
    const [learner, other] = await Promise.all([createUser(testApp.app), createUser(testApp.app)]);
    const slots = await freeSlots(testApp, learner);
    const sessionId = await bookAndPay(learner, slots.at(-5)!);
    const badId = await call(testApp, 'POST', '/api/sessions/not-an-id/cancel', learner);
    expect(badId.statusCode).toBe(400);
    expect(badId.body).toContain('expected a session id');
    const theirs = await call(testApp, 'POST', `/api/sessions/${sessionId}/cancel`, other);
    expect(theirs.statusCode).toBe(403);

    const before = (
      await call(testApp, 'GET', `/api/sessions/${sessionId}`, learner)
    ).json<LearnerSession>();
    expect(before).toMatchObject({ canCancel: true, hasMeetingLink: true });
    const cancelled = await call(testApp, 'POST', `/api/sessions/${sessionId}/cancel`, learner);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      session: { status: 'cancelled', canCancel: false },
      isRefunded: true,
    });
    const again = await call(testApp, 'POST', `/api/sessions/${sessionId}/cancel`, learner);
    expect(again.statusCode).toBe(409);
    const calendar = await call(testApp, 'GET', `/api/sessions/${sessionId}/calendar`, learner);
    expect(calendar.statusCode).toBe(409);
    expect(calendar.json().error.message).toBe(sessionMessages.notInCalendar);

    const mail = await waitForMailTo(
      testApp.db,
      learner.email,
      'Your one-to-one session is cancelled',
    );
    expect(mail.text).toContain('The calendar file attached removes it from your calendar.');
    expect(mail.text).not.toContain('adds it to your calendar');
    expect(mail.attachments?.[0]?.content).toContain('STATUS:CANCELLED');
    expect(await freeSlots(testApp, learner)).toContain(slots.at(-5));
  });

  it('refuses inside the cut-off, unless the session has no meeting link', async () => {
    const learner = await createUser(testApp.app);
    const soon = (await freeSlots(testApp, learner)).filter(
      (slot) => new Date(slot).getTime() < Date.now() + 20 * 3_600_000,
    );
    const sessionId = await bookAndPay(learner, soon.at(-1)!);
    const late = await call(testApp, 'POST', `/api/sessions/${sessionId}/cancel`, learner);
    expect(late.statusCode).toBe(409);
    expect(late.json<{ error: { message: string } }>().error.message).toBe(
      sessionMessages.tooLateToCancel(24),
    );

    // The creator removes the default link: sessions go off sale, and this one cannot be joined.
    const noLink = { ...openAllDay, defaultMeetingUrl: '' };
    await call(testApp, 'PUT', '/api/admin/sessions/availability', admin, noLink);
    try {
      const shown = (
        await call(testApp, 'GET', `/api/sessions/${sessionId}`, learner)
      ).json<LearnerSession>();
      expect(shown).toMatchObject({ hasMeetingLink: false, canCancel: true, joinUrl: null });
      // The creator's reminder says the link is missing.
      await moveTo(sessionId, soon.at(-1)!);
      await sendDueReminders(testApp.app);
      const reminders = await testApp.db
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.to, CREATOR_EMAIL),
            like(mailOutbox.subject, `Your one-to-one session is tomorrow: %<${learner.email}>`),
          ),
        );
      expect(reminders).toHaveLength(1);
      expect(reminders[0]!.text).toContain('This session has no meeting link yet');
      const cancelled = await call(testApp, 'POST', `/api/sessions/${sessionId}/cancel`, learner);
      expect(cancelled.statusCode).toBe(200);
    } finally {
      await call(testApp, 'PUT', '/api/admin/sessions/availability', admin, openAllDay);
    }
  });
});

describe('on sale only once the creator saved hours and a meeting link', () => {
  it('offers no slot and takes no booking without a default meeting link', async () => {
    const learner = await createUser(testApp.app);
    const [slot] = await freeSlots(testApp, learner);
    const noLink = { ...openAllDay, defaultMeetingUrl: '' };
    const saved = await call(testApp, 'PUT', '/api/admin/sessions/availability', admin, noLink);
    try {
      expect(saved.json<AvailabilityResponse>().missingForSale).toEqual(['meetingLink']);
      const slots = await call(testApp, 'GET', '/api/sessions/slots', learner);
      expect(slots.statusCode).toBe(404);
      expect(slots.json<{ error: { message: string } }>().error.message).toBe(
        sessionMessages.notSold,
      );
      expect((await book(testApp, learner, slot!)).statusCode).toBe(404);
    } finally {
      await call(testApp, 'PUT', '/api/admin/sessions/availability', admin, openAllDay);
    }
    const reopened = await call(testApp, 'GET', '/api/admin/sessions/availability', admin);
    expect(reopened.json<AvailabilityResponse>().missingForSale).toEqual([]);
  });
});

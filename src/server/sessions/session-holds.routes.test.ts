import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sessionMessages,
  type Availability,
  type BookSessionResponse,
  type SlotsResponse,
} from '../../shared/api/sessions.ts';
import { MAX_LISTED_SLOTS, RESCHEDULES_PER_DAY } from '../../shared/rules/sessions.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { sessionBookings } from '../db/schema/sessions.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { confirmFreshSecondFactor } from '../testing/second-factor.ts';
import {
  createAdmin,
  createUser,
  nextClientAddress,
  type TestAdmin,
  type TestUser,
} from '../testing/users.ts';
import { sendDueCreatorCopies } from './creator-copies.ts';
import { describeTime } from './session-mail.ts';
import { bookSessionAddressRateLimit } from './sessions.routes.ts';

/** T4-M1, T4-L2 and T4-L4 of the review of 2026-11-27: holds that cannot be hoarded. */
const CREATOR_EMAIL = 'creator@example.com';
const CREATOR_ZONE = 'Europe/London';
const openAllDay: Availability = {
  weeklyHours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
  blocks: [],
  sessionMinutes: 60,
  bufferMinutes: 0,
  noticeHours: 2,
  horizonDays: 14,
  rescheduleCutoffHours: 24,
  defaultMeetingUrl: 'https://meet.example.com/illumination',
};

let testApp: TestApp;
let admin: TestAdmin;
beforeAll(async () => {
  testApp = await buildTestApp({ SESSIONS_EMAIL: CREATOR_EMAIL, CREATOR_TIME_ZONE: CREATOR_ZONE });
  admin = await createAdmin(testApp.app, testApp.db);
  await confirmFreshSecondFactor(testApp.app, admin);
  await saveAvailability(openAllDay);
});
afterAll(() => testApp.close());

function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  user: TestUser,
  payload?: object,
  remoteAddress = nextClientAddress(),
) {
  return testApp.app.inject({
    method,
    url,
    headers: { cookie: user.cookie },
    remoteAddress,
    ...(payload ? { payload } : {}),
  });
}

async function saveAvailability(availability: Availability) {
  const saved = await call('PUT', '/api/admin/sessions/availability', admin, availability);
  expect(saved.statusCode).toBe(200);
}

async function freeSlots(user: TestUser) {
  const response = await call('GET', '/api/sessions/slots', user);
  expect(response.statusCode).toBe(200);
  return response.json<SlotsResponse>().slots.map((slot) => slot.startsAt);
}

const book = (user: TestUser, startsAt: string, remoteAddress?: string) =>
  call('POST', '/api/sessions/book', user, { startsAt }, remoteAddress);

async function pendingHoldsOf(user: TestUser) {
  return testApp.db
    .select()
    .from(sessionBookings)
    .where(and(eq(sessionBookings.userId, user.id), eq(sessionBookings.status, 'pending')));
}

async function bookAndPay(user: TestUser, startsAt: string): Promise<string> {
  const booked = await book(user, startsAt);
  expect(booked.statusCode).toBe(200);
  const { sessionId, checkoutUrl } = booked.json<BookSessionResponse>();
  const checkoutId = checkoutUrl.split('/').at(-1)!;
  const paid = await call('POST', `/api/checkout/test-sessions/${checkoutId}/pay`, user);
  expect(paid.statusCode).toBe(200);
  return sessionId;
}

const creatorCopies = () =>
  testApp.db
    .select()
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.to, CREATOR_EMAIL),
        like(mailOutbox.subject, 'Your one-to-one session has moved:%'),
      ),
    );

describe('holding a slot', () => {
  it('needs a confirmed address', async () => {
    const unconfirmed = await createUser(testApp.app, { isVerified: false });
    const [slot] = await freeSlots(unconfirmed);
    const answer = await book(unconfirmed, slot!);
    expect(answer.statusCode).toBe(403);
    expect(answer.json<{ error: { message: string } }>().error.message).toBe(
      sessionMessages.confirmAddressFirst,
    );
    expect(await pendingHoldsOf(unconfirmed)).toHaveLength(0);
  });

  it('gives one learner one hold, however many bookings they start at once', async () => {
    const learner = await createUser(testApp.app);
    const slots = (await freeSlots(learner)).slice(10, 18);
    const answers = await Promise.all(slots.map((slot) => book(learner, slot)));
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    for (const answer of refused) {
      expect(answer.json<{ error: { message: string } }>().error.message).toBe(
        sessionMessages.holdInProgress,
      );
    }
    expect(await pendingHoldsOf(learner)).toHaveLength(1);
  });

  it('is counted per client address too, whichever account books', async () => {
    const address = nextClientAddress();
    const learners = await Promise.all(
      Array.from({ length: bookSessionAddressRateLimit.max + 1 }, () => createUser(testApp.app)),
    );
    const slots = (await freeSlots(learners[0]!)).slice(20);
    const statuses: number[] = [];
    for (const [index, learner] of learners.entries()) {
      statuses.push((await book(learner, slots[index]!, address)).statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('the slot list', () => {
  it(`is capped at ${MAX_LISTED_SLOTS} slots, the soonest first`, async () => {
    await saveAvailability({ ...openAllDay, sessionMinutes: 15, horizonDays: 365 });
    try {
      const learner = await createUser(testApp.app);
      const slots = await freeSlots(learner);
      expect(slots).toHaveLength(MAX_LISTED_SLOTS);
      expect([...slots].sort()).toEqual(slots);
      expect(new Date(slots.at(-1)!).getTime()).toBeLessThan(Date.now() + 7 * 24 * 3_600_000);
    } finally {
      await saveAvailability(openAllDay);
    }
  });
});

describe('rescheduling', () => {
  let learner: TestUser;
  let sessionId: string;
  let slots: string[];

  beforeAll(async () => {
    learner = await createUser(testApp.app);
    slots = (await freeSlots(learner)).filter(
      (slot) => new Date(slot).getTime() > Date.now() + 72 * 3_600_000,
    );
    sessionId = await bookAndPay(learner, slots.at(-1)!);
  });

  const moveTo = (startsAt: string) =>
    call('POST', `/api/sessions/${sessionId}/reschedule`, learner, { startsAt });

  it('tells the creator once per few minutes, with the latest time', async () => {
    const before = (await creatorCopies()).length;
    expect((await moveTo(slots[0]!)).statusCode).toBe(200);
    expect((await moveTo(slots[1]!)).statusCode).toBe(200);
    expect(await creatorCopies()).toHaveLength(before + 1);
    expect(await sendDueCreatorCopies(testApp.app)).toBe(0);

    // Five minutes on, as the clock would have it.
    await testApp.db
      .update(sessionBookings)
      .set({ creatorToldAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(sessionBookings.id, sessionId));
    expect(await sendDueCreatorCopies(testApp.app)).toBe(1);
    expect(await sendDueCreatorCopies(testApp.app)).toBe(0);
    const copies = await creatorCopies();
    expect(copies).toHaveLength(before + 2);
    const latest = { startsAt: new Date(slots[1]!), endsAt: new Date(slots[2]!) };
    expect(copies.at(-1)!.text).toContain(describeTime(latest, CREATOR_ZONE));
  });

  it(`moves a session at most ${RESCHEDULES_PER_DAY} times a day`, async () => {
    const answers: number[] = [];
    for (let move = 0; move < RESCHEDULES_PER_DAY + 1; move += 1) {
      answers.push((await moveTo(slots[3 + (move % 2)]!)).statusCode);
    }
    // Two moves were made above.
    expect(answers.slice(0, RESCHEDULES_PER_DAY - 2)).toEqual([200, 200, 200]);
    expect(answers.at(-1)).toBe(429);
  });
});

describe("the creator's changes to a session", () => {
  it('name the admin in the learner’s history and export (T4-L6)', async () => {
    const learner = await createUser(testApp.app);
    const [slot] = (await freeSlots(learner)).slice(-8);
    const sessionId = await bookAndPay(learner, slot!);
    const link = await call('PUT', `/api/admin/sessions/${sessionId}/meeting-link`, admin, {
      meetingUrl: 'https://meet.example.com/elsewhere',
    });
    expect(link.statusCode).toBe(200);
    const cancel = await call('POST', `/api/admin/sessions/${sessionId}/cancel`, admin, {
      reason: 'The creator is unwell.',
    });
    expect(cancel.statusCode).toBe(200);
    const exported = await call('GET', '/api/account/export', learner);
    expect(exported.statusCode).toBe(200);
    const { accountEvents } = exported.json<{
      accountEvents: { action: string; actorEmail: string }[];
    }>();
    expect(accountEvents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'session-cancelled', actorEmail: admin.email }),
        expect.objectContaining({ action: 'meeting-link-changed', actorEmail: admin.email }),
      ]),
    );
  });
});

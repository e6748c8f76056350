import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createUser, nextClientAddress, TEST_PASSWORD, type TestUser } from '../testing/users.ts';
import { passwordCheckLimit, signInAccountLimit } from './guess-limits.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

/** Each door that checks the current password, with a wrong guess and a right one. */
const passwordDoors: Record<string, (password: string) => object> = {
  '/api/account/delete': (password) => ({ password }),
  '/api/account/password': (password) => ({
    currentPassword: password,
    newPassword: 'Unguessable-Flame9',
  }),
  '/api/auth/verify-password': (password) => ({ password }),
  '/api/auth/change-password': (password) => ({
    currentPassword: password,
    newPassword: 'Unguessable-Flame9',
  }),
};

const post = (url: string, payload: object, user?: TestUser) =>
  testApp.app.inject({
    method: 'POST',
    url,
    payload,
    headers: user ? { cookie: user.cookie } : {},
    // Every guess from a new address: the per-address limits must not be what stops them.
    remoteAddress: nextClientAddress(),
  });

const guess = (door: string, user: TestUser, password: string) =>
  post(door, passwordDoors[door]!(password), user);

describe('current-password checks', () => {
  it.each(Object.keys(passwordDoors))(
    '%s answers 429 after five wrong passwords, even to the right one',
    async (door) => {
      const learner = await createUser(testApp.app);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < passwordCheckLimit.max; attempt++) {
        statuses.push((await guess(door, learner, `Wrong-guess${attempt}`)).statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400]);
      const limited = await guess(door, learner, 'Wrong-guess9');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toEqual({
        code: 'rate_limited',
        message: passwordCheckLimit.message,
      });
      expect((await guess(door, learner, TEST_PASSWORD)).statusCode).toBe(429);

      const other = await createUser(testApp.app);
      expect((await guess('/api/auth/verify-password', other, TEST_PASSWORD)).statusCode).toBe(200);
    },
  );

  it('count wrong guesses per account across every door, and never a right password', async () => {
    const learner = await createUser(testApp.app);
    for (let attempt = 0; attempt < 8; attempt++) {
      const right = await guess('/api/auth/verify-password', learner, TEST_PASSWORD);
      expect(right.statusCode).toBe(200);
    }
    const doors = Object.keys(passwordDoors);
    for (let attempt = 0; attempt < passwordCheckLimit.max; attempt++) {
      const wrong = await guess(doors[attempt % doors.length]!, learner, 'Wrong-guess1');
      expect(wrong.statusCode).toBe(400);
    }
    const enable = await post('/api/auth/two-factor/enable', { password: TEST_PASSWORD }, learner);
    expect(enable.statusCode).toBe(429);
  });
});

describe('sign-in to one account', () => {
  const signIn = (email: string, password: string) =>
    post('/api/auth/sign-in/email', { email, password });

  it('answers 429 after ten failures from any addresses, and keeps other accounts open', async () => {
    const learner = await createUser(testApp.app);
    expect((await signIn(learner.email, TEST_PASSWORD)).statusCode).toBe(200);
    for (let attempt = 0; attempt < signInAccountLimit.max; attempt++) {
      expect((await signIn(learner.email, 'Wrong-password1')).statusCode).toBe(401);
    }
    const limited = await signIn(learner.email.toUpperCase(), TEST_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(signInAccountLimit.message);

    const other = await createUser(testApp.app);
    expect((await signIn(other.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('answers an unknown address the same way, so the limit tells no one who has an account', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= signInAccountLimit.max; attempt++) {
      statuses.push((await signIn('nobody-at-all@example.com', 'Wrong-password1')).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
  });
});

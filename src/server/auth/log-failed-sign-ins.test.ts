import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { sendRawRequest } from '../testing/raw-request.ts';
import { createUser, nextClientAddress } from '../testing/users.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

const WRONG_PASSWORD = 'Not-her-password-7';

const signIn = (email: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: nextClientAddress(),
    payload: { email, password: WRONG_PASSWORD },
  });

/** What the app logged as failed sign-ins while `act` ran. */
async function failedSignInsLoggedDuring(act: () => Promise<unknown>) {
  const warn = vi.spyOn(testApp.app.log, 'warn');
  try {
    await act();
    const logged = () => warn.mock.calls.map(([fields]) => fields as Record<string, unknown>);
    await vi.waitFor(() =>
      expect(logged()).toContainEqual(expect.objectContaining({ event: 'sign-in-failed' })),
    );
    return logged();
  } finally {
    warn.mockRestore();
  }
}

describe('a failed sign-in', () => {
  it('is logged with the account it was for, and never with the password', async () => {
    const learner = await createUser(testApp.app);
    const logged = await failedSignInsLoggedDuring(async () => {
      expect((await signIn(learner.email.toUpperCase())).statusCode).toBe(401);
    });
    expect(logged).toContainEqual(
      expect.objectContaining({ event: 'sign-in-failed', userId: learner.id, status: 401 }),
    );
    expect(JSON.stringify(logged)).not.toContain(WRONG_PASSWORD);
  });

  it('is logged without an account, and without the address, when the address has none', async () => {
    const logged = await failedSignInsLoggedDuring(() => signIn('nobody-here@example.com'));
    expect(logged).toContainEqual(
      expect.objectContaining({ event: 'sign-in-failed', userId: null, status: 401 }),
    );
    expect(JSON.stringify(logged)).not.toContain('nobody-here');
  });

  it('is refused at the edge and still logged when the address carries a fragment (T4-L3)', async () => {
    const learner = await createUser(testApp.app);
    const logged = await failedSignInsLoggedDuring(async () => {
      const answer = await sendRawRequest(testApp.app, {
        method: 'POST',
        target: '/api/auth/sign-in/email#x',
        body: { email: learner.email, password: WRONG_PASSWORD },
      });
      expect(answer.statusCode).toBe(400);
    });
    expect(logged).toContainEqual(
      expect.objectContaining({ event: 'sign-in-failed', status: 400 }),
    );
  });
});

import type { APIRequestContext } from '@playwright/test';
import { adminCookieHeader } from './admin-session.ts';
import { expect } from './fixtures.ts';

let adminAddress = 0;

/**
 * Setup, not the journey: the admin grants the course through the admin API (the payments
 * journeys cover buying it).
 */
export async function grantAccess(
  request: APIRequestContext,
  email: string,
  courseIds = ['energy-sovereignty'],
) {
  adminAddress += 1;
  const headers = {
    'x-forwarded-for': `10.250.${process.pid % 250}.${adminAddress % 250}`,
    cookie: adminCookieHeader(),
  };
  const found = await request.get(`/api/admin/user-search?email=${encodeURIComponent(email)}`, {
    headers,
  });
  expect(found.ok(), await found.text()).toBe(true);
  const { id: userId } = (await found.json()) as { id: string };
  const grant = await request.post('/api/admin/enrollments', {
    data: { userId, courseIds, accessType: 'paid' },
    headers,
  });
  expect(grant.ok(), await grant.text()).toBe(true);
}

import type { APIRequestContext, Page } from '@playwright/test';
import { grantAccess } from '../support/course-access.ts';
import {
  expect,
  expectNoSeriousAxeViolations,
  gotoReady,
  signUp,
  test,
} from '../support/fixtures.ts';
import { recordDownloads, scriptsWithZod } from '../support/page-weight.ts';

const firstLessonPath =
  '/courses/energy-sovereignty/modules/reclaiming-your-field/lessons/what-energy-sovereignty-means';
const aLongReflection =
  'I felt most sovereign walking alone by the sea at dawn, unhurried, choosing each step and each breath, answering to no one.';
const anotherLongReflection =
  'What is asking to change is how quickly I say yes to every request, before I have checked whether I have anything left to give.';

async function learnerWithAccess(page: Page, request: APIRequestContext) {
  const learner = await signUp(page, { firstName: 'Maya' });
  await grantAccess(request, learner.email);
  return learner;
}

const reflectionCard = (page: Page, question: RegExp) =>
  page.getByRole('article', { name: question });

test('a learner buys a course, starts it from the dashboard, reflects, completes a lesson and sees the progress', async ({
  page,
}) => {
  await signUp(page, { firstName: 'Maya' });
  await gotoReady(page, '/dashboard');
  await expect(page.getByText('No courses yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Enroll now: Energy Sovereignty' }).click();
  await expect(page).toHaveURL('/buy-now?course=energy-sovereignty');
  await page.getByRole('button', { name: 'Secure Checkout' }).click();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/dashboard\?session_id=/);
  await expect(page.getByRole('status')).toHaveText(
    'Payment successful! Your course access is ready.',
  );

  const course = page.getByRole('article', { name: 'Energy Sovereignty' });
  await expect(course.getByText('0% complete')).toBeVisible();
  await expect(course.getByText('0 of 3 modules')).toBeVisible();
  await course.getByRole('link', { name: 'Start course: Energy Sovereignty' }).click();

  await expect(page).toHaveURL(firstLessonPath);
  await expect(
    page.getByRole('heading', { level: 1, name: 'What Energy Sovereignty Means' }),
  ).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(
    /Reclaiming Your Field.*What Energy Sovereignty Means/,
  );
  await expect(page.getByText('0/8 lessons')).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Play video: What Energy Sovereignty Means' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sovereignty is not control' })).toBeVisible();

  const first = reflectionCard(page, /most sovereign/);
  await expect(first.getByText('Required reflection')).toBeVisible();
  await first.getByRole('textbox').fill(aLongReflection);
  await expect(first.getByRole('status')).toHaveText('Saved');
  await page.reload();
  await expect(first.getByRole('textbox')).toHaveValue(aLongReflection);
  await expect(first.getByRole('status')).toHaveText('Saved');
  await expect(first.getByText('Reflection completed')).toHaveCount(0);

  await first.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Reflection submitted successfully!')).toBeVisible();
  await expect(first.getByText('Reflection completed')).toBeVisible();

  await page.getByRole('button', { name: 'Mark Complete' }).click();
  await expect(
    page.getByText('Please complete all reflections before marking the lesson as complete.'),
  ).toBeVisible();

  const second = reflectionCard(page, /asking to change/);
  await second.getByRole('textbox').fill(anotherLongReflection);
  await second.getByRole('button', { name: 'Save' }).click();
  await expect(second.getByText('Reflection completed')).toBeVisible();
  await page.getByRole('button', { name: 'Mark Complete' }).click();
  await expect(page.getByText('Lesson completed!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Completed' })).toBeDisabled();
  await expect(page.getByText('13% complete')).toBeVisible();
  await expect(page.getByText('1/8 lessons')).toBeVisible();
  await expect(
    page
      .getByRole('navigation', { name: 'Course contents' })
      .getByRole('link', { name: 'What Energy Sovereignty Means (completed)' }),
  ).toBeVisible();

  await expect(page.getByRole('button', { name: 'Previous Lesson' })).toBeDisabled();
  await page.getByRole('button', { name: 'Next Lesson' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Noticing Your Leaks' })).toBeVisible();
  await page.getByRole('button', { name: 'Previous Lesson' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'What Energy Sovereignty Means' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Next Lesson' }).click();

  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(course.getByText('13% complete')).toBeVisible();
  await expect(
    course.getByRole('link', { name: 'Continue learning: Energy Sovereignty' }),
  ).toHaveAttribute(
    'href',
    '/courses/energy-sovereignty/modules/reclaiming-your-field/lessons/noticing-your-leaks',
  );
  const achievements = page.getByRole('region', { name: 'Achievements' });
  await expect(achievements.getByText(/^Earned /)).toHaveCount(2);

  // A learner who paid has billing to manage.
  await page.goto('/dashboard?tab=subscription');
  const subscription = page.getByRole('region', { name: 'Your Subscription' });
  await subscription.getByRole('button', { name: 'Manage Billing' }).click();
  await expect(page).toHaveURL(/\/billing\/test\?return=%2Fdashboard/);
  await page.goBack();
  await page.route('**/api/create-customer-portal-session', (route) =>
    route.fulfill({ status: 502, json: { error: { code: 'internal', message: 'Bad gateway' } } }),
  );
  await subscription.getByRole('button', { name: 'Manage Billing' }).click();
  await expect(page.getByText('Failed to open customer portal. Please try again.')).toBeVisible();
});

test('a reflection with markup is kept as text and never runs', async ({ page, request }) => {
  await learnerWithAccess(page, request);
  await page.goto(firstLessonPath);
  const markup = '<script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2">';
  const card = reflectionCard(page, /most sovereign/);
  await card.getByRole('textbox').fill(markup);
  await expect(card.getByRole('status')).toHaveText('Saved');
  await page.reload();
  await expect(card.getByRole('textbox')).toHaveValue(markup);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
});

test('playing a video records it under Recently Watched', async ({ page, request }) => {
  await learnerWithAccess(page, request);
  await page.goto(firstLessonPath);
  const started = page.waitForResponse('**/api/learning/video-progress/start');
  await page.getByRole('button', { name: 'Play video: What Energy Sovereignty Means' }).click();
  await expect(page.locator('iframe[title="What Energy Sovereignty Means"]')).toHaveAttribute(
    'src',
    /^https:\/\/player\.vimeo\.com\/video\/824804225\?.*color=6366f1/,
  );
  expect((await started).ok()).toBe(true);
  await page.goto('/dashboard');
  const recent = page.getByRole('region', { name: 'Recently Watched' });
  await expect(recent.getByRole('link', { name: /What Energy Sovereignty Means/ })).toContainText(
    '0% watched',
  );
});

test('a course without access shows Course Access Required, with the way to enroll', async ({
  page,
}) => {
  await signUp(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/learning/courses/**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(
    '/courses/sovereign-flame/modules/remembering-the-ember/lessons/the-flame-you-forgot',
  );
  await expect(page.getByRole('status')).toHaveText('Verifying course access...');
  release();

  await expect(page.getByRole('heading', { name: 'Course Access Required' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Enroll Now' })).toHaveAttribute(
    'href',
    '/buy-now?course=sovereign-flame',
  );
  await expect(page.getByRole('link', { name: 'Browse All Courses' })).toHaveAttribute(
    'href',
    '/courses',
  );
  await expect(page.getByText('The flame you forgot', { exact: false })).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL('/dashboard');
});

test('a missing lesson shows Lesson Not Found, and a signed-out visitor is sent to sign in', async ({
  page,
}) => {
  await page.goto(firstLessonPath);
  await expect(page).toHaveURL('/login');
  await signUp(page);
  await page.goto(
    '/courses/energy-sovereignty/modules/reclaiming-your-field/lessons/no-such-lesson',
  );
  await expect(page.getByRole('heading', { name: 'Lesson Not Found' })).toBeVisible();
  await expect(
    page.getByText("The lesson you're looking for doesn't exist or you don't have access."),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse All Courses' })).toHaveAttribute(
    'href',
    '/courses',
  );
});

test('the dashboard tabs show courses, sessions, subscription and profile', async ({
  page,
  request,
}) => {
  const { email } = await learnerWithAccess(page, request);
  await page.goto('/dashboard?subscription=success');
  await expect(
    page.getByRole('status').filter({ hasText: 'Your subscription is active.' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Continue Your Journey' })).toContainText(
    'Intermediate',
  );
  await expect(page.getByRole('link', { name: 'Enroll now: The Sovereign Flame' })).toHaveAttribute(
    'href',
    '/buy-now?course=sovereign-flame',
  );

  await page.getByRole('tab', { name: 'My Courses' }).click();
  await expect(page).toHaveURL(/tab=courses/);
  await expect(page.getByRole('article', { name: 'Energy Sovereignty' })).toBeVisible();

  await page.getByRole('tab', { name: 'Sessions' }).click();
  await expect(
    page.getByRole('link', { name: 'Book a one-to-one illumination session' }),
  ).toHaveAttribute('href', '/book-session');

  await page.getByRole('tab', { name: 'Subscription' }).click();
  const subscription = page.getByRole('region', { name: 'Your Subscription' });
  await expect(subscription).toContainText('Paid member');
  await expect(
    subscription.getByRole('listitem').filter({ hasText: 'Energy Sovereignty' }),
  ).toContainText('days left');
  // Granted by an admin, not bought: there is no billing to manage.
  await expect(subscription.getByRole('button', { name: 'Manage Billing' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(page.getByRole('region', { name: 'Profile' })).toContainText(email);
});

test('a subscription tab that cannot load says so and retries', async ({ page }) => {
  await signUp(page);
  await page.route('**/api/dashboard', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Down' } } }),
  );
  await page.goto('/dashboard?tab=subscription');
  await expect(page.getByRole('heading', { name: 'Error Loading Subscription' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Failed to load subscription data');
  await page.unroute('**/api/dashboard');
  await page.getByRole('button', { name: 'Retry' }).click();
  const subscription = page.getByRole('region', { name: 'Your Subscription' });
  await expect(subscription).toContainText('Free account');

  // On a phone each course's description keeps the card's width; its access goes below.
  await page.setViewportSize({ width: 390, height: 844 });
  const row = subscription.getByRole('listitem').filter({ hasText: 'Energy Sovereignty' });
  const description = await row.getByText(/\w/).nth(1).boundingBox();
  const access = await row.getByText('No access').boundingBox();
  expect(description!.width).toBeGreaterThan(280);
  expect(access!.y).toBeGreaterThan(description!.y);
  await expectNoSeriousAxeViolations(page);
});

test('the dashboard and the lesson page pass axe-core', async ({ page, request }) => {
  await learnerWithAccess(page, request);
  await page.goto('/dashboard');
  await expect(page.getByRole('article', { name: 'Energy Sovereignty' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.goto(firstLessonPath);
  await expect(page.getByRole('heading', { name: 'Reflections' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

/** The scripts `path` downloads until the network settles that carry zod. */
async function zodScriptsOf(page: Page, path: string): Promise<string[]> {
  const downloads = recordDownloads(page);
  await gotoReady(page, path);
  await page.waitForLoadState('networkidle');
  return scriptsWithZod(await downloads());
}

test('the dashboard and a lesson leave the form checks (zod, 24 KiB) until a form needs them', async ({
  page,
  request,
}) => {
  await learnerWithAccess(page, request);
  expect(await zodScriptsOf(page, '/dashboard')).toEqual([]);
  expect(await zodScriptsOf(page, firstLessonPath)).toEqual([]);
  // The beta code form checks what is typed: its checks arrive with it.
  await page.goto('/dashboard?tab=subscription');
  await page.getByRole('tab', { name: 'Redeem Code' }).click();
  await page.getByRole('button', { name: 'Redeem Code' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a beta code');
});

/** What React reports when a page's HTML and its first render in the browser differ. */
function recordHydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  const isHydrationError = (text: string) =>
    /hydrat|Minified React error #(418|419|421|422|423|425)/i.test(text);
  page.on('console', (message) => {
    if (message.type() === 'error' && isHydrationError(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (isHydrationError(error.message)) errors.push(error.message);
  });
  return errors;
}

test.describe('before the scripts have run', () => {
  test.use({ javaScriptEnabled: false });

  test('a signed-in learner is shown their dashboard and their lesson as the page arrives', async ({
    page,
    request,
  }) => {
    await learnerWithAccess(page, request);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Maya' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Energy Sovereignty' })).toBeVisible();
    await page.goto(firstLessonPath);
    await expect(
      page.getByRole('heading', { level: 1, name: 'What Energy Sovereignty Means' }),
    ).toBeVisible();
    await expect(page.getByText(/^Welcome\. Before we learn any practice/)).toBeVisible();
  });
});

test('the dashboard and a lesson come alive on the HTML they arrived as, at 390 and 1280 px', async ({
  page,
  request,
}) => {
  await learnerWithAccess(page, request);
  const errors = recordHydrationErrors(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await gotoReady(page, '/dashboard');
    await page.getByRole('tab', { name: 'My Courses' }).click();
    await expect(page).toHaveURL(/tab=courses/);
    await gotoReady(page, firstLessonPath);
    const card = reflectionCard(page, /most sovereign/);
    await card.getByRole('textbox').fill('Alive at once.');
    await expect(card.getByRole('status')).toHaveText('Saved');
  }
  expect(errors).toEqual([]);
});

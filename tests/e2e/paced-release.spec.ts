import type { APIRequestContext } from '@playwright/test';
import { adminCookieHeader, leaveAdminSession, useAdminSession } from '../support/admin-session.ts';
import { grantAccess } from '../support/course-access.ts';
import { expect, expectNoSeriousAxeViolations, signIn, signUp, test } from '../support/fixtures.ts';

// A learner and the admin take turns: more than one page's budget.
test.describe.configure({ timeout: 150_000 });

const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
];

let address = 0;
const adminHeaders = () => {
  address += 1;
  return {
    'x-forwarded-for': `10.251.${process.pid % 250}.${address % 250}`,
    cookie: adminCookieHeader(),
  };
};

/**
 * Setup through the admin content API: a new course of its own (editing a shipped one would
 * change the site for every journey running beside this one), its second module opening 7 days
 * after the learner's start.
 */
async function publishPacedCourse(request: APIRequestContext, courseId: string, title: string) {
  const base = '/api/admin/content/courses';
  const source = await request.get(`${base}/energy-sovereignty`, { headers: adminHeaders() });
  expect(source.ok(), await source.text()).toBe(true);
  const { draft } = (await source.json()) as {
    draft: { modules: { id: string; opensAfterDays?: number }[] } & Record<string, unknown>;
  };
  const created = await request.post(base, {
    data: { id: courseId, title },
    headers: adminHeaders(),
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { version } = (await created.json()) as { version: number };
  const document = {
    ...draft,
    id: courseId,
    title,
    modules: draft.modules.map((module, index) =>
      index === 1 ? { ...module, opensAfterDays: 7 } : module,
    ),
  };
  const saved = await request.put(`${base}/${courseId}`, {
    data: { version, draft: document },
    headers: adminHeaders(),
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const published = await request.post(`${base}/${courseId}/publish`, {
    data: { version: ((await saved.json()) as { version: number }).version },
    headers: adminHeaders(),
  });
  expect(published.ok(), await published.text()).toBe(true);
}

for (const { name, viewport } of sizes) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    // The outline with its locked module is checked with axe at both sizes (390 px included); the
    // withdrawal at 1280 px.
    test('a learner sees a module locked with its date; the admin opens it early; the learner opens its lesson', async ({
      page,
    }) => {
      const courseId = `paced-${name}-${Date.now().toString(36)}`;
      const title = `Paced Journey ${name} ${Date.now().toString(36)}`;
      await publishPacedCourse(page.request, courseId, title);
      const { email } = await signUp(page, { firstName: 'Ivy' });
      await grantAccess(page.request, email, [courseId]);

      await page.goto(
        `/courses/${courseId}/modules/reclaiming-your-field/lessons/what-energy-sovereignty-means`,
      );
      const contents = page.getByRole('navigation', { name: 'Course contents' });
      await expect(contents.getByText(/^Opens on \w{3} \d+, \d{4}$/)).toBeVisible();
      await expect(contents.getByRole('link', { name: 'Clearing What Is Not Yours' })).toHaveCount(
        0,
      );
      await expectNoSeriousAxeViolations(page);
      // Next Lesson from the open module's last lesson passes over the locked one.
      await page.goto(
        `/courses/${courseId}/modules/reclaiming-your-field/lessons/the-body-as-compass`,
      );
      await page.getByRole('button', { name: 'Next Lesson' }).click();
      await expect(page).toHaveURL(/\/modules\/living-sovereign\/lessons\/rhythms-that-restore$/);
      await page.getByRole('button', { name: 'Previous Lesson' }).click();
      await expect(page).toHaveURL(
        /\/modules\/reclaiming-your-field\/lessons\/the-body-as-compass$/,
      );

      await page.goto(
        `/courses/${courseId}/modules/boundaries-as-devotion/lessons/clearing-what-is-not-yours`,
      );
      await expect(page.getByRole('heading', { name: 'Not open yet' })).toBeVisible();
      await expect(
        page.getByText(/^Boundaries as Devotion opens on \w{3} \d+, \d{4}\.$/),
      ).toBeVisible();
      await expectNoSeriousAxeViolations(page);

      // The admin opens the module early for this learner alone, from their user view.
      await page.context().clearCookies();
      await useAdminSession(page.context());
      await page.goto('/admin');
      await page.getByLabel('Search user by email').fill(email);
      await page.getByLabel('Search user by email').press('Enter');
      const paced = page.getByRole('region', { name: 'Paced modules' });
      await paced
        .getByRole('button', { name: `Open Boundaries as Devotion early for ${email}` })
        .click();
      await page
        .getByRole('dialog', { name: 'Confirm Action' })
        .getByRole('button', { name: 'Confirm' })
        .click();
      await expect(paced.getByText(/opened early/)).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await leaveAdminSession(page.context());

      await signIn(page, email);
      await expect(page).toHaveURL(/\/dashboard/);
      await page.goto(
        `/courses/${courseId}/modules/boundaries-as-devotion/lessons/clearing-what-is-not-yours`,
      );
      await expect(
        page.getByRole('heading', { level: 1, name: 'Clearing What Is Not Yours' }),
      ).toBeVisible();
      await expect(
        page.getByRole('navigation', { name: 'Course contents' }).getByText(/^Opens on/),
      ).toHaveCount(0);
      if (name !== 'desktop') return;

      // The admin withdraws the early opening: the module follows its pacing again.
      await page.context().clearCookies();
      await useAdminSession(page.context());
      await page.goto('/admin');
      await page.getByLabel('Search user by email').fill(email);
      await page.getByLabel('Search user by email').press('Enter');
      await paced
        .getByRole('button', {
          name: `Withdraw the early opening of Boundaries as Devotion for ${email}`,
        })
        .click();
      await page
        .getByRole('dialog', { name: 'Confirm Action' })
        .getByRole('button', { name: 'Confirm' })
        .click();
      await expect(
        paced.getByRole('button', { name: `Open Boundaries as Devotion early for ${email}` }),
      ).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await leaveAdminSession(page.context());

      await signIn(page, email);
      await expect(page).toHaveURL(/\/dashboard/);
      await page.goto(
        `/courses/${courseId}/modules/boundaries-as-devotion/lessons/clearing-what-is-not-yours`,
      );
      await expect(page.getByRole('heading', { name: 'Not open yet' })).toBeVisible();
    });
  });
}

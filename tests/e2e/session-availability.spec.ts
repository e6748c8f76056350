import type { Page } from '@playwright/test';
import { useAdminSession } from '../support/admin-session.ts';
import { expect, expectNoSeriousAxeViolations, signUp, test } from '../support/fixtures.ts';

// The learner reads times in the creator's own zone (CREATOR_TIME_ZONE's default), so the hours
// the admin types are the hours the learner sees.
test.use({ timezoneId: 'Europe/London' });
test.describe.configure({ timeout: 120_000 });

const opening = { weekday: 'Wednesday', start: '19:00', end: '20:00' };

async function openAvailability(page: Page) {
  await page.goto('/admin?tab=sessions');
  await expect(page.getByRole('heading', { name: 'Availability' })).toBeVisible();
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save availability' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Availability saved.' })).toBeVisible();
}

/** Next week's Wednesday: far enough ahead that the notice period leaves it whole. */
async function wednesdayTimes(page: Page) {
  await page.getByRole('button', { name: 'Next week' }).click();
  const wednesday = page
    .getByRole('group', { name: 'Choose a day' })
    .getByRole('radio', { name: /^Wednesday/ });
  await wednesday.focus();
  await page.keyboard.press('Space');
  await expect(wednesday).toBeChecked();
  return page.getByRole('group', { name: /Choose a time on Wednesday/ });
}

test('the creator adds evening hours in the Sessions tab, and a learner can book them', async ({
  page,
  browser,
}) => {
  const adminContext = await browser.newContext({ timezoneId: 'Europe/London' });
  await useAdminSession(adminContext);
  const admin = await adminContext.newPage();
  await openAvailability(admin);
  const added = await admin.getByRole('combobox', { name: /^Day of opening/ }).count();
  await admin.getByRole('button', { name: 'Add opening hours' }).click();
  const index = added + 1;
  await admin.getByLabel(`Day of opening ${index}`).selectOption(opening.weekday);
  await admin.getByLabel(`Opening ${index} starts`).fill(opening.start);
  await admin.getByLabel(`Opening ${index} ends`).fill(opening.end);
  await save(admin);
  await expectNoSeriousAxeViolations(admin);

  await signUp(page, { firstName: 'Juno' });
  await page.goto('/book-session');
  const times = await wednesdayTimes(page);
  await expect(times.getByRole('radio', { name: opening.start })).toHaveCount(1);
  // Outside any opening: the default afternoons end at 17:00.
  await expect(times.getByRole('radio', { name: '18:00' })).toHaveCount(0);

  // The creator takes the evening away again; the learner no longer sees it.
  await openAvailability(admin);
  await admin.getByRole('button', { name: `Remove opening ${index}` }).click();
  await save(admin);
  await adminContext.close();
  await page.reload();
  const after = await wednesdayTimes(page);
  await expect(after.getByRole('radio', { name: '13:00' })).toHaveCount(1);
  await expect(after.getByRole('radio', { name: opening.start })).toHaveCount(0);
});

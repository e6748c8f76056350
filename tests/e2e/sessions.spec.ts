import type { Page } from '@playwright/test';
import { confirmAdminSecondFactor, useAdminSession } from '../support/admin-session.ts';
import {
  expect,
  expectNoSeriousAxeViolations,
  gotoReady,
  signUp,
  test,
} from '../support/fixtures.ts';

/** Chooses the n-th free time of the day shown, as a keyboard user would: focus, then Space. */
async function chooseTime(page: Page, index: number): Promise<string> {
  const times = page.getByRole('group', { name: /Choose a time on/ }).getByRole('radio');
  const time = times.nth(index);
  await time.focus();
  await page.keyboard.press('Space');
  await expect(time).toBeChecked();
  return (await time.locator('xpath=..').textContent()) ?? '';
}

/**
 * Chooses a day of next week (whole, beyond the notice period); each journey books a day of its
 * own, so they never race.
 */
async function chooseDay(page: Page, index: number): Promise<void> {
  await page.getByRole('button', { name: 'Next week' }).click();
  const day = page.getByRole('group', { name: 'Choose a day' }).getByRole('radio').nth(index);
  await day.focus();
  await page.keyboard.press('Space');
  await expect(day).toBeChecked();
}

for (const [width, dayIndex] of [
  [390, 1],
  [1280, 2],
] as const) {
  test.describe(`one-to-one sessions at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    // One journey through five screens and two browsers, each page checked by axe.
    test.slow();

    test('a learner books and pays, sees Join closed, reschedules, and the creator cancels', async ({
      page,
      browser,
    }) => {
      const { email } = await signUp(page, { firstName: 'Iris' });
      await gotoReady(page, '/dashboard');
      await page.getByRole('tab', { name: 'Sessions' }).click();
      await expect(page.getByText('You have no upcoming sessions.')).toBeVisible();
      await page.getByRole('link', { name: 'Book a one-to-one illumination session' }).click();

      await expect(page).toHaveURL('/book-session');
      await expect(
        page.getByRole('heading', { name: 'Book a One-to-One Illumination Session' }),
      ).toBeVisible();
      await expect(page.getByText('Times are shown in your time zone:')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeDisabled();
      await expectNoSeriousAxeViolations(page);
      await chooseDay(page, dayIndex);
      await chooseTime(page, 0);
      await expect(
        page.getByText(/Your choice: .* It is held for you while you pay\./),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Continue to payment' }).click();

      await expect(page).toHaveURL(/\/checkout\/test\/test_cs_/);
      await expect(page.getByText('One-to-One Illumination Session')).toBeVisible();
      await page.getByRole('button', { name: 'Pay now' }).click();

      await expect(page).toHaveURL(/\/sessions\/[0-9a-f-]+\?session_id=test_cs_/);
      await expect(page.getByRole('status')).toContainText('your session is booked');
      await expect(page.getByRole('button', { name: 'Join' })).toBeDisabled();
      await expect(page.getByText(/Join opens 10 minutes before the start/)).toBeVisible();
      await expectNoSeriousAxeViolations(page);

      await page.getByRole('button', { name: 'Reschedule' }).click();
      await chooseDay(page, dayIndex);
      await chooseTime(page, 1);
      await page.getByRole('button', { name: 'Move my session' }).click();
      await expect(page.getByRole('status').last()).toHaveText(
        'Your session has moved. A new calendar file is on its way to your inbox.',
      );
      await expectNoSeriousAxeViolations(page);

      await page.getByRole('link', { name: 'Your sessions' }).click();
      const upcoming = page.getByRole('region', { name: 'Upcoming' });
      await expect(upcoming.getByRole('link')).toHaveCount(1);
      await expect(upcoming).toContainText(/Tomorrow|In \d+ days/);
      await expectNoSeriousAxeViolations(page);

      await page.goto('/dashboard');
      const card = page.getByRole('region', { name: 'Upcoming Sessions' });
      await expect(card).toContainText(/Tomorrow|In \d+ days/);
      await expect(card.getByRole('link', { name: /^Join/ })).toHaveCount(1);
      await expect(card.getByRole('link', { name: /^Reschedule/ })).toHaveCount(1);

      // The creator, in the admin panel: a link for the session, then a cancellation.
      const adminContext = await browser.newContext({ viewport: { width, height: 900 } });
      await useAdminSession(adminContext);
      await confirmAdminSecondFactor();
      const admin = await adminContext.newPage();
      await admin.goto('/admin?tab=sessions');
      const row = admin.getByRole('listitem').filter({ hasText: email });
      await expect(row).toBeVisible();
      await row.getByLabel(/Meeting link for/).fill('https://meet.example.com/iris');
      await row.getByRole('button', { name: 'Save link' }).click();
      await expect(row.getByRole('status')).toHaveText('Saved.');
      await expectNoSeriousAxeViolations(admin);
      await row.getByRole('button', { name: 'Cancel session' }).click();
      await row.getByLabel('Reason, sent to the learner').fill('I am travelling that week.');
      await expect(row).toContainText('The payment is refunded in full.');
      await row.getByRole('button', { name: 'Confirm cancellation' }).click();
      await expect(admin.getByRole('listitem').filter({ hasText: email })).toHaveCount(0);
      await adminContext.close();

      await page.goto('/sessions');
      await expect(page.getByRole('region', { name: 'Past' })).toContainText('Cancelled');
    });
  });
}

test.describe('booking on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test.slow();

  test('a tapped day shows its times on screen, price and length beside Continue; the learner cancels for a full refund', async ({
    page,
  }) => {
    await signUp(page, { firstName: 'Wren' });
    await gotoReady(page, '/book-session');
    const days = page.getByRole('group', { name: 'Choose a day' }).getByRole('radio');
    // A week at a time, not every day of the horizon.
    expect(await days.count()).toBeLessThanOrEqual(7);
    await page.getByRole('button', { name: 'Next week' }).click();
    await page.getByRole('group', { name: 'Choose a day' }).locator('label').nth(3).tap();
    const times = page.getByRole('group', { name: /Choose a time on/ });
    await expect(times).toBeInViewport();
    await times.locator('label').first().tap();
    const bar = page.getByText(/^\d+ minutes · €222$/);
    await expect(bar).toBeInViewport();
    const pay = page.getByRole('button', { name: 'Continue to payment' });
    await expect(pay).toBeEnabled();
    await expect(pay).toBeInViewport();
    await expectNoSeriousAxeViolations(page);
    await pay.click();

    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page.getByRole('status')).toContainText('your session is booked');
    const cancel = page.getByRole('region', { name: 'Cancel' });
    await expect(cancel).toContainText(
      'You can cancel up to 24 hours before the start and are refunded in full.',
    );
    await cancel.getByRole('button', { name: 'Cancel session' }).click();
    await expect(cancel.getByRole('button', { name: 'Cancel and refund' })).toBeFocused();
    await expectNoSeriousAxeViolations(page);
    await cancel.getByRole('button', { name: 'Cancel and refund' }).click();
    await expect(
      page.getByText(
        'This session was cancelled. You cancelled this session. Where it was paid for, the payment is refunded to the card it came from.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Join' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Your sessions' }).click();
    await expect(page.getByRole('region', { name: 'Past' })).toContainText('Cancelled');
  });
});

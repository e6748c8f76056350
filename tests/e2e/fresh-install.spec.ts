import { BARE_APP_PORT } from '../../playwright.config.ts';
import {
  completeRegistration,
  expect,
  expectCheckYourEmail,
  expectNoSeriousAxeViolations,
  PASSWORD,
  test,
} from '../support/fixtures.ts';

// An install as `npm start` leaves it: no SMTP server, no CONTACT_EMAIL, payment test mode.
test.use({ baseURL: `http://localhost:${BARE_APP_PORT}` });

test('a new learner registers and buys a course without SMTP, never leaving the site', async ({
  page,
}) => {
  await page.goto('/register');
  const { email } = await completeRegistration(page, { firstName: 'Lena' });
  await expectCheckYourEmail(page, email);
  const checkYourEmail = page.getByRole('region', { name: 'Check your email' });
  await expect(checkYourEmail).toContainText(
    'No mail yet, or opened it on another device? Sign in with your password: you can buy courses before the address is confirmed.',
  );
  await checkYourEmail.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Lena' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Please confirm your email address' }),
  ).toContainText('then you can download or delete what we keep under it');

  await page.goto('/courses');
  await page.getByRole('link', { name: 'Buy Now: Energy Sovereignty' }).click();
  await page.getByRole('button', { name: 'Secure Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/test_cs_/);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Payment successful! Your course access is ready.',
  );
  await expect(
    page.getByRole('region', { name: 'Your Courses' }).getByRole('heading', { level: 3 }),
  ).toHaveText(['Energy Sovereignty']);
  expect(new URL(page.url()).host).toBe(`localhost:${BARE_APP_PORT}`);
});

test('without a contact address the site promises no refund nobody could be asked for', async ({
  page,
}) => {
  const noAddress =
    'This site has no contact address set up yet, so it cannot take refund requests; the 30-day money-back guarantee starts once it has one.';
  await page.goto('/shop');
  await expect(page.getByRole('region', { name: '30-Day Money-Back Guarantee' })).toContainText(
    noAddress,
  );
  // No tick beside it promising what cannot be asked for.
  await expect(
    page.getByRole('listitem').filter({ hasText: /^30-day money-back guarantee$/ }),
  ).toHaveCount(0);
  await page.goto('/');
  await expect(
    page.getByRole('region', { name: 'Sacred Offerings' }).getByText('30-day money-back guarantee'),
  ).toHaveCount(0);
  const contact = page.locator('#contact');
  await contact.scrollIntoViewIfNeeded();
  await expect(contact).toContainText('This site has no contact address set up yet.');
  const faq = page.getByRole('region', { name: 'Questions You May Be Holding' });
  await faq.scrollIntoViewIfNeeded();
  await faq.getByRole('button', { name: 'What if the programme is not right for me?' }).click();
  await expect(faq.getByText(noAddress)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

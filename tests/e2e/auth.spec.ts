import { APP_PORT } from '../../playwright.config.ts';
import {
  completeRegistration,
  createAccount,
  expect,
  expectCheckYourEmail,
  expectNoSeriousAxeViolations,
  latestMailTo,
  PASSWORD,
  register,
  signIn,
  signOut,
  signUp,
  test,
  uniqueEmail,
} from '../support/fixtures.ts';

test('a new learner registers, signs out, and signs back in to the page they asked for', async ({
  page,
}) => {
  const { email } = await register(page, { firstName: 'Maya' });
  await expect(page.getByRole('heading', { name: 'Welcome, Maya' })).toBeVisible();

  await signOut(page);

  await page.goto('/dashboard?tab=overview');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/dashboard?tab=overview');
  await expect(page.getByRole('heading', { name: 'Welcome, Maya' })).toBeVisible();

  await page.goto('/login');
  await expect(page).toHaveURL('/dashboard');
});

test('after sign-out, Back or a reload never shows the learner their signed-in page again', async ({
  page,
}) => {
  await signUp(page, { firstName: 'Orla' });
  await page.goto('/dashboard');
  const welcome = page.getByRole('heading', { name: 'Welcome, Orla' });
  await expect(welcome).toBeVisible();

  await signOut(page);
  await page.goBack();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(page.getByText('Orla')).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(page.getByText('Orla')).toHaveCount(0);
});

test('a learner who lost the confirmation mail has it sent again and confirms the address', async ({
  page,
}) => {
  await page.goto('/register');
  const { email } = await completeRegistration(page, { firstName: 'Iris' });
  await expectCheckYourEmail(page, email);
  await expectNoSeriousAxeViolations(page);
  // Signed in with the password, before the address is confirmed.
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: 'Welcome, Iris' })).toBeVisible();
  const notice = page.getByRole('region', { name: 'Please confirm your email address' });
  await expect(notice).toContainText(`We sent a link to ${email}`);
  await expectNoSeriousAxeViolations(page);

  await page.goto('/shop');
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByText(`A new link is on its way to ${email}.`)).toBeVisible();

  const mail = await latestMailTo(email, 'Confirm your Sovereign Flame email address');
  await page.goto(mail.text.match(/https?:\/\/\S+/)![0]);
  await expect(page).toHaveURL('/confirm-email');
  await expect(
    page.getByRole('heading', { name: 'Your email address is confirmed' }),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Iris' })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('a confirmation link that no longer works says so and offers a new one', async ({ page }) => {
  await page.goto('/register');
  const { email } = await completeRegistration(page, { firstName: 'Otto' });
  await expectCheckYourEmail(page, email);
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: 'Welcome, Otto' })).toBeVisible();
  await page.goto('/api/auth/verify-email?token=expired-or-forged&callbackURL=%2Fconfirm-email');
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send the link again' })).toBeVisible();
});

test('the register form shows each validation message in the spec order', async ({ page }) => {
  await page.goto('/register');
  await expect(
    page.getByText('Begin your journey toward personal sovereignty and transformation.'),
  ).toBeVisible();
  const submit = () => page.getByRole('button', { name: 'Create Account' }).click();
  const alert = page.getByRole('alert');

  await submit();
  await expect(alert).toHaveText('First name is required');
  await page.getByLabel('First Name').fill('Maya');
  await submit();
  await expect(alert).toHaveText('Last name is required');
  await page.getByLabel('Last Name').fill('Stone');
  await submit();
  await expect(alert).toHaveText('Email is required');
  await page.getByLabel('Email').fill('maya-at-example');
  await submit();
  await expect(alert).toHaveText('Please enter a valid email address');
  const email = uniqueEmail();
  await page.getByLabel('Email').fill(email);
  await submit();
  await expect(alert).toHaveText('Password is required');

  const password = page.getByLabel('Password', { exact: true });
  await password.fill('Abc1');
  await expect(page.getByRole('list', { name: 'Password requirements' })).toContainText(
    'At least 8 characters',
  );
  await submit();
  await expect(alert).toHaveText('Password must be at least 8 characters long');
  await password.fill('abcdefgh');
  await submit();
  await expect(alert).toHaveText('Password must include uppercase, lowercase, and numbers');
  await password.fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill('Different1');
  // Under the field, and under the form too since the form was sent once.
  await expect(page.getByText('Passwords do not match')).toHaveCount(2);
  await submit();
  await expect(alert).toHaveText('Passwords do not match');
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await submit();
  await expect(alert).toHaveText('You must agree to the Terms of Service and Privacy Policy');
  await page.getByLabel('I agree to the Terms of Service').check();
  await submit();
  await expect(alert).toHaveText('You must agree to the Terms of Service and Privacy Policy');
  await page.getByLabel('I agree to the Privacy Policy').check();
  await submit();
  await expectCheckYourEmail(page, email);
});

test('a message under the register form goes as soon as the field it names is fixed', async ({
  page,
}) => {
  await page.goto('/register');
  const alert = page.getByRole('alert');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(alert).toHaveText('First name is required');
  await page.getByLabel('First Name').fill('Maya');
  await expect(alert).toHaveText('Last name is required');
  await page.getByLabel('Last Name').fill('Stone');
  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByLabel('I agree to the Terms of Service').check();
  await page.getByLabel('I agree to the Privacy Policy').check();
  await expect(alert).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
});

test('registering an address that has an account looks the same, and its owner is told by mail', async ({
  page,
}) => {
  const { email } = await createAccount(page, { firstName: 'Maya' });
  await page.goto('/register');
  await completeRegistration(page, { firstName: 'Someone', email });
  await expectCheckYourEmail(page, email);
  const mail = await latestMailTo(
    email,
    'Someone tried to create a Sovereign Flame account with your address',
  );
  expect(mail.text).toContain('/forgot-password');
});

test('a wrong password is answered inline', async ({ page }) => {
  const { email } = await createAccount(page);
  await signIn(page, email, 'Wrong-password1');
  await expect(page.getByRole('alert')).toHaveText(/invalid email or password/i);
});

test('"Remember me" keeps the email for the next sign-in', async ({ page }) => {
  const { email } = await createAccount(page);

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/dashboard');
  await signOut(page);

  await page.goto('/login');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Remember me')).toBeChecked();

  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Remember me').uncheck();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/dashboard');
  await signOut(page);
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(page.getByLabel('Remember me')).not.toBeChecked();
});

test('a forgotten password is reset from the mailed link', async ({ page }) => {
  const { email } = await createAccount(page);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  // The address changes at once; the sign-in page stays on screen until the next has loaded.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status')).toContainText(`If an account exists for ${email}`);

  const mail = await latestMailTo(email, 'Reset your Sovereign Flame password');
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page).toHaveURL(/\/reset-password\?token=/);

  await page.getByLabel('New Password', { exact: true }).fill('Renewed-Flame9');
  await page.getByLabel('Confirm New Password').fill('Renewed-Flame9');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is changed');

  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(/invalid email or password/i);
  await signIn(page, email, 'Renewed-Flame9');
  await expect(page).toHaveURL('/dashboard');
});

test('the terms and privacy pages show their text', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
});

test('the auth screens pass axe-core', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(page.getByText(`© ${new Date().getFullYear()}`)).toBeVisible();
  // Judged once alive: the rendered page enables its controls when the app takes over.
  await expect(page.getByRole('button', { name: 'Sign In' }).last()).toBeEnabled();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('tab', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Begin Your Journey' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test('the site opened at 127.0.0.1 lands on APP_URL, where creating an account works', async ({
  page,
}) => {
  await page.goto(`http://127.0.0.1:${APP_PORT}/register`);
  await expect(page).toHaveURL(`http://localhost:${APP_PORT}/register`);
  const { email } = await completeRegistration(page, { firstName: 'Theo' });
  await expectCheckYourEmail(page, email);
  await expect(page.getByText('Invalid origin')).toHaveCount(0);
});

import {
  completeRegistration,
  confirmEmail,
  expect,
  expectCheckYourEmail,
  expectNoSeriousAxeViolations,
  gotoReady,
  test,
} from '../support/fixtures.ts';

const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
];
const question =
  'What is one no you have been swallowing, and what has it cost you to keep it unspoken?';

for (const { name, viewport } of sizes) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    test('a visitor watches a free preview, reflects, signs up and finds what they wrote', async ({
      page,
    }) => {
      await gotoReady(page, '/courses/energy-sovereignty');
      await page.getByRole('link', { name: 'Watch the free preview: The Sacred No' }).click();
      await expect(page).toHaveURL(
        '/courses/energy-sovereignty/modules/boundaries-as-devotion/lessons/the-sacred-no',
      );
      await expect(page.getByRole('heading', { level: 1, name: 'The Sacred No' })).toBeVisible();
      await expect(page.getByText('Free preview', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Play video: The Sacred No' })).toBeVisible();
      await expectNoSeriousAxeViolations(page);

      const words = 'The no I keep swallowing is to my brother, and it costs me my evenings.';
      await page.getByLabel(question).fill(words);
      await page.getByRole('button', { name: 'Sign up to save your reflection' }).click();
      await expect(page).toHaveURL('/register');
      const { email } = await completeRegistration(page);
      await expectCheckYourEmail(page, email);
      await confirmEmail(page, email);

      await expect(page).toHaveURL(
        '/courses/energy-sovereignty/modules/boundaries-as-devotion/lessons/the-sacred-no',
      );
      await page.getByRole('button', { name: 'Restore draft' }).click();
      await expect(page.getByRole('textbox', { name: question })).toHaveValue(words);
    });
  });
}

test('a lesson that is not a preview sends a visitor to sign in', async ({ page }) => {
  await page.goto(
    '/courses/energy-sovereignty/modules/boundaries-as-devotion/lessons/clearing-what-is-not-yours',
  );
  await expect(page).toHaveURL('/login');
});

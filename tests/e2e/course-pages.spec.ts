import {
  expect,
  expectNoSeriousAxeViolations,
  gotoReady,
  latestMailTo,
  test,
  uniqueEmail,
} from '../support/fixtures.ts';

const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
];

for (const { name, viewport } of sizes) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    test('a visitor goes from the catalogue to a course page and sees what they would buy', async ({
      page,
    }) => {
      await gotoReady(page, '/courses');
      await page.getByRole('link', { name: 'About the course: Energy Sovereignty' }).click();
      await expect(page).toHaveURL('/courses/energy-sovereignty');
      await expect(page).toHaveTitle('Energy Sovereignty · Sovereign Flame');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Energy Sovereignty' }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { name: 'About this course' })).toBeVisible();
      const outline = page.getByRole('region', { name: 'Course outline' });
      await expect(
        outline.getByRole('heading', { name: /Module 1: Reclaiming Your Field/ }),
      ).toBeVisible();
      await expect(outline.getByText('What Energy Sovereignty Means')).toBeVisible();
      await expect(outline.getByText('Video · 13 min').first()).toBeVisible();
      const enrol = page.getByRole('complementary', { name: 'Enrol' });
      await expect(enrol.getByText('€125')).toBeVisible();
      await expect(enrol.getByRole('heading', { name: "What's Included" })).toBeVisible();
      await expect(
        enrol.getByRole('link', { name: 'Watch the free preview: The Sacred No' }),
      ).toBeVisible();
      await expectNoSeriousAxeViolations(page);

      await enrol.getByRole('link', { name: 'Buy Now: Energy Sovereignty' }).click();
      await expect(page).toHaveURL('/buy-now?course=energy-sovereignty');
    });

    test('a coming-soon course says so and offers to write when it opens', async ({ page }) => {
      await gotoReady(page, '/');
      const offer = page.getByRole('link', { name: "Tell me when it opens: Dragon's Clarity" });
      await offer.scrollIntoViewIfNeeded();
      await expect(page.getByText('Coming Soon').first()).toBeVisible();
      await expect(page.getByRole('link', { name: "Buy Now: Dragon's Clarity" })).toHaveCount(0);
      await offer.click();
      await expect(page).toHaveURL('/courses/dragons-clarity#tell-me');
      await expect(page.getByRole('heading', { level: 1, name: "Dragon's Clarity" })).toBeVisible();
      await expect(page.getByText('Coming Soon', { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: /Buy Now/ })).toHaveCount(0);
      await expectNoSeriousAxeViolations(page);

      const form = page.getByRole('form', { name: 'Tell me when it opens' });
      const email = uniqueEmail('visitor');
      await form.getByLabel('Your email').fill(email);
      await form.getByRole('button', { name: 'Tell me when it opens' }).click();
      await expect(page.getByRole('status')).toHaveText(
        `Almost there: we sent a link to ${email}. Open it to confirm, and we will write to you when the course opens.`,
      );

      // Double opt-in: nothing about the course is mailed until the address's owner confirms.
      const mail = await latestMailTo(email, "Confirm: tell me when Dragon's Clarity opens");
      await page.goto(mail.text.match(/https?:\/\/\S+\/release-notice\/confirm\S+/)![0]);
      await expect(page.getByRole('heading', { name: 'Confirm your address' })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await page.getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByRole('status')).toHaveText(
        "We will write to you when Dragon's Clarity opens.",
      );
    });
  });
}

test('the shop links each course to its page', async ({ page }) => {
  await gotoReady(page, '/shop');
  await page.getByRole('link', { name: 'About The Sovereign Flame' }).click();
  await expect(page).toHaveURL('/courses/sovereign-flame');
  await expect(page.getByRole('heading', { level: 1, name: 'The Sovereign Flame' })).toBeVisible();
});

test('a course page read without JavaScript carries its Open Graph tags and Course data', async ({
  page,
}) => {
  const response = await page.request.get('/courses/sovereign-flame');
  const html = await response.text();
  expect(html).toContain('<meta property="og:title" content="The Sovereign Flame">');
  const data = html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/)?.[1];
  expect(JSON.parse(data!)).toMatchObject({
    '@type': 'Course',
    name: 'The Sovereign Flame',
    offers: { price: '125.00', priceCurrency: 'EUR' },
  });
});

test('an unknown course says so, with a way back to the catalogue', async ({ page }) => {
  await gotoReady(page, '/courses/no-such-course');
  await expect(page.getByRole('heading', { name: 'Course Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Browse All Courses' }).click();
  await expect(page).toHaveURL('/courses');
});

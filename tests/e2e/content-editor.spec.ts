import type { Page } from '@playwright/test';
import { useAdminSession } from '../support/admin-session.ts';
import { expect, expectNoSeriousAxeViolations, signUp, test } from '../support/fixtures.ts';

const question = 'What did your first breath of the morning feel like?';
const answer =
  'It felt slow and wide, like opening a window before anyone else was awake, and for once I did not reach for my phone first.';

/** A lesson's video file, served to the learner's browser from a fixture: no video host is reached. */
const videoAddress = 'https://media.example/quiet-mornings/first-breath.webm';
const videoTitle = 'One slow breath, guided';

const pictureAlt = 'A sun rising over still water';

const lessonsOf = (page: Page) => page.getByRole('list', { name: 'Lessons of Waking Gently' });

test('an admin writes and publishes a new course with a video file; a learner buys it, watches the video and answers its prompt, without a restart', async ({
  page,
  browser,
}) => {
  // Two people's whole journeys, the admin's and the learner's, in one test.
  test.slow();
  await useAdminSession(page.context());
  await page.goto('/admin?tab=content');
  await expect(page.getByRole('heading', { name: 'Courses' })).toBeVisible();
  await expect(page.getByText(/Published \(version 1\)/).first()).toBeVisible();

  await page.getByLabel('Title', { exact: true }).fill('Quiet Mornings');
  await page.getByRole('button', { name: 'Create course' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Quiet Mornings' })).toBeVisible();
  await expect(page.getByText(/^Draft version 1, saved by .+ Not published yet\./)).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByLabel('Course description').fill('Ten quiet minutes to begin each day.');
  await page.getByLabel('Price (EUR)').fill('49');
  // Its picture, uploaded from a file: the site serves it, and the alt text is asked for.
  await page
    .getByLabel(/^Or upload a picture/)
    .setInputFiles('tests/support/media/course-picture.png');
  await expect(page.getByText('Uploaded course-picture.png (320 × 180 pixels).')).toBeVisible();
  await expect(page.getByLabel('Picture address')).toHaveValue(
    /^\/media\/pictures\/[0-9a-f]{64}\.png$/,
  );
  await page.getByLabel('What the picture shows (alt text)').fill(pictureAlt);
  await expect(page.getByRole('img', { name: pictureAlt })).toBeVisible();
  // A new course starts as coming soon; this one opens for sale when published.
  await page.getByLabel(/^Coming soon/).uncheck();

  await page.getByLabel('New module title').fill('Waking Gently');
  await page.getByRole('button', { name: 'Add module' }).click();
  await expect(page.getByLabel('Module title', { exact: true })).toHaveValue('Waking Gently');

  await page.getByLabel('New lesson in Waking Gently').fill('Evening Rest');
  await page.getByRole('button', { name: 'Add lesson to Waking Gently' }).click();
  await page.getByLabel('New lesson in Waking Gently').fill('The First Breath');
  await page.getByRole('button', { name: 'Add lesson to Waking Gently' }).click();
  await expect(page.getByLabel('Lesson title', { exact: true })).toHaveValue('The First Breath');

  // The lesson text in Markdown, previewed by the component learners read it in.
  await page
    .getByLabel('Lesson text (Markdown)')
    .fill('## Breathe first\n\nBefore the phone, **one slow breath**.');
  const preview = page.getByRole('region', { name: 'Preview of the lesson text' });
  await expect(preview.getByRole('heading', { name: 'Breathe first' })).toBeVisible();
  await expect(preview.getByText('one slow breath')).toBeVisible();

  // A video file, played in the learner's browser's own player.
  await page.getByLabel(/A video file at an address/).check();
  await page.getByLabel('Video address (https)').fill(videoAddress);
  await page.getByLabel('Video title').fill(videoTitle);
  // Its captions, a WebVTT file, which learners also read as a transcript.
  await page.getByRole('button', { name: 'Add captions' }).click();
  await page.getByLabel('Language tag (captions 1)').fill('en');
  await page.getByLabel('Language name (captions 1)').fill('English');
  await page
    .getByLabel('WebVTT file for English')
    .setInputFiles('tests/support/media/first-breath.en.vtt');
  await expect(page.getByText('3 lines of captions from first-breath.en.vtt')).toBeVisible();

  await page.getByLabel('New question').fill(question);
  await page.getByRole('button', { name: 'Add question' }).click();
  await expect(page.getByRole('textbox', { name: 'Question 1' })).toHaveValue(question);

  // Reordered from the keyboard, then back by dragging.
  await page.getByRole('button', { name: 'Move lesson The First Breath up' }).click();
  await expect(lessonsOf(page).getByRole('listitem')).toHaveText([
    /The First Breath/,
    /Evening Rest/,
  ]);
  await lessonsOf(page)
    .getByRole('listitem')
    .nth(0)
    // By the row's edge, where the drag handle is, not its button.
    .dragTo(lessonsOf(page).getByRole('listitem').nth(1), {
      sourcePosition: { x: 6, y: 6 },
      targetPosition: { x: 6, y: 6 },
    });
  await expect(lessonsOf(page).getByRole('listitem')).toHaveText([
    /Evening Rest/,
    /The First Breath/,
  ]);
  await page.getByRole('button', { name: 'Move lesson The First Breath up' }).focus();
  await page.keyboard.press('Enter');
  await expect(lessonsOf(page).getByRole('listitem')).toHaveText([
    /The First Breath/,
    /Evening Rest/,
  ]);

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Preview as a learner' }).click();
  const asLearner = page.getByRole('region', { name: 'Preview as a learner' });
  await expect(asLearner.getByRole('heading', { name: 'The First Breath' })).toBeVisible();
  await expect(asLearner.getByText(question)).toBeVisible();

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published: learners see this version now.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Restore version 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to all courses' }).click();
  const changes = page.getByRole('region', { name: 'Content changes' });
  await expect(
    changes.getByRole('row', { name: /quiet-mornings published version 1/ }),
  ).toBeVisible();
  await expect(
    changes.getByRole('row', { name: /quiet-mornings created "Quiet Mornings"/ }),
  ).toBeVisible();

  // A learner, in another browser, meets the course at once: its page shows the picture.
  const learner = await (await browser.newContext()).newPage();
  await learner.goto('/courses/quiet-mornings');
  const picture = learner.getByRole('img', { name: pictureAlt });
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(320);
  await expectNoSeriousAxeViolations(learner);
  await learner.setViewportSize({ width: 390, height: 844 });
  await expect(picture).toBeVisible();
  await expectNoSeriousAxeViolations(learner);
  await learner.setViewportSize({ width: 1280, height: 720 });
  await learner.route(videoAddress, (route) =>
    route.fulfill({ path: 'tests/support/media/first-breath.webm', contentType: 'video/webm' }),
  );
  await signUp(learner, { firstName: 'Maya' });
  await learner.goto('/buy-now?course=quiet-mornings');
  await expect(learner.getByLabel('Quiet Mornings')).toBeChecked();
  await learner.getByRole('button', { name: 'Secure Checkout' }).click();
  await expect(learner.locator('p', { hasText: 'Total' })).toHaveText('Total€49');
  await learner.getByRole('button', { name: 'Pay now' }).click();
  await expect(learner.getByRole('status')).toHaveText(
    'Payment successful! Your course access is ready.',
  );
  const course = learner.getByRole('article', { name: 'Quiet Mornings' });
  await course.getByRole('link', { name: 'Start course: Quiet Mornings' }).click();
  await expect(learner.getByRole('heading', { level: 1, name: 'The First Breath' })).toBeVisible();
  await expect(learner.getByRole('heading', { name: 'Breathe first' })).toBeVisible();

  // The learner plays the video from its own play button, at the player's centre, to the end.
  const video = learner.getByLabel(videoTitle);
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((player: HTMLVideoElement) => player.textTracks[0]?.label))
    .toBe('English');
  // The rest of the learner's visit is on a phone.
  await learner.setViewportSize({ width: 390, height: 844 });
  const transcript = learner.getByRole('region', { name: 'Transcript' });
  await expect(transcript.getByRole('button')).toHaveText([
    /0:00\s*Breathe in slowly, like opening a window\./,
    /0:02\s*Hold it gently\./,
    /0:04\s*And let the morning in\./,
  ]);
  await transcript.getByLabel('Search the transcript').fill('morning');
  await expect(transcript.getByRole('status')).toHaveText('1 line matches');
  await transcript.getByLabel('Search the transcript').fill('');
  await expectNoSeriousAxeViolations(learner);
  await video.click();
  await expect
    .poll(() => video.evaluate((player: HTMLVideoElement) => player.ended), { timeout: 15_000 })
    .toBe(true);
  // The transcript followed the playback to its last line.
  await expect(transcript.locator('button[aria-current="true"]')).toHaveText(
    /And let the morning in/,
  );
  await learner.reload();
  await expect(learner.getByRole('link', { name: /The First Breath.*Watched/ })).toBeVisible();

  const card = learner.getByRole('article', { name: new RegExp(question.slice(0, 30)) });
  await card.getByRole('textbox').fill(answer);
  await card.getByRole('button', { name: 'Submit' }).click();
  await expect(learner.getByText('Reflection submitted successfully!')).toBeVisible();
  await expect(card.getByText('Reflection completed')).toBeVisible();
});

test('a second admin saving from an older version is told who changed the course and when', async ({
  page,
  browser,
}) => {
  await useAdminSession(page.context());
  await page.goto('/admin?tab=content&course=energy-sovereignty');
  await expect(page.getByLabel('Course title')).toHaveValue('Energy Sovereignty');

  const other = await (await browser.newContext()).newPage();
  await useAdminSession(other.context());
  await other.goto('/admin?tab=content&course=energy-sovereignty');
  await other.getByLabel('Course description').fill('Reclaim your energy, gently.');
  await other.getByRole('button', { name: 'Save draft' }).click();
  await expect(other.getByText('Draft saved.')).toBeVisible();

  await page.getByLabel('Course description').fill('A stale edit that must not win.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('alert')).toContainText(
    /changed this course at .+\. Reload to see their changes\./,
  );
  await page.getByRole('button', { name: 'Reload the course' }).click();
  await expect(page.getByLabel('Course description')).toHaveValue('Reclaim your energy, gently.');
});

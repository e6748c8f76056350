import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { E2E_HELPLINE_PHONE } from '../../playwright.config.ts';
import type { SafetyHelp } from '../../src/shared/api/companion.ts';
import { linesOnlyMeaningReads } from '../../src/server/testing/lines-only-meaning-reads.ts';
import { acceptAiNotice, panelOf } from '../support/companion.ts';
import { grantAccess } from '../support/course-access.ts';
import {
  expect,
  expectNoSeriousAxeViolations,
  gotoReady,
  signUp,
  test,
} from '../support/fixtures.ts';

const firstLessonPath =
  '/courses/energy-sovereignty/modules/reclaiming-your-field/lessons/what-energy-sovereignty-means';
/** Words any detector must catch (issue 19), long enough to be submitted as a reflection. */
const crisis =
  'I want to kill myself. I have felt like this for weeks now and I do not know what else to do about it.';
const telHref = `tel:${E2E_HELPLINE_PHONE.replace(/[^\d+]/g, '')}`;

async function openLessonWithPanelClosed(page: Page, request: APIRequestContext) {
  const learner = await signUp(page, { firstName: 'Maya' });
  await grantAccess(request, learner.email);
  // Alive before a key is pressed: until then the server-rendered lesson's fields are disabled.
  await gotoReady(page, firstLessonPath);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(panelOf(page)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open AI companion' })).toBeVisible();
}

async function operatorHelp(page: Page): Promise<SafetyHelp> {
  const response = await page.request.get('/api/companion/safety-help');
  expect(response.ok()).toBe(true);
  return (await response.json()) as SafetyHelp;
}

/** The help as a learner sees it: set apart, with links a phone follows. */
async function expectWorkingHelp(help: Locator, operator: SafetyHelp) {
  await expect(help.locator(`a[href="${telHref}"]`)).toHaveCount(1);
  await expect(help.locator('a[href^="tel:"]')).toHaveText(`Call ${E2E_HELPLINE_PHONE}`);
  await expect(help.locator(`a[href="${operator.helplineUrl}"]`)).toHaveCount(1);
  await expect(help.locator('a[href^="https:"]').first()).toBeVisible();
}

/** How far `upper` ends above where `lower` begins, in pixels; negative when they overlap. */
async function gapAbove(upper: Locator, lower: Locator): Promise<number> {
  const upperBox = (await upper.boundingBox())!;
  return (await lower.boundingBox())!.y - (upperBox.y + upperBox.height);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a crisis reflection submitted with the panel closed shows the help on the lesson page within a second', async ({
      page,
      request,
    }) => {
      await openLessonWithPanelClosed(page, request);
      const operator = await operatorHelp(page);
      const getHelp = page.getByRole('button', { name: 'Get help now' });
      await expect(getHelp).toBeVisible();

      const card = page.getByRole('article', { name: /most sovereign/ });
      await card.getByRole('textbox').fill(crisis);
      await card.getByRole('button', { name: 'Submit' }).click();
      const help = card.getByRole('alert').filter({ hasText: 'Help is available' });
      await expect(help).toBeVisible({ timeout: 1_000 });
      // Whole, and clear of the help bar at the top of the screen.
      await expect(help).toBeInViewport({ ratio: 1 });
      // The page scrolls smoothly to the help: judged where the scroll ends, not on its way.
      await expect.poll(async () => gapAbove(getHelp, help)).toBeGreaterThanOrEqual(0);
      await expectWorkingHelp(help, operator);
      await expect(panelOf(page)).toBeHidden();
      await expect(getHelp).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    });

    test('the chat shows a safety reply whole at once, set apart, with working links', async ({
      page,
      request,
    }) => {
      await openLessonWithPanelClosed(page, request);
      const operator = await operatorHelp(page);
      await page.getByRole('button', { name: 'Open AI companion' }).click();
      await acceptAiNotice(page);
      const panel = panelOf(page);
      // At Slow, 50 ms a character, a typed-out reply would take many seconds.
      await panel.getByRole('tab', { name: 'Settings' }).click();
      await panel.getByRole('radio', { name: /Slow/ }).check();
      await panel.getByRole('tab', { name: 'Chat' }).click();
      await panel.getByPlaceholder('Ask your AI companion...').fill(crisis);
      await panel.getByRole('button', { name: 'Send message' }).click();

      const conversation = panel.getByRole('log', { name: 'Conversation' });
      const reply = conversation.getByRole('alert').filter({ hasText: 'Help is available' });
      await expect(reply).toBeVisible({ timeout: 1_000 });
      await expect(reply).toContainText(operator.message, { timeout: 1_000 });
      await expectWorkingHelp(reply, operator);
      // Not an ordinary bubble: a card with a heading of its own.
      await expect(reply.getByRole('heading', { name: 'Help is available' })).toBeVisible();
      await expectNoSeriousAxeViolations(page);

      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if ((page.viewportSize()?.width ?? 0) < 1024) {
        await page.getByRole('button', { name: 'Open AI companion' }).click();
      }
      const stored = panelOf(page)
        .getByRole('log', { name: 'Conversation' })
        .getByRole('region', { name: 'Help is available' });
      await expect(stored).toContainText(operator.message);
      await expectWorkingHelp(stored, operator);
    });

    test('"Get help now" takes its own room: it covers no lesson text, and nothing floats over the lesson', async ({
      page,
      request,
    }) => {
      await openLessonWithPanelClosed(page, request);
      const getHelp = page.getByRole('button', { name: 'Get help now' });
      const text = page.getByRole('main').locator('h1, h2, p, li');
      expect(await text.count()).toBeGreaterThan(3);
      const helpBox = (await getHelp.boundingBox())!;
      for (const box of await Promise.all((await text.all()).map((line) => line.boundingBox()))) {
        if (!box) continue;
        const overlaps =
          box.x < helpBox.x + helpBox.width &&
          helpBox.x < box.x + box.width &&
          box.y < helpBox.y + helpBox.height &&
          helpBox.y < box.y + box.height;
        expect(overlaps).toBe(false);
      }
      for (const scroll of [800, 800, 800]) {
        await page.mouse.wheel(0, scroll);
        await expect(getHelp).toBeInViewport();
        const floating = await page.evaluate(
          () =>
            // The toasts' own layer is fixed by design and empty until a toast shows.
            [
              ...document.querySelectorAll('body *:not([data-rht-toaster], [data-rht-toaster] *)'),
            ].filter((element) => {
              const box = element.getBoundingClientRect();
              return (
                getComputedStyle(element).position === 'fixed' && box.width > 0 && box.height > 0
              );
            }).length,
        );
        expect(floating).toBe(0);
      }
      await expectNoSeriousAxeViolations(page);
    });

    test('"Get help now" stays on the lesson page with the panel closed, and opens the resources', async ({
      page,
      request,
    }) => {
      await openLessonWithPanelClosed(page, request);
      const operator = await operatorHelp(page);
      await page.mouse.wheel(0, 2_000);
      const getHelp = page.getByRole('button', { name: 'Get help now' });
      await expect(getHelp).toBeInViewport();
      await getHelp.click();
      const dialog = page.getByRole('dialog', { name: 'Get help now' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(operator.helplineText);
      await expectWorkingHelp(dialog, operator);
      await dialog.getByText('A minute to ground yourself').click();
      await expect(dialog.getByText('5 things you can see')).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(getHelp).toBeFocused();
    });
  });
}

test('at 390 px, a crisis draft that is only autosaved, or asked for a suggestion, brings the help into the card', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openLessonWithPanelClosed(page, request);
  const cards = page.getByRole('article').filter({ has: page.getByRole('textbox') });
  const autosaved = cards.nth(0);
  await autosaved.getByRole('textbox').fill(crisis);
  await expect(autosaved.getByRole('status')).toHaveText('Saved');
  await expect(autosaved.getByRole('alert').filter({ hasText: 'Help is available' })).toBeVisible({
    timeout: 1_000,
  });

  const suggested = cards.nth(1);
  await suggested.getByRole('textbox').fill(crisis);
  await suggested.getByRole('button', { name: 'Suggestion' }).click();
  await suggested
    .getByRole('region', { name: 'AI notice' })
    .getByRole('button', { name: 'Not now' })
    .click();
  await expect(suggested.getByRole('alert').filter({ hasText: 'Help is available' })).toBeVisible();
  await expect(suggested.getByRole('region', { name: 'AI suggestion' })).toHaveCount(0);
});

test('at 1280 px, an autosaved crisis draft also brings the help into the open chat at once', async ({
  page,
  request,
}) => {
  const learner = await signUp(page, { firstName: 'Maya' });
  await grantAccess(request, learner.email);
  await page.goto(firstLessonPath);
  await page.getByRole('button', { name: 'Open AI companion' }).click();
  const conversation = panelOf(page).getByRole('log', { name: 'Conversation' });
  await expect(conversation).toBeVisible();
  const card = page.getByRole('article', { name: /most sovereign/ });
  await card.getByRole('textbox').fill(crisis);
  await expect(card.getByRole('status')).toHaveText('Saved');
  await expect(
    conversation.getByRole('alert').filter({ hasText: 'Help is available' }),
  ).toBeVisible({ timeout: 2_000 });
});

test('at 390 px with the panel closed, the help is on screen within a second of the words being typed, before any autosave', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openLessonWithPanelClosed(page, request);
  const card = page.getByRole('article', { name: /most sovereign/ });
  const answeredSaves: number[] = [];
  page.on('response', (answer) => {
    const sent = answer.request();
    if (sent.url().endsWith('/api/learning/reflections') && sent.method() === 'PUT') {
      answeredSaves.push(Date.now());
    }
  });
  await card.getByRole('textbox').pressSequentially('Honestly, tonight I ', { delay: 30 });
  await card.getByRole('textbox').pressSequentially('made myself throw up again', { delay: 30 });
  const typedAt = Date.now();
  const help = card.getByRole('alert').filter({ hasText: 'Help is available' });
  await expect(help).toBeInViewport({ timeout: 1_000 });
  const shownAfter = Date.now() - typedAt;
  test.info().annotations.push({
    type: 'help shown after the last keystroke',
    description: `${shownAfter} ms`,
  });
  expect(shownAfter).toBeLessThan(1_000);
  // The browser's reading came first: no autosave had been answered by then.
  expect(answeredSaves.filter((at) => at <= typedAt + shownAfter)).toHaveLength(0);
  // Its own help: eating-disorder risk, and a number to call.
  await expect(help).toContainText('food and your body');
  await expect(help.locator('a[href^="tel:"]')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Get help now' })).toBeInViewport();
  // The server still reads, records and answers the autosave.
  await expect(card.getByRole('status')).toHaveText('Saved');
  await expectNoSeriousAxeViolations(page);
});

test('at 390 px, words only the server’s reader of meaning recognises bring their own help with the autosave', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openLessonWithPanelClosed(page, request);
  const card = page.getByRole('article', { name: /most sovereign/ });
  await card.getByRole('textbox').fill(linesOnlyMeaningReads['harm-from-others']);
  await expect(card.getByRole('status')).toHaveText('Saved');
  const help = card.getByRole('alert').filter({ hasText: 'Help is available' });
  await expect(help).toBeInViewport();
  await expect(help).toContainText('someone is hurting you');
  await expect(help.locator('a[href^="tel:"]')).toHaveCount(1);
  await expectNoSeriousAxeViolations(page);
});

test('at 390 px, a calm reflection typed word by word brings no help, though its half-typed sentences would have', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openLessonWithPanelClosed(page, request);
  const card = page.getByRole('article', { name: /most sovereign/ });
  // Read whole, "… I want" and "… I want to rest" are read as risk.
  await card
    .getByRole('textbox')
    .pressSequentially('Today I sat by the window. I want to rest more.', { delay: 40 });
  await expect(card.getByRole('status')).toHaveText('Saved');
  await expect(card.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open AI companion' })).toBeVisible();
});

test('at 390 px a learner writes a safety plan from "Get help now", and finds it there again', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openLessonWithPanelClosed(page, request);
  await page.getByRole('button', { name: 'Get help now' }).click();
  await page
    .getByRole('dialog', { name: 'Get help now' })
    .getByRole('link', { name: 'My safety plan' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'My safety plan' })).toBeVisible();
  // The help stays on top: the plan is never a dead end.
  await expect(page.locator(`a[href="${telHref}"]`)).toBeVisible();
  const plan = page.getByRole('form', { name: 'My safety plan' });
  await plan
    .getByLabel('1. Warning signs that a hard moment is coming')
    .fill('I stop eating lunch');
  await plan.getByLabel('4. People I can ask for help').fill('My sister Ana');
  await expectNoSeriousAxeViolations(page);
  await plan.getByRole('button', { name: 'Save my plan' }).click();
  await expect(plan.getByRole('status')).toHaveText('Your plan is saved.');

  await page.goBack();
  await page.getByRole('button', { name: 'Get help now' }).click();
  await page.getByRole('link', { name: 'My safety plan' }).click();
  await expect(page.getByLabel('4. People I can ask for help')).toHaveValue('My sister Ana');
});

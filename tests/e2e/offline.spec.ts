import type { APIRequestContext, BrowserContext, Page, Worker } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_HELPLINE_PHONE } from '../../playwright.config.ts';
import { grantAccess } from '../support/course-access.ts';
import { JS_BUDGET_BYTES, loadUntilHydrated, recordDownloads } from '../support/page-weight.ts';
import {
  expect,
  expectNoSeriousAxeViolations,
  gotoReady,
  signUp,
  test,
} from '../support/fixtures.ts';

const lesson = {
  courseId: 'energy-sovereignty',
  moduleId: 'reclaiming-your-field',
  lessonId: 'what-energy-sovereignty-means',
};
const lessonPath = `/courses/${lesson.courseId}/modules/${lesson.moduleId}/lessons/${lesson.lessonId}`;
const lessonTitle = 'What Energy Sovereignty Means';
const firstReflection =
  'On the train with no signal I noticed how calm I feel when nobody can reach me for an hour.';
const secondReflection =
  'What is asking to change is how I answer every message at once, as if I owed everyone my time.';
const phoneReflection = 'Written on my phone on the way home: I was most myself when I said no.';
const laterReflection = `${firstReflection} Then I stayed off my phone for the evening.`;
const offlineStatus =
  "You're offline. Kept on this device, not sent yet: it will be sent when you're back online with this site open.";
const crisis =
  'I want to kill myself. I have felt like this for weeks now and I do not know what else to do about it.';

test.use({ serviceWorkers: 'allow' });

const reflectionCard = (page: Page, question: RegExp) =>
  page.getByRole('article', { name: question });

/**
 * A learner with access opens the lesson twice, as on any second visit: the first installs the
 * service worker, the second goes through it, which keeps the lesson for offline reading.
 */
async function openLessonWithWorker(page: Page, request: APIRequestContext) {
  const learner = await signUp(page, { firstName: 'Maya' });
  await grantAccess(request, learner.email);
  await gotoReady(page, lessonPath);
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  await gotoReady(page, lessonPath);
  await expect(page.getByRole('heading', { level: 1, name: lessonTitle })).toBeVisible();
  return learner;
}

const lessonQuery = new URLSearchParams(lesson).toString();

/** What the server holds for the lesson, as the learner's own API read gives it. */
async function savedReflections(page: Page) {
  const answer = await page.request.get(`/api/learning/reflections?${lessonQuery}`);
  expect(answer.ok()).toBe(true);
  return (
    (await answer.json()) as {
      reflections: { promptId: string; response: string; updatedAt: string }[];
    }
  ).reflections;
}

/**
 * Offline, two reflections go to the outbox; a reload offline finds them there; back online,
 * they are sent once each, in order.
 */
async function writeTwoReflectionsOffline(
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
) {
  await openLessonWithWorker(page, request);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: lessonTitle })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sovereignty is not control' })).toBeVisible();

  const first = reflectionCard(page, /most sovereign/);
  const second = reflectionCard(page, /asking to change/);
  await first.getByRole('textbox').fill(firstReflection);
  await expect(first.getByRole('status')).toHaveText(offlineStatus);
  await second.getByRole('textbox').fill(secondReflection);
  await expect(second.getByRole('status')).toHaveText(offlineStatus);

  // The tab reloaded (or closed and opened again) offline: the outbox still holds both.
  await page.reload();
  await expect(first.getByRole('textbox')).toHaveValue(firstReflection);
  await expect(second.getByRole('textbox')).toHaveValue(secondReflection);
  await expect(first.getByRole('status')).toHaveText(offlineStatus);
  await expect(second.getByRole('status')).toHaveText(offlineStatus);
  await expect(page.getByRole('region', { name: 'Unsaved draft' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  const saves = recordReflectionSaves(page);
  await context.setOffline(false);
  await expect(first.getByRole('status')).toHaveText('Saved');
  await expect(second.getByRole('status')).toHaveText('Saved');
  expect(saves.map((save) => save.promptId)).toEqual([
    'most-sovereign-moment',
    'what-is-asking-to-change',
  ]);
  expect(new Set(saves.map((save) => save.saveId)).size).toBe(2);

  const held = await savedReflections(page);
  expect(held.map((reflection) => reflection.response).sort()).toEqual(
    [firstReflection, secondReflection].sort(),
  );

  await page.reload();
  await expect(first.getByRole('textbox')).toHaveValue(firstReflection);
  await expect(second.getByRole('textbox')).toHaveValue(secondReflection);
  await expect(first.getByRole('status')).toHaveText('Saved');
  expect(saves).toHaveLength(2);
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  await expectNoSeriousAxeViolations(page);
}

/** Every reflection save the page sends from now on, in the order sent. */
function recordReflectionSaves(page: Page) {
  const saves: { promptId: string; response: string; saveId: string }[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'PUT' && new URL(sent.url()).pathname === '/api/learning/reflections') {
      saves.push(sent.postDataJSON() as (typeof saves)[number]);
    }
  });
  return saves;
}

/** The reflections in the lesson answer the service worker keeps for offline reading. */
function cachedReflections(): Promise<{ response: string }[]> {
  return caches.open('current-lesson').then(async (cache) => {
    const [request] = await cache.keys();
    const answer = request && (await cache.match(request));
    if (!answer) throw new Error('No lesson kept for offline reading');
    return ((await answer.json()) as { reflections: { response: string }[] }).reflections;
  });
}

/**
 * The learner saves online; the worker's copy of the lesson is from before that save. Offline, a
 * reload starts the card from that older copy, and what they type then is written on it. Back
 * online, it is saved on top of their own save, and nothing says another device changed it.
 */
async function editOfflineOnAnOlderCopyOfOwnSave(
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
) {
  await openLessonWithWorker(page, request);
  const card = reflectionCard(page, /most sovereign/);
  await card.getByRole('textbox').fill(firstReflection);
  await expect(card.getByRole('status')).toHaveText('Saved');
  // The lesson answer kept for offline reading was fetched before the save.
  expect(await page.evaluate(cachedReflections)).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: lessonTitle })).toBeVisible();
  await expect(card.getByRole('textbox')).toHaveValue('');
  await card.getByRole('textbox').fill(laterReflection);
  await expect(card.getByRole('status')).toHaveText(offlineStatus);

  const saves = recordReflectionSaves(page);
  await context.setOffline(false);
  await expect(card.getByRole('status')).toHaveText('Saved');
  await expect(card.getByRole('textbox')).toHaveValue(laterReflection);
  await expect(card.getByRole('region', { name: 'Changed on another device' })).toHaveCount(0);
  await expect(page.getByText('changed on another device')).toHaveCount(0);
  // Refused once as written on the older copy, then sent again, as the same save, on the newer.
  expect(saves.map((save) => save.response)).toEqual([laterReflection, laterReflection]);
  expect(new Set(saves.map((save) => save.saveId)).size).toBe(1);
  expect((await savedReflections(page)).map((reflection) => reflection.response)).toEqual([
    laterReflection,
  ]);
  await expectNoSeriousAxeViolations(page);
}

/** The saves waiting in this browser's outbox (reflection-outbox.ts). */
function countQueued(): Promise<number> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open('reflection-outbox');
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const db = opening.result;
      const counting = db.transaction('saves').objectStore('saves').count();
      counting.onsuccess = () => {
        db.close();
        resolve(counting.result);
      };
    };
  });
}

/** The Background Sync tags the site's service worker was asked to fire. */
async function backgroundSyncTags(): Promise<string[]> {
  const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
    sync: { getTags(): Promise<string[]> };
  };
  return registration.sync.getTags();
}

/**
 * What the site's service workers log, and how each of their own requests was answered or failed, a
 * line each: when the worker sends nothing, the journey's failure says what it met instead.
 */
function recordWhatWorkersMeet(context: BrowserContext): string[] {
  const heard: string[] = [];
  const listen = (worker: Worker) =>
    worker.on('console', (message) => heard.push(`${message.type()}: ${message.text()}`));
  context.serviceWorkers().forEach(listen);
  context.on('serviceworker', listen);
  context.on('response', (answer) => {
    const sent = answer.request();
    if (sent.serviceWorker() && new URL(sent.url()).pathname.startsWith('/api/')) {
      heard.push(`${answer.status()} ${sent.method()} ${sent.url()}`);
    }
  });
  context.on('requestfailed', (failed) => {
    if (failed.serviceWorker()) {
      heard.push(`failed ${failed.method()} ${failed.url()}: ${failed.failure()?.errorText}`);
    }
  });
  return heard;
}

/**
 * The service worker of `origin` as DevTools sees it: `syncOutbox` fires the Background Sync event the
 * browser fires when the connection comes back (CDP's ServiceWorker.dispatchSyncEvent), whether
 * or not a page of the site is open.
 */
async function serviceWorkerOf(page: Page, origin: string) {
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find(
        (registration) => registration.scopeURL.startsWith(origin) && !registration.isDeleted,
      );
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const id = await registrationId;
  return {
    syncOutbox: () =>
      cdp.send('ServiceWorker.dispatchSyncEvent', {
        origin,
        registrationId: id,
        tag: 'reflection-outbox',
        lastChance: false,
      }),
  };
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a learner writes two reflections offline, reloads, and both are sent once, in order, on reconnecting', async ({
    page,
    context,
    request,
  }) => {
    await writeTwoReflectionsOffline(page, context, request);
  });

  test("an edit offline on an older copy of the learner's own save is saved on reconnecting, not called another device's", async ({
    page,
    context,
    request,
  }) => {
    await editOfflineOnAnOlderCopyOfOwnSave(page, context, request);
  });
});

test.describe('on a laptop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a learner writes two reflections offline, reloads, and both are sent once, in order, on reconnecting', async ({
    page,
    context,
    request,
  }) => {
    await writeTwoReflectionsOffline(page, context, request);
  });

  test("an edit offline on an older copy of the learner's own save is saved on reconnecting, not called another device's", async ({
    page,
    context,
    request,
  }) => {
    await editOfflineOnAnOlderCopyOfOwnSave(page, context, request);
  });

  test('when another device saved the reflection first, the card shows that its newer text was kept and offers this one back', async ({
    page,
    request,
  }) => {
    const learner = await signUp(page, { firstName: 'Maya' });
    await grantAccess(request, learner.email);
    await gotoReady(page, lessonPath);
    const card = reflectionCard(page, /most sovereign/);
    await card.getByRole('textbox').fill(firstReflection);
    await expect(card.getByRole('status')).toHaveText('Saved');

    // The phone, on the version this page also holds, saves first.
    const [held] = await savedReflections(page);
    const phone = await page.request.put('/api/learning/reflections', {
      data: {
        ...lesson,
        promptId: 'most-sovereign-moment',
        response: phoneReflection,
        basedOn: held!.updatedAt,
      },
    });
    expect(phone.ok()).toBe(true);

    await card.getByRole('textbox').fill(laterReflection);
    const notice = card.getByRole('region', { name: 'Changed on another device' });
    await expect(notice).toContainText('This reflection was changed on another device on');
    await expect(notice).toContainText('That newer text was kept and is in the box below.');
    await expect(notice).toContainText(laterReflection);
    await expect(card.getByRole('textbox')).toHaveValue(phoneReflection);
    expect((await savedReflections(page))[0]!.response).toBe(phoneReflection);
    await expectNoSeriousAxeViolations(page);

    await notice.getByRole('button', { name: 'Use my text instead' }).click();
    await expect(notice).toHaveCount(0);
    await expect(card.getByRole('textbox')).toHaveValue(laterReflection);
    await expect(card.getByRole('status')).toHaveText('Saved');
    expect((await savedReflections(page))[0]!.response).toBe(laterReflection);
  });

  test('a reflection written offline is sent by the app in the background once the connection is back, with no page of the site open', async ({
    playwright,
    baseURL,
    request,
  }, testInfo) => {
    // Chromium offers Background Sync only to a browser profile of its own, not to the private
    // contexts the other journeys run in, and not in its headless shell: the full browser, which
    // .ci/run installs beside it.
    const profile = mkdtempSync(path.join(tmpdir(), 'sf-profile-'));
    const context = await playwright.chromium.launchPersistentContext(profile, {
      ...testInfo.project.use.launchOptions,
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      baseURL: baseURL!,
      serviceWorkers: 'allow',
      viewport: { width: 1280, height: 800 },
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      test.skip(
        !(await page.evaluate(() => navigator.onLine)),
        'This browser sees no network beyond loopback here, and so fires no Background Sync',
      );
      const heard = recordWhatWorkersMeet(context);
      await openLessonWithWorker(page, request);
      const origin = new URL(page.url()).origin;
      await context.setOffline(true);
      await page.reload();
      const card = reflectionCard(page, /most sovereign/);
      await card.getByRole('textbox').fill(firstReflection);
      await expect(card.getByRole('status')).toHaveText(offlineStatus);
      // The page asked the browser to wake the worker when the connection is back.
      await expect.poll(() => page.evaluate(backgroundSyncTags)).toContain('reflection-outbox');

      // The learner closes the site; a blank tab stays, from which DevTools reaches the worker.
      const blank = await context.newPage();
      await page.close();
      const worker = await serviceWorkerOf(blank, origin);
      await context.setOffline(false);
      // The browser fires the event itself once the connection is back, and again later if the
      // worker failed. Each nudge here is one more such firing: a firing that lands while the
      // browser still counts the worker offline is dropped without a word.
      await expect
        .poll(
          async () => {
            await worker.syncOutbox();
            return (await savedReflections(blank)).map((reflection) => reflection.response);
          },
          { intervals: [1_000, 2_000, 4_000], timeout: 20_000 },
        )
        .toEqual([firstReflection])
        .catch((error: Error) => {
          throw new Error(`${error.message}\n\nWhat the worker met:\n${heard.join('\n')}`);
        });

      // The learner comes back: the card shows it saved, and no page had to send it again.
      const saves = recordReflectionSaves(blank);
      await gotoReady(blank, lessonPath);
      const cardAgain = reflectionCard(blank, /most sovereign/);
      await expect(cardAgain.getByRole('textbox')).toHaveValue(firstReflection);
      await expect(cardAgain.getByRole('status')).toHaveText('Saved');
      expect(await blank.evaluate(countQueued)).toBe(0);
      expect(saves).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test('offline, crisis words in a reflection still show the operator’s help at once', async ({
    page,
    context,
    request,
  }) => {
    await openLessonWithWorker(page, request);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: lessonTitle })).toBeVisible();

    const card = reflectionCard(page, /most sovereign/);
    await card.getByRole('textbox').fill(crisis);
    const help = card.getByRole('alert').filter({ hasText: 'Help is available' });
    await expect(help).toBeVisible();
    await expect(help.getByRole('link', { name: E2E_HELPLINE_PHONE })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });

  test('after sign-out, an offline visit to the lesson shows nothing of the signed-in learner', async ({
    page,
    context,
    request,
  }) => {
    await openLessonWithWorker(page, request);
    expect(await page.evaluate(() => caches.has('current-lesson'))).toBe(true);
    await gotoReady(page, '/');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await page.waitForFunction(async () => !(await caches.has('current-lesson')));

    await context.setOffline(true);
    await page.goto(lessonPath).catch(() => undefined);
    await expect(page.getByRole('heading', { level: 1, name: lessonTitle })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Sovereignty is not control' })).toHaveCount(0);
  });

  test('sign-out, even offline, forgets the reflections waiting in the outbox', async ({
    page,
    context,
    request,
  }) => {
    await openLessonWithWorker(page, request);
    // The home page's code, kept by the worker once used, so that it opens offline.
    await gotoReady(page, '/');
    await gotoReady(page, lessonPath);
    await context.setOffline(true);
    await page.reload();
    const card = reflectionCard(page, /most sovereign/);
    await card.getByRole('textbox').fill(firstReflection);
    await expect(card.getByRole('status')).toHaveText(offlineStatus);
    expect(await page.evaluate(countQueued)).toBe(1);

    await page.goto('/').catch(() => undefined);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForFunction(
      async () => !(await indexedDB.databases()).some((db) => db.name === 'reflection-outbox'),
    );
    await page.waitForFunction(async () => !(await caches.has('current-lesson')));
  });

  test('the app can be installed: a manifest with the brand, icons and a theme colour', async ({
    page,
  }) => {
    const answer = await page.request.get('/manifest.webmanifest');
    expect(answer.ok()).toBe(true);
    const manifest = (await answer.json()) as {
      name: string;
      theme_color: string;
      display: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Sovereign Flame', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#/);
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((entry) => entry.sizes === size)!;
      const image = await page.request.get(icon.src);
      expect(image.headers()['content-type']).toBe('image/png');
    }
    await gotoReady(page, '/');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest.webmanifest',
    );
  });
});

test('with the service worker, a first visit to / stays within its JavaScript budget and installs the worker after', async ({
  page,
}) => {
  const downloads = recordDownloads(page);
  await loadUntilHydrated(page, '/');
  const scripts = (await downloads()).filter((file) => file.type === 'script');
  const total = scripts.reduce((sum, file) => sum + file.gzipBytes, 0);
  expect(scripts.map((file) => file.url)).not.toContain('/sw.js');
  expect(total).toBeLessThanOrEqual(JS_BUDGET_BYTES);
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active !== null);
});

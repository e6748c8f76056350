import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDraft, UploadedPicture } from '../../shared/api/content.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createAdmin, type TestAdmin } from '../testing/users.ts';
import { pruneUnusedPictures, UNUSED_PICTURE_KEEP_DAYS } from './course-pictures.ts';

let testApp: TestApp;
let admin: TestAdmin;
beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await createAdmin(testApp.app, testApp.db);
});
afterAll(() => testApp.close());

const courses = '/api/admin/content/courses';
const picture = (name: string) => readFileSync(`tests/support/media/course-picture.${name}`);

async function upload(bytes: Buffer): Promise<{ path: string; statusCode: number }> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/admin/pictures',
    headers: { 'content-type': 'application/octet-stream', cookie: admin.cookie },
    payload: bytes,
  });
  return { path: response.json<UploadedPicture>().path, statusCode: response.statusCode };
}

/** Whether the picture is still served to anyone, at the address the site gave it. */
async function served(path: string): Promise<boolean> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: path,
    headers: { host: 'localhost:3000' },
  });
  return response.statusCode === 200;
}

async function setCoursePicture(courseId: string, path: string): Promise<CourseDraft> {
  const { draft, version } = (await testApp.as(admin).get(`${courses}/${courseId}`)).json<CourseDraft>();
  const saved = await testApp.as(admin).put(`${courses}/${courseId}`, {
    version,
    draft: { ...draft, thumbnail: path, thumbnailAlt: 'A candle in a dark room' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json<CourseDraft>();
}

/** Every picture uploaded as if a day more than the keeping time ago. */
const uploadedLongAgo = () =>
  testApp.db.execute(
    sql`update content_pictures set uploaded_at = now() - make_interval(days => ${UNUSED_PICTURE_KEEP_DAYS + 1})`,
  );

describe('the hourly prune of pictures no course names', () => {
  it('deletes an old unused upload and keeps those a draft or a published version names', async () => {
    const inDraft = await upload(picture('png'));
    const inOldVersion = await upload(picture('jpg'));
    const unused = await upload(picture('webp'));
    const { version } = await setCoursePicture('energy-sovereignty', inOldVersion.path);
    const published = await testApp.as(admin).post(`${courses}/energy-sovereignty/publish`, {
      version,
    });
    expect(published.statusCode, published.body).toBe(200);
    await setCoursePicture('energy-sovereignty', inDraft.path);

    await uploadedLongAgo();
    expect(await pruneUnusedPictures(testApp.db)).toBe(1);
    expect(await served(unused.path)).toBe(false);
    expect(await served(inDraft.path)).toBe(true);
    expect(await served(inOldVersion.path)).toBe(true);
  });

  it('keeps an unused picture for the keeping time after its last upload', async () => {
    const first = await upload(picture('webp'));
    expect(first.statusCode).toBe(201);
    await uploadedLongAgo();
    const again = await upload(picture('webp'));
    expect(again).toEqual({ path: first.path, statusCode: 200 });
    expect(await pruneUnusedPictures(testApp.db)).toBe(0);
    expect(await served(first.path)).toBe(true);
  });
});

import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadedPicture } from '../../shared/api/content.ts';
import { PICTURE_MAX_BYTES, pictureMessages } from '../../shared/rules/picture-file.ts';
import { contentPictures } from '../db/schema/content.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import {
  createAdmin,
  createUser,
  TEST_PASSWORD,
  type TestAdmin,
  type TestUser,
} from '../testing/users.ts';

let testApp: TestApp;
let admin: TestAdmin;
let learner: TestUser;
beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await createAdmin(testApp.app, testApp.db);
  learner = await createUser(testApp.app);
});
afterAll(() => testApp.close());

const png = readFileSync('tests/support/media/course-picture.png');
const jpeg = readFileSync('tests/support/media/course-picture.jpg');

/** A read at APP_URL's host: a page or file read at another is sent there. */
const read = (url: string) =>
  testApp.app.inject({ method: 'GET', url, headers: { host: 'localhost:3000' } });

/** The file as the browser sends it: its bytes, with whatever type the browser guessed. */
const upload = (user: TestUser | undefined, bytes: Buffer, contentType = 'image/png') =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/admin/pictures',
    headers: { 'content-type': contentType, ...(user ? { cookie: user.cookie } : {}) },
    payload: bytes,
  });

describe('an admin uploads a course picture', () => {
  it('keeps a PNG and answers its address on this site and its size', async () => {
    const response = await upload(admin, png);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<UploadedPicture>()).toEqual({
      path: expect.stringMatching(/^\/media\/pictures\/[0-9a-f]{64}\.png$/),
      width: 320,
      height: 180,
    });
  });

  it('keeps the same file once: a second upload answers the same address', async () => {
    const first = await upload(admin, jpeg, 'application/octet-stream');
    const again = await upload(admin, jpeg, 'image/jpeg');
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    const { path } = again.json<UploadedPicture>();
    expect(path).toBe(first.json<UploadedPicture>().path);
    expect(path).toMatch(/\.jpg$/);
    const sha256 = path.slice('/media/pictures/'.length, -'.jpg'.length);
    const rows = await testApp.db
      .select({ uploadedBy: contentPictures.uploadedBy })
      .from(contentPictures)
      .where(eq(contentPictures.sha256, sha256));
    expect(rows).toEqual([{ uploadedBy: admin.email }]);
  });

  it('refuses a file that is not a JPEG, PNG or WebP, whatever its type says', async () => {
    const text = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const contentType of ['image/png', 'image/svg+xml', 'application/octet-stream']) {
      const response = await upload(admin, text, contentType);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'bad_request',
        message: pictureMessages.notPicture,
      });
    }
  });

  it('refuses an empty file', async () => {
    const response = await upload(admin, Buffer.alloc(0));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(pictureMessages.empty);
  });

  it('refuses a file over 2 MB', async () => {
    const large = Buffer.concat([png, Buffer.alloc(PICTURE_MAX_BYTES + 1 - png.length)]);
    const response = await upload(admin, large);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'bad_request',
      message: pictureMessages.tooLarge,
    });
  });

  it('answers 401 without a session and 403 to a learner, and keeps nothing', async () => {
    const before = await testApp.db.$count(contentPictures);
    expect((await upload(undefined, png)).statusCode).toBe(401);
    const refused = await upload(learner, png);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('forbidden');
    expect(await testApp.db.$count(contentPictures)).toBe(before);
  });
});

describe('an uploaded picture, served to anyone', () => {
  it('is served as what it is, with nosniff, cached for good and allowed by the pages', async () => {
    const { path } = (await upload(admin, png)).json<UploadedPicture>();
    const response = await read(path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.equals(png)).toBe(true);

    const page = await read('/');
    expect(page.headers['content-security-policy']).toMatch(/img-src 'self'/);
  });

  it('is not found under another name, another extension, or not stored at all', async () => {
    const { path } = (await upload(admin, png)).json<UploadedPicture>();
    for (const url of [
      path.replace(/\.png$/, '.jpg'),
      `/media/pictures/${'0'.repeat(64)}.png`,
      '/media/pictures/not-a-picture.png',
      `${path}.html`,
    ]) {
      const response = await read(url);
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe('an admin who uploaded a picture and deletes their account', () => {
  it('leaves the picture served, and its upload on record unnamed', async () => {
    const departing = await createAdmin(testApp.app, testApp.db);
    const webp = readFileSync('tests/support/media/course-picture.webp');
    const { path } = (await upload(departing, webp, 'image/webp')).json<UploadedPicture>();
    const deleted = await testApp
      .as(departing)
      .post('/api/account/delete', { password: TEST_PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const rows = await testApp.db
      .select({ uploadedBy: contentPictures.uploadedBy })
      .from(contentPictures)
      .where(eq(contentPictures.uploadedBy, departing.email));
    expect(rows).toEqual([]);
    const served = await read(path);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '../../shared/api/video.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { startFakeVimeoServer, type FakeVimeoServer } from '../testing/fake-vimeo-server.ts';
import { createEnrolledLearner, createUser } from '../testing/users.ts';

const TOKEN = 'vimeo-test-token';
const VIDEO_ID = '824804225';

let vimeo: FakeVimeoServer;
let withToken: TestApp;
let withoutToken: TestApp;
beforeAll(async () => {
  vimeo = await startFakeVimeoServer({
    token: TOKEN,
    videos: {
      [VIDEO_ID]: {
        name: 'What Energy Sovereignty Means',
        description: 'An intro.',
        duration: 781,
      },
    },
  });
  [withToken, withoutToken] = await Promise.all([
    buildTestApp({ VIMEO_ACCESS_TOKEN: TOKEN, VIMEO_API_BASE: vimeo.url }),
    buildTestApp({ VIMEO_API_BASE: vimeo.url }),
  ]);
});
afterAll(async () => {
  await Promise.all([withToken.close(), withoutToken.close()]);
  await vimeo.close();
});

const getVideo = (testApp: TestApp, cookie: string | undefined, id = VIDEO_ID) =>
  testApp.app.inject({
    method: 'GET',
    url: `/api/videos/${id}`,
    headers: cookie ? { cookie } : {},
  });

describe('GET /api/videos/:id', () => {
  it('reads name, description, duration and a picture link from Vimeo with the token, once', async () => {
    const learner = await createEnrolledLearner(withToken.app, withToken.db);
    vimeo.requests.length = 0;
    const response = await getVideo(withToken, learner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json<Video>()).toEqual({
      id: VIDEO_ID,
      title: 'What Energy Sovereignty Means',
      description: 'An intro.',
      duration: 781,
      thumbnail: `https://i.vimeocdn.com/video/${VIDEO_ID}-d_640x360?r=pad`,
      thumbnailLarge: `https://i.vimeocdn.com/video/${VIDEO_ID}-d_1280x720?r=pad`,
      embedUrl: expect.stringMatching(
        new RegExp(`^https://player\\.vimeo\\.com/video/${VIDEO_ID}\\?.*color=6366f1`),
      ),
      playUrl: `https://vimeo.com/${VIDEO_ID}`,
      source: 'vimeo',
    });
    expect(response.body).not.toContain(TOKEN);
    await getVideo(withToken, learner.cookie);
    expect(vimeo.requests).toEqual([`/videos/${VIDEO_ID}`]);
  });

  it('generates the metadata from the catalogue without a token, calling nobody', async () => {
    const learner = await createEnrolledLearner(withoutToken.app, withoutToken.db);
    vimeo.requests.length = 0;
    const response = await getVideo(withoutToken, learner.cookie);
    expect(response.json<Video>()).toMatchObject({
      id: VIDEO_ID,
      title: 'What Energy Sovereignty Means',
      duration: 780,
      thumbnail: null,
      source: 'generated',
    });
    expect(vimeo.requests).toEqual([]);
  });

  it('generates the metadata when Vimeo fails', async () => {
    const testApp = await buildTestApp({ VIMEO_ACCESS_TOKEN: TOKEN, VIMEO_API_BASE: vimeo.url });
    try {
      const learner = await createEnrolledLearner(testApp.app, testApp.db);
      vimeo.failWith(500);
      const response = await getVideo(testApp, learner.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json<Video>().source).toBe('generated');
    } finally {
      vimeo.failWith(null);
      await testApp.close();
    }
  });

  it('answers 401 without a session, 400 for an invalid id, 404 for a video not in the catalogue', async () => {
    expect((await getVideo(withToken, undefined)).statusCode).toBe(401);
    const learner = await createEnrolledLearner(withToken.app, withToken.db);
    for (const id of ['12345', 'abc123456']) {
      const response = await getVideo(withToken, learner.cookie, id);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().error.message).toContain('Invalid Video ID');
    }
    expect((await getVideo(withToken, learner.cookie, '111111111')).statusCode).toBe(404);
  });

  it('answers 403 to a learner without access to a course showing the video', async () => {
    const stranger = await createUser(withToken.app);
    const response = await getVideo(withToken, stranger.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe('Course Access Required');
  });
});

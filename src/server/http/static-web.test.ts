import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';

const INDEX_HTML = '<!doctype html><title>Sovereign Flame</title><div id="root"></div>';
const HOME_HTML = '<!doctype html><div id="root"><h1>Remember the fire</h1></div>';
const COURSES_HTML = '<!doctype html><div id="root"><h1>The Courses</h1></div>';
const COURSE_HTML = '<!doctype html><div id="root"><h1>Energy Sovereignty</h1></div>';
const LARGE_SCRIPT = 'export const flame = 1;\n'.repeat(2000);
let webDir: string;
let testApp: TestApp;

beforeAll(async () => {
  // The layout `vite build` writes into dist/web.
  webDir = mkdtempSync(path.join(tmpdir(), 'sf-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(webDir, 'assets', 'main-Cx81bZ2q.js'), 'console.log("flame")');
  writeFileSync(path.join(webDir, 'assets', 'main-Cx81bZ2q.js.map'), '{"version":3}');
  writeFileSync(path.join(webDir, 'assets', 'vendor-Ab12Cd34.js'), LARGE_SCRIPT);
  mkdirSync(path.join(webDir, 'prerendered'));
  writeFileSync(path.join(webDir, 'prerendered', 'home.html'), HOME_HTML);
  writeFileSync(path.join(webDir, 'prerendered', 'courses.html'), COURSES_HTML);
  writeFileSync(path.join(webDir, 'prerendered', 'course-energy-sovereignty.html'), COURSE_HTML);
  writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // inject() asks for localhost: the app's own address, so pages are served, not redirected.
  testApp = await buildTestApp({ APP_URL: 'http://localhost' }, { webDir });
});

afterAll(async () => {
  await testApp.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string) => testApp.app.inject({ method: 'GET', url });

describe('the built web app', () => {
  it("serves a course's rendered page at its address, and the shell for anything else", async () => {
    const page = await get('/courses/energy-sovereignty');
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(COURSE_HTML);
    for (const url of [
      '/courses/no-such-course',
      '/courses/energy-sovereignty?ref=mail',
      '/courses/..%2Fcourses',
    ]) {
      const shell = await get(url);
      expect(shell.statusCode, url).toBe(200);
      expect(shell.body, url).toBe(INDEX_HTML);
    }
  });

  it('serves hashed assets to be cached for a year', async () => {
    const response = await get('/assets/main-Cx81bZ2q.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("flame")');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('compresses what it sends to browsers that accept it', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/assets/vendor-Ab12Cd34.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload.length).toBeLessThan(LARGE_SCRIPT.length / 10);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(LARGE_SCRIPT);
  });

  it('serves other files to be revalidated', async () => {
    const response = await get('/favicon.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['/', HOME_HTML],
    ['/courses', COURSES_HTML],
  ])('answers the public page %s with its HTML rendered at build time', async (url, html) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(html);
  });

  it('compresses a rendered page for browsers that accept it', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(HOME_HTML);
  });

  it.each([
    '/dashboard',
    '/courses?level=core',
    '/shop',
    '/login?next=%2Fdashboard',
    '/reset-password?token=abc',
  ])('answers the client route %s with index.html, never stored', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toBe(INDEX_HTML);
  });

  it('keeps the source maps to itself', async () => {
    const response = await get('/assets/main-Cx81bZ2q.js.map');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('"version"');
  });

  it('answers a missing asset with 404, not with the page', async () => {
    const response = await get('/assets/main-gone1234.js');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it('answers an unknown API path with the JSON 404', async () => {
    const response = await get('/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'not_found', message: 'Not found: GET /api/no-such-thing' },
    });
  });

  it.each(['/', '/dashboard'])(
    'sends the page %s with the policy that lets it play Vimeo videos and video files, and no more',
    async (url) => {
      const response = await get(url);
      const policy = response.headers['content-security-policy'];
      expect(policy).toContain("default-src 'self'");
      expect(policy).toMatch(/frame-src https:\/\/player\.vimeo\.com(;|$)/);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toMatch(/connect-src 'self'(;|$)/);
      expect(policy).toMatch(/media-src https: blob:(;|$)/);
      expect(policy).not.toContain('stripe.com');
      expect(response.headers['permissions-policy']).toContain(
        'fullscreen=(self "https://player.vimeo.com")',
      );
      expect(response.headers['permissions-policy']).toContain('camera=()');
      expect(response.headers['permissions-policy']).not.toContain('bluetooth');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    },
  );

  it.each(['/api/health', '/api/no-such-thing'])(
    "sends the API answer %s with a policy that allows nothing, and not the pages' policy",
    async (url) => {
      const response = await get(url);
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['permissions-policy']).toContain('geolocation=()');
    },
  );

  it('answers a POST to a client route with 404', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/dashboard' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });
});

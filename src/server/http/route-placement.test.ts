import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { declaringFileOf } from './route-table.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

/** Decision 007: an admin view across features in `admin/`, a feature's own in `admin-*.routes.ts`. */
const isAdminRoutesFile = (file: string) =>
  file.startsWith('admin/') || /(^|\/)admin-[a-z-]+\.routes\.ts$/.test(file);

describe('where a route is declared', () => {
  it('is known for every route of the app', () => {
    const routes = testApp.app.routeTable.filter((route) => route.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((route) => !declaringFileOf(route)).map((route) => route.url)).toEqual([]);
  });

  it('is admin/ or an admin-*.routes.ts file for every /api/admin/ route', () => {
    const admin = testApp.app.routeTable.filter((route) => route.url.startsWith('/api/admin/'));
    expect(admin.length).toBeGreaterThan(30);
    const misplaced = admin.filter((route) => !isAdminRoutesFile(declaringFileOf(route) ?? ''));
    expect(
      misplaced.map((route) => `${String(route.method)} ${route.url} in ${declaringFileOf(route)}`),
    ).toEqual([]);
  });
});

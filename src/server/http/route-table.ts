import type { FastifyInstance, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as it was registered, schemas and hooks included: what tests walk. */
    routeTable: readonly RouteOptions[];
  }
}

const declaringFiles = new WeakMap<RouteOptions, string>();

/** The server file that declared a route (`admin/admin-users.routes.ts`), as its stack named it. */
export function declaringFileOf(route: RouteOptions): string | undefined {
  return declaringFiles.get(route);
}

/** Registered before the features, so that every route they add is recorded. */
export function recordRouteTable(app: FastifyInstance): void {
  const routes: RouteOptions[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    routes.push(route);
    const file = callingServerFile();
    if (file) declaringFiles.set(route, file);
  });
}

/** Fastify calls `onRoute` while the routes file is still on the stack, a few frames down. */
function callingServerFile(): string | undefined {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 40;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  return [...stack.matchAll(/\/src\/server\/([\w./-]+\.ts)/g)]
    .map((match) => match[1])
    .find((file) => file !== 'http/route-table.ts');
}

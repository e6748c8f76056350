import type { FastifyInstance, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as it was registered, schemas and hooks included: what tests walk. */
    routeTable: readonly RouteOptions[];
  }
}

/** Registered before the features, so that every route they add is recorded. */
export function recordRouteTable(app: FastifyInstance): void {
  const routes: RouteOptions[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
}

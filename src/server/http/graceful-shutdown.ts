import type { FastifyInstance } from 'fastify';

const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * On SIGINT, SIGTERM or SIGHUP: stop taking connections, let the requests in flight finish, run
 * the app's onClose hooks, then `closeAfterApp` (the database: onClose hooks run last-added first,
 * so one added here would close it before the hooks that still write), then exit 0, or 1 if
 * closing failed.
 */
export function closeGracefullyOnSignals(
  app: FastifyInstance,
  closeAfterApp: () => Promise<void>,
): void {
  let isClosing = false;
  // A keep-alive connection would hold the server open after its last answer until the client
  // drops it, which a browser may not do for minutes; an answer sent while closing ends it.
  // A callback, as app.ts asks of the hooks every request runs.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (isClosing) reply.header('connection', 'close');
    done(null, payload);
  });

  for (const signal of SHUTDOWN_SIGNALS) {
    process.on(signal, () => {
      if (isClosing) return;
      isClosing = true;
      app.log.info({ signal }, 'shutting down: finishing requests in flight');
      app
        .close()
        .then(closeAfterApp)
        .then(
          () => process.exit(0),
          (error: unknown) => {
            app.log.error({ err: error }, 'shutdown failed');
            process.exit(1);
          },
        );
    });
  }
}

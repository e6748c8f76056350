import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  notificationUnsubscribedSchema,
  notificationUnsubscribeQuerySchema,
} from '../../shared/api/account.ts';
import { turnOffNotificationSwitch } from '../users/users.ts';
import { readUnsubscribeToken, UNSUBSCRIBE_PAGE, UNSUBSCRIBE_ROUTE } from './lifecycle-mail.ts';

/**
 * One-click unsubscribe (RFC 8058) for the mails a learner's switches govern. A mail provider
 * POSTs `List-Unsubscribe=One-Click` to the link of the `List-Unsubscribe` header, with no
 * session: the signed token names the learner and the switch, which goes off. A GET (a reader
 * following the link, or a mail scanner) changes nothing: it leads to a page that asks first.
 */
export async function unsubscribeRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // The form body RFC 8058 prescribes; what it says is fixed, so it is read and set aside.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );

  routes.get(
    UNSUBSCRIBE_ROUTE,
    { schema: { querystring: notificationUnsubscribeQuerySchema } },
    async (request, reply) => {
      const query = new URLSearchParams({ token: request.query.token });
      return reply.redirect(`${UNSUBSCRIBE_PAGE}?${query}`, 303);
    },
  );

  routes.post(
    UNSUBSCRIBE_ROUTE,
    {
      schema: {
        querystring: notificationUnsubscribeQuerySchema,
        response: { 200: notificationUnsubscribedSchema },
      },
      bodyLimit: 1024,
    },
    async (request) => {
      const { userId, switchName } = readUnsubscribeToken(
        app.config.authSecret,
        request.query.token,
      );
      await turnOffNotificationSwitch(app.db, userId, switchName);
      app.log.info({ switch: switchName }, 'a notification switch was turned off by its mail link');
      return { unsubscribed: true as const, switch: switchName };
    },
  );
}

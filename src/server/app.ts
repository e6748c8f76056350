import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { constants as zlibConstants } from 'node:zlib';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createAuth, type Auth } from './auth/auth.ts';
import { accessRoutes } from './access/access.routes.ts';
import { adminEnrollmentRoutes } from './admin/admin-enrollments.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import type { Catalogue } from './catalogue/catalogue.ts';
import { catalogueRoutes } from './catalogue/catalogue.routes.ts';
import { loadCatalogue } from './catalogue/load-catalogue.ts';
import type { Config } from './config.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { isDatabaseUp, type DatabaseConnection, type Database } from './db/client.ts';
import { registerErrorHandling } from './http/errors.ts';
import { serveWebApp } from './http/static-web.ts';
import { learningRoutes } from './learning/learning.routes.ts';
import { createMailer, type Mailer } from './mail/send-mail.ts';
import { assessmentsRoutes } from './marketing/assessments.routes.ts';
import { legalPagesRoutes } from './marketing/legal-pages.routes.ts';
import { newsletterRoutes } from './marketing/newsletter.routes.ts';
import { paymentsRoutes } from './payments/payments.routes.ts';
import { videoRoutes } from './video/video.routes.ts';
import { createVideoLibrary, type VideoLibrary } from './video/vimeo.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    auth: Auth;
    catalogue: Catalogue;
    mailer: Mailer;
    videos: VideoLibrary;
  }
}

const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(
  config: Config,
  database: DatabaseConnection,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const mailer = createMailer(config.mail, database.db, app.log);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('mailer', mailer);
  app.decorate('catalogue', await loadCatalogue(config.contentDir));
  app.decorate('auth', createAuth(config, database.db, mailer, app.log));
  app.decorate('videos', createVideoLibrary(config.vimeo, app.log));
  app.decorateRequest('user', null as never);
  app.addHook('onClose', async () => mailer.close());

  // Brotli at a middling quality: close to the best ratio at a fraction of the CPU.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(helmet, { contentSecurityPolicy: { directives: contentSecurityPolicy } });

  app.get('/api/health', async (_request, reply) => {
    const isUp = await isDatabaseUp(database.pool);
    return reply
      .status(isUp ? 200 : 503)
      .send({ status: isUp ? 'ok' : 'degraded', database: isUp ? 'up' : 'down' });
  });

  // Features, one line each.
  await app.register(authRoutes, { auth: app.auth });
  await app.register(legalPagesRoutes);
  await app.register(assessmentsRoutes);
  await app.register(newsletterRoutes);
  await app.register(catalogueRoutes);
  await app.register(accessRoutes);
  await app.register(paymentsRoutes);
  await app.register(videoRoutes);
  await app.register(learningRoutes);
  await app.register(dashboardRoutes);
  await app.register(adminEnrollmentRoutes);

  await serveWebApp(app, config.webDir);
  return app;
}

/** What the pages may load: our own files, Vimeo players and thumbnails, Stripe. */
const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", 'https://js.stripe.com', 'https://player.vimeo.com'],
  frameSrc: ['https://player.vimeo.com', 'https://js.stripe.com', 'https://checkout.stripe.com'],
  imgSrc: ["'self'", 'data:', 'https://i.vimeocdn.com', 'https://*.stripe.com'],
  connectSrc: ["'self'", 'https://api.stripe.com'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  fontSrc: ["'self'", 'data:'],
  formAction: ["'self'", 'https://checkout.stripe.com'],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  upgradeInsecureRequests: null,
};

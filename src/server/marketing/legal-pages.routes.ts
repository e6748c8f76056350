import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  contactSchema,
  legalPageParamsSchema,
  legalPageSchema,
} from '../../shared/api/marketing.ts';
import { readLegalPages } from './read-legal-pages.ts';

/** The site's own pages and facts: the legal pages and the operator's contact address. */
export async function legalPagesRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const pages = await readLegalPages(app.config.contentDir, app.config.contactEmail);
  routes.get(
    '/api/pages/:page',
    { schema: { params: legalPageParamsSchema, response: { 200: legalPageSchema } } },
    async (request) => ({ markdown: pages[request.params.page] }),
  );

  routes.get('/api/contact', { schema: { response: { 200: contactSchema } } }, async () => ({
    contactEmail: app.config.contactEmail ?? null,
    socialProfiles: app.config.socialProfiles,
  }));
}

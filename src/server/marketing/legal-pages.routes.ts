import type { FastifyInstance } from 'fastify';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const legalPageParams = z.object({ page: z.enum(['terms', 'privacy']) });

/** Terms and privacy text: one markdown file each in content/pages, edited by the operator. */
export async function legalPagesRoutes(app: FastifyInstance) {
  const pages = {
    terms: await readFile(path.join(app.config.contentDir, 'pages/terms.md'), 'utf8'),
    privacy: await readFile(path.join(app.config.contentDir, 'pages/privacy.md'), 'utf8'),
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/pages/:page', { schema: { params: legalPageParams } }, async (request) => ({
      markdown: pages[request.params.page],
    }));
}

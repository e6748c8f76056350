import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminUserDetailSchema,
  adminUserSchema,
  userListQuerySchema,
  userListSchema,
  userParamsSchema,
  userReflectionsSchema,
  userSearchQuerySchema,
} from '../../shared/api/admin.ts';
import { requireAdmin } from '../http/guards.ts';
import { readReflectionsAsAdmin } from '../learning/reflection-reads.ts';
import { getAdminUserDetail, listAdminUsers, searchUserByEmail } from './get-user-detail.ts';
import { requireUserRecord } from './require-user-record.ts';

/** An admin finds users and reads one user's details, access and audit trail. */
export async function adminUsersRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/user-search',
    {
      preValidation: requireAdmin,
      schema: { querystring: userSearchQuerySchema, response: { 200: adminUserSchema } },
    },
    async (request) => searchUserByEmail(app, request.query.email),
  );

  routes.get(
    '/api/admin/users',
    {
      preValidation: requireAdmin,
      schema: { querystring: userListQuerySchema, response: { 200: userListSchema } },
    },
    async (request) => listAdminUsers(app, request.query),
  );

  routes.get(
    '/api/admin/users/:userId',
    {
      preValidation: requireAdmin,
      schema: { params: userParamsSchema, response: { 200: adminUserDetailSchema } },
    },
    async (request) => getAdminUserDetail(app, request.params.userId),
  );

  routes.get(
    '/api/admin/users/:userId/reflections',
    {
      preValidation: requireAdmin,
      schema: { params: userParamsSchema, response: { 200: userReflectionsSchema } },
    },
    async (request) => {
      const user = await requireUserRecord(app.db, request.params.userId);
      const reflections = await readReflectionsAsAdmin(app, {
        userId: user.id,
        reader: request.user,
      });
      return { reflections };
    },
  );
}

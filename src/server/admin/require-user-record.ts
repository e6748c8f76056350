import { adminMessages } from '../../shared/rules/admin.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { findUserById, type UserRecord } from '../users/find-users.ts';

export async function requireUserRecord(db: Database, userId: string): Promise<UserRecord> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('not_found', adminMessages.userNotFound);
  return user;
}

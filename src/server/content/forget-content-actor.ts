import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import {
  contentChanges,
  contentPictures,
  contentProducts,
  courseDrafts,
  courseVersions,
} from '../db/schema/content.ts';

const DELETED_ADMIN = 'a deleted admin account';

/** Before an admin's account is deleted: their edits stay on record, unnamed. */
export async function forgetContentActor(
  tx: Executor,
  actor: { id: string; email: string },
): Promise<void> {
  await tx
    .update(contentChanges)
    .set({ actorId: 'deleted account', actorEmail: DELETED_ADMIN })
    .where(eq(contentChanges.actorId, actor.id));
  await tx
    .update(courseDrafts)
    .set({ updatedBy: DELETED_ADMIN })
    .where(eq(courseDrafts.updatedBy, actor.email));
  await tx
    .update(courseVersions)
    .set({ publishedBy: DELETED_ADMIN })
    .where(eq(courseVersions.publishedBy, actor.email));
  await tx
    .update(contentProducts)
    .set({ updatedBy: DELETED_ADMIN })
    .where(eq(contentProducts.updatedBy, actor.email));
  await tx
    .update(contentPictures)
    .set({ uploadedBy: DELETED_ADMIN })
    .where(eq(contentPictures.uploadedBy, actor.email));
}

import type { AdminTraces } from '../db/forget-admin.ts';
import {
  contentChanges,
  contentPictures,
  contentProducts,
  courseDrafts,
  courseVersions,
} from '../db/schema/content.ts';

/** Where the programme names the admins who wrote it: their edits stay on record, unnamed. */
export const contentAdminTraces: AdminTraces = {
  logs: [{ table: contentChanges, id: contentChanges.actorId, email: contentChanges.actorEmail }],
  signatures: [
    { table: courseDrafts, email: courseDrafts.updatedBy },
    { table: courseVersions, email: courseVersions.publishedBy },
    { table: contentProducts, email: contentProducts.updatedBy },
    { table: contentPictures, email: contentPictures.uploadedBy },
  ],
};

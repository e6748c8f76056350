import { z } from 'zod';
import { accessTypes, purchaseTypes, userTiers } from '../rules/access.ts';

export const courseAccessSchema = z.object({
  courseId: z.string(),
  title: z.string(),
  accessType: z.enum(accessTypes),
  purchaseType: z.enum(purchaseTypes).nullable(),
  enrolledAt: z.string().nullable(),
  /** null with an enrollment means it never expires. */
  expiresAt: z.string().nullable(),
  progress: z.number().int().min(0).max(100),
  completed: z.boolean(),
  /** Included in a paid bundle, opening when the course is released. */
  opensOnRelease: z.boolean(),
});
export type CourseAccess = z.infer<typeof courseAccessSchema>;

export const myAccessResponseSchema = z.object({
  tier: z.enum(userTiers),
  courses: z.array(courseAccessSchema),
});
export type MyAccessResponse = z.infer<typeof myAccessResponseSchema>;

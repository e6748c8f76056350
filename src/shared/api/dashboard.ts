import { z } from 'zod';
import { courseAccessSchema, myAccessResponseSchema } from './access.ts';
import { courseLevels } from '../rules/catalogue.ts';

const dashboardCourseSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  level: z.enum(courseLevels),
  thumbnail: z.string().optional(),
  moduleCount: z.number().int(),
  lessonCount: z.number().int(),
  comingSoon: z.boolean(),
  access: courseAccessSchema.pick({
    accessType: true,
    purchaseType: true,
    expiresAt: true,
    opensOnRelease: true,
  }),
  /** Percent of the course's lessons completed. */
  progress: z.number().int().min(0).max(100),
  completedLessons: z.number().int().nonnegative(),
  /** Started: a lesson completed or a video played. */
  hasStarted: z.boolean(),
  /** The first open lesson not completed yet, else the first lesson. */
  nextLesson: z.object({ moduleId: z.string(), lessonId: z.string(), title: z.string() }),
  /** Paced release: the modules not open yet for this learner, with when each opens. */
  lockedModules: z.array(
    z.object({
      moduleId: z.string(),
      title: z.string(),
      opensAt: z.string(),
      /** The day it opens (YYYY-MM-DD) in the creator's time zone. */
      opensOn: z.string(),
    }),
  ),
});
export type DashboardCourse = z.infer<typeof dashboardCourseSchema>;

const recentlyWatchedSchema = z.object({
  courseId: z.string(),
  courseTitle: z.string(),
  moduleId: z.string(),
  lessonId: z.string(),
  lessonTitle: z.string(),
  percent: z.number().int().min(0).max(100),
  watched: z.boolean(),
  lastWatchedAt: z.string(),
});
export type RecentlyWatched = z.infer<typeof recentlyWatchedSchema>;

const achievementIds = [
  'first-reflection',
  'first-lesson',
  'first-module',
  'first-course',
] as const;

export const achievementSchema = z.object({
  id: z.enum(achievementIds),
  title: z.string(),
  description: z.string(),
  /** null until earned. */
  earnedAt: z.string().nullable(),
});
export type Achievement = z.infer<typeof achievementSchema>;

/** The learner's dashboard in one answer: every course with access and progress, and their activity. */
export const dashboardSchema = z.object({
  tier: myAccessResponseSchema.shape.tier,
  /** Whether 'Manage Billing' has anything to show: a payment account, not only a tier. */
  canManageBilling: z.boolean(),
  courses: z.array(dashboardCourseSchema),
  recentlyWatched: z.array(recentlyWatchedSchema),
  achievements: z.array(achievementSchema),
  communityUrl: z.string().nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

import type { FastifyInstance } from 'fastify';
import type { Availability, AvailabilityResponse } from '../../shared/api/sessions.ts';
import {
  instantToLocalDateTime,
  localDateTimeToInstant,
  type SlotRules,
} from '../../shared/rules/session-slots.ts';
import type { Executor } from '../db/client.ts';
import { sessionSettings } from '../db/schema/sessions.ts';

export type StoredAvailability = typeof sessionSettings.$inferSelect;

/** Until the creator saves their own: weekday afternoons, hour-long sessions. */
const defaultAvailability: Omit<StoredAvailability, 'updatedAt'> = {
  id: 1,
  weeklyHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '13:00', end: '17:00' })),
  blocks: [],
  sessionMinutes: 60,
  bufferMinutes: 15,
  noticeHours: 24,
  horizonDays: 60,
  rescheduleCutoffHours: 24,
  defaultMeetingUrl: null,
};

export type SaleRequirement = 'hours' | 'meetingLink';

/**
 * What the creator still has to save before sessions go on sale (issue 34): their own opening
 * hours, not the defaults, and a meeting link, so nobody pays €222 for a call with no way in.
 */
export function missingForSale(stored: StoredAvailability): SaleRequirement[] {
  const isSaved = stored.updatedAt.getTime() > 0 && stored.weeklyHours.length > 0;
  return [
    ...(isSaved ? [] : (['hours'] as const)),
    ...(stored.defaultMeetingUrl ? [] : (['meetingLink'] as const)),
  ];
}

export async function getAvailability(db: Executor): Promise<StoredAvailability> {
  const [stored] = await db.select().from(sessionSettings);
  return stored ?? { ...defaultAvailability, updatedAt: new Date(0) };
}

/** The admin panel's form: blocks on the creator's clock. */
export async function readAvailabilityForAdmin(
  app: FastifyInstance,
): Promise<AvailabilityResponse> {
  const stored = await getAvailability(app.db);
  const timeZone = app.config.sessions.creatorTimeZone;
  return {
    timeZone,
    weeklyHours: stored.weeklyHours,
    blocks: stored.blocks.map((block) => ({
      startsAt: instantToLocalDateTime(new Date(block.startsAt), timeZone),
      endsAt: instantToLocalDateTime(new Date(block.endsAt), timeZone),
    })),
    sessionMinutes: stored.sessionMinutes,
    bufferMinutes: stored.bufferMinutes,
    noticeHours: stored.noticeHours,
    horizonDays: stored.horizonDays,
    rescheduleCutoffHours: stored.rescheduleCutoffHours,
    defaultMeetingUrl: stored.defaultMeetingUrl ?? '',
    missingForSale: missingForSale(stored),
  };
}

/** Saves the whole form; blocks are stored as UTC instants. Sessions already booked stay. */
export async function saveAvailability(
  app: FastifyInstance,
  input: Availability,
): Promise<AvailabilityResponse> {
  const timeZone = app.config.sessions.creatorTimeZone;
  const values = {
    weeklyHours: input.weeklyHours,
    blocks: input.blocks.map((block) => ({
      startsAt: localDateTimeToInstant(block.startsAt, timeZone).toISOString(),
      endsAt: localDateTimeToInstant(block.endsAt, timeZone).toISOString(),
    })),
    sessionMinutes: input.sessionMinutes,
    bufferMinutes: input.bufferMinutes,
    noticeHours: input.noticeHours,
    horizonDays: input.horizonDays,
    rescheduleCutoffHours: input.rescheduleCutoffHours,
    defaultMeetingUrl: input.defaultMeetingUrl || null,
    updatedAt: new Date(),
  };
  await app.db
    .insert(sessionSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: sessionSettings.id, set: values });
  return readAvailabilityForAdmin(app);
}

export function slotRulesOf(stored: StoredAvailability, timeZone: string): SlotRules {
  return {
    timeZone,
    weeklyHours: stored.weeklyHours,
    blocks: stored.blocks.map((block) => ({
      startsAt: new Date(block.startsAt),
      endsAt: new Date(block.endsAt),
    })),
    sessionMinutes: stored.sessionMinutes,
    bufferMinutes: stored.bufferMinutes,
    noticeHours: stored.noticeHours,
    horizonDays: stored.horizonDays,
  };
}

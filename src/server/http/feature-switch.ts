import type { preHandlerAsyncHookHandler } from 'fastify';
import { settingsMessages, type FeatureName } from '../../shared/rules/settings.ts';
import { AppError } from './errors.ts';

/** The refusal of each feature an admin can switch off whose routes then refuse to act. */
const switchedOffMessages = {
  assessments: settingsMessages.assessmentsOff,
  courses: settingsMessages.coursesOff,
} satisfies Partial<Record<FeatureName, string>>;

/** A route of a feature the admin switched off in the platform settings answers 403. */
export function requireFeatureOn(
  feature: keyof typeof switchedOffMessages,
): preHandlerAsyncHookHandler {
  return async (request) => {
    if (request.server.settings.current().features[feature]) return;
    throw new AppError('forbidden', switchedOffMessages[feature]);
  };
}

import type { SessionUser } from '../../shared/api/auth.ts';
import type { CustomerSubscriptionsResponse } from '../../shared/api/payments.ts';
import { purchaseMessages } from '../../shared/rules/purchase.ts';
import { getCourseAccessType } from '../access/course-access.ts';
import { AppError } from '../http/errors.ts';
import { requireSelfOrAdmin } from '../http/guards.ts';
import { findUserIdByStripeCustomerId, getRole, getStripeCustomerId } from '../users/users.ts';
import type { PaymentsContext } from './payments-context.ts';
import { listUserPaymentPlans } from './payment-plans.ts';
import { listUserSubscriptions } from './subscriptions.ts';

/** The caller's subscriptions; an admin may ask for another customer's. */
export async function listCustomerSubscriptions(
  context: PaymentsContext,
  user: SessionUser,
  customerId: string | undefined,
): Promise<CustomerSubscriptionsResponse> {
  const { db } = context.app;
  if (customerId && !(await isOwnCustomer(context, user, customerId))) {
    const ownerId = await findUserIdByStripeCustomerId(db, customerId);
    requireSelfOrAdmin(user, ownerId);
    return {
      subscriptions: await listUserSubscriptions(db, { customerId }),
      plansAtRisk: ownerId ? await listPlansAtRisk(db, ownerId) : [],
    };
  }
  return {
    subscriptions: await listUserSubscriptions(db, { userId: user.id }),
    plansAtRisk: await listPlansAtRisk(db, user.id),
  };
}

/** A plan's later payment left unpaid shows the same notice as a renewal's (decision 038). */
async function listPlansAtRisk(db: PaymentsContext['app']['db'], userId: string) {
  const plans = await listUserPaymentPlans(db, userId);
  return plans.filter((plan) => plan.status === 'active' && plan.graceEndsAt !== null);
}

/** Whether the caller (or, for an admin, the owner of the named customer) may open a course. */
export async function checkCourseAccess(
  context: PaymentsContext,
  user: SessionUser,
  request: { courseId: string; customerId?: string | undefined },
): Promise<{ hasAccess: boolean }> {
  const { app } = context;
  if (!app.catalogue.getCourse(request.courseId)) {
    throw new AppError('bad_request', purchaseMessages.courseNotFound(request.courseId));
  }
  let subject: Pick<SessionUser, 'id' | 'role'> = user;
  if (request.customerId && !(await isOwnCustomer(context, user, request.customerId))) {
    const userId = await findUserIdByStripeCustomerId(app.db, request.customerId);
    requireSelfOrAdmin(user, userId);
    if (!userId) return { hasAccess: false };
    subject = { id: userId, role: await getRole(app.db, userId) };
  }
  return { hasAccess: (await getCourseAccessType(app, subject, request.courseId)) !== 'none' };
}

async function isOwnCustomer(context: PaymentsContext, user: SessionUser, customerId: string) {
  return (await getStripeCustomerId(context.app.db, user.id)) === customerId;
}

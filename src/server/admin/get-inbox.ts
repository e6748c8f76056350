import type { FastifyInstance } from 'fastify';
import type { Inbox, InboxKind, InboxState } from '../../shared/api/inbox.ts';
import {
  countNewAssessments,
  listAssessmentItems,
  setAssessmentState,
} from '../marketing/assessments.ts';
import {
  countNewRefundRequests,
  listRefundRequestItems,
  setRefundRequestState,
} from '../payments/refund-requests.ts';

/** The creator's Inbox: assessments and refund requests together, newest first. */
export async function getInbox(
  app: FastifyInstance,
  { state }: { state?: InboxState },
): Promise<Inbox> {
  const [assessments, refundRequests, newCount] = await Promise.all([
    listAssessmentItems(app.db, { state }),
    listRefundRequestItems(app.db, { state }),
    countNewInboxItems(app),
  ]);
  const items = [...assessments, ...refundRequests].sort((a, b) =>
    b.createdAt.localeCompare(a.createdAt),
  );
  return { items, newCount };
}

/** What no admin has looked at yet: the overview shows it. */
export async function countNewInboxItems(app: FastifyInstance): Promise<number> {
  const counts = await Promise.all([countNewAssessments(app.db), countNewRefundRequests(app.db)]);
  return counts.reduce((sum, count) => sum + count, 0);
}

export async function setInboxItemState(
  app: FastifyInstance,
  { kind, id }: { kind: InboxKind; id: string },
  state: InboxState,
) {
  return kind === 'assessment'
    ? setAssessmentState(app.db, id, state)
    : setRefundRequestState(app.db, id, state);
}

import type { FastifyInstance } from 'fastify';
import type { Inbox, InboxItem, InboxKind, InboxState } from '../../shared/api/inbox.ts';
import {
  countNewAssessments,
  listAssessmentItems,
  setAssessmentState,
} from '../marketing/assessments.ts';
import {
  countNewContactMessages,
  listContactMessageItems,
  setContactMessageState,
} from '../marketing/contact-messages.ts';
import {
  countNewRefundRequests,
  listRefundRequestItems,
  setRefundRequestState,
} from '../payments/refund-requests.ts';

/** The creator's Inbox: assessments, refund requests and contact messages, newest first. */
export async function getInbox(
  app: FastifyInstance,
  { state }: { state?: InboxState },
): Promise<Inbox> {
  const [assessments, refundRequests, contactMessages, newCount] = await Promise.all([
    listAssessmentItems(app.db, { state }),
    listRefundRequestItems(app.db, { state }),
    listContactMessageItems(app.db, { state }),
    countNewInboxItems(app),
  ]);
  const items = [...assessments, ...refundRequests, ...contactMessages].sort((a, b) =>
    b.createdAt.localeCompare(a.createdAt),
  );
  return { items, newCount };
}

/** What no admin has looked at yet: the overview shows it. */
export async function countNewInboxItems(app: FastifyInstance): Promise<number> {
  const counts = await Promise.all([
    countNewAssessments(app.db),
    countNewRefundRequests(app.db),
    countNewContactMessages(app.db),
  ]);
  return counts.reduce((sum, count) => sum + count, 0);
}

const setStateOf: Record<
  InboxKind,
  (db: FastifyInstance['db'], id: string, state: InboxState) => Promise<InboxItem>
> = {
  assessment: setAssessmentState,
  'refund-request': setRefundRequestState,
  'contact-message': setContactMessageState,
};

export async function setInboxItemState(
  app: FastifyInstance,
  { kind, id }: { kind: InboxKind; id: string },
  state: InboxState,
) {
  return setStateOf[kind](app.db, id, state);
}

import type { FastifyInstance } from 'fastify';
import type { GoLiveItem } from '../../shared/api/admin.ts';
import { getAvailability, missingForSale } from '../sessions/availability.ts';

/**
 * What a creator sets up before selling (issue 34): real payments, real mail, an address
 * learners can write to, a helpline number for the companion's safety answer, and the session
 * hours and meeting link without which sessions are not offered for sale.
 */
export async function getGoLiveChecklist(app: FastifyInstance): Promise<GoLiveItem[]> {
  const { config } = app;
  const sessionsMissing = missingForSale(await getAvailability(app.db));
  return [
    { item: 'payments', isReady: config.paymentMode === 'live' },
    { item: 'mail', isReady: config.mail.mode === 'smtp' },
    { item: 'contactEmail', isReady: Boolean(config.contactEmail) },
    { item: 'helplinePhone', isReady: Boolean(config.companion.helplinePhone) },
    { item: 'sessions', isReady: sessionsMissing.length === 0 },
  ];
}

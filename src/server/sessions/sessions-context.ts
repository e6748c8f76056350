import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../shared/api/auth.ts';
import type { Product } from '../../shared/api/catalogue.ts';

/** What the sessions feature asks of payments, wired in app.ts (the features never import each other). */
export interface SessionsOptions {
  startCheckout: (
    user: SessionUser,
    input: { product: Product; successPath: string; cancelPath: string; expiresAt: Date },
  ) => Promise<{ id: string; url: string; isTestPayment: boolean }>;
  /** Refunds a paid checkout in full; answers whether money went back. */
  refundCheckout: (checkoutId: string) => Promise<boolean>;
}

export interface SessionsContext extends SessionsOptions {
  app: FastifyInstance;
}

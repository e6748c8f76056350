import { z } from 'zod';
import type { Selection } from './purchase-selection.ts';

/**
 * A signed-out visitor's order, kept in this tab while they sign in or register, so the shop can
 * show it again. Only what the form showed: no price, no account data.
 */
export interface PendingOrder {
  selection: Selection;
  name: string;
  email: string;
  message: string;
}

const STORAGE_KEY = 'sovereign-flame.pending-order';

const pendingOrderSchema = z.object({
  selection: z.object({ isBundle: z.boolean(), courseIds: z.array(z.string()).max(20) }),
  name: z.string().max(200),
  email: z.string().max(320),
  message: z.string().max(2000),
});

export function keepPendingOrder(order: PendingOrder): void {
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(order));
}

export function readPendingOrder(): PendingOrder | null {
  try {
    const result = pendingOrderSchema.safeParse(
      JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null'),
    );
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

export function forgetPendingOrder(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}

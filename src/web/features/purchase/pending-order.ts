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

/** Longest a field may be read back: the form's own bounds. */
const bounds = { name: 200, email: 320, message: 2000, courseIds: 20 };

const isText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max;

/**
 * Read by hand, not by a schema: the shop reads it as it renders, and a schema would bring the
 * form checks' library with the page (decision 044).
 */
function asPendingOrder(value: unknown): PendingOrder | null {
  if (typeof value !== 'object' || value === null) return null;
  const { selection, name, email, message } = value as Record<string, unknown>;
  if (typeof selection !== 'object' || selection === null) return null;
  const { isBundle, courseIds } = selection as Record<string, unknown>;
  const isSelection =
    typeof isBundle === 'boolean' &&
    Array.isArray(courseIds) &&
    courseIds.length <= bounds.courseIds &&
    courseIds.every((id) => typeof id === 'string');
  if (!isSelection) return null;
  if (!isText(name, bounds.name) || !isText(email, bounds.email)) return null;
  if (!isText(message, bounds.message)) return null;
  return { selection: { isBundle, courseIds: courseIds as string[] }, name, email, message };
}

export function keepPendingOrder(order: PendingOrder): void {
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(order));
}

export function readPendingOrder(): PendingOrder | null {
  try {
    return asPendingOrder(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null'));
  } catch {
    return null;
  }
}

export function forgetPendingOrder(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}

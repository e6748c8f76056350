import { useMutation } from '@tanstack/react-query';
import {
  checkoutMessages,
  type CheckoutSessionResponse,
  type CreateCheckoutSessionRequest,
} from '../../../../shared/api/payments.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function useCreateCheckoutSession() {
  return useMutation({
    mutationFn: (request: CreateCheckoutSessionRequest) =>
      apiRequest<CheckoutSessionResponse>('/api/create-checkout-session', { body: request }),
  });
}

/** Spec 1 §8: the server error body's message, else 'Failed to create checkout session'. */
export function checkoutErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.code !== 'unknown'
    ? error.message
    : checkoutMessages.failed;
}

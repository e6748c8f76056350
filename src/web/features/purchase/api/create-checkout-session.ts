import { useMutation } from '@tanstack/react-query';
import type {
  CheckoutSessionResponse,
  CreateCheckoutSessionRequest,
} from '../../../../shared/api/payments.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function useCreateCheckoutSession() {
  return useMutation({
    mutationFn: (request: CreateCheckoutSessionRequest) =>
      apiRequest<CheckoutSessionResponse>('/api/create-checkout-session', { body: request }),
  });
}

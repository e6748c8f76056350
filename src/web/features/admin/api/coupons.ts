import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Coupon, CouponInput, Coupons } from '../../../../shared/api/coupons.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useFreshSecondFactor } from '../../../lib/fresh-second-factor.tsx';

const couponsQueryKey = ['admin', 'coupons'] as const;

export function useCoupons() {
  return useQuery({
    queryKey: couponsQueryKey,
    queryFn: ({ signal }) => apiRequest<Coupons>('/api/admin/coupons', { signal }),
  });
}

/** Makes a code, or changes one (with its id): both ask for a fresh authenticator code. */
export function useSaveCoupon() {
  const queryClient = useQueryClient();
  const withFreshSecondFactor = useFreshSecondFactor();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: CouponInput }) =>
      withFreshSecondFactor(() =>
        id
          ? apiRequest<Coupon>(`/api/admin/coupons/${encodeURIComponent(id)}`, {
              method: 'PUT',
              body: input,
            })
          : apiRequest<Coupon>('/api/admin/coupons', { body: input }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsQueryKey }),
  });
}

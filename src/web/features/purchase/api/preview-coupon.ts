import { useMutation } from '@tanstack/react-query';
import type { CouponPreview, CouponPreviewRequest } from '../../../../shared/api/coupons.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The order's price with a code, as checkout will take it (the server prices it). */
export function usePreviewCoupon() {
  return useMutation({
    mutationFn: (request: CouponPreviewRequest) =>
      apiRequest<CouponPreview>('/api/checkout/coupon-preview', { body: request }),
  });
}

import { useState, type KeyboardEvent } from 'react';
import type { CouponPreview } from '../../../../shared/api/coupons.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { usePreviewCoupon } from '../api/preview-coupon.ts';

interface CouponFieldProps {
  productIds: string[];
  applied: CouponPreview | null;
  onApplied: (preview: CouponPreview | null) => void;
}

/** "Have a code?": the code is checked against the order now, and its new price shown. */
export function CouponField({ productIds, applied, onApplied }: CouponFieldProps) {
  const [isOpen, setIsOpen] = useState(applied !== null);
  const [code, setCode] = useState(applied?.code ?? '');
  const preview = usePreviewCoupon();

  const apply = () => {
    onApplied(null);
    if (code.trim() === '') return;
    preview.mutate({ productIds, code }, { onSuccess: onApplied });
  };
  // Enter in the code field applies the code; it does not send the order.
  const applyOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    apply();
  };

  if (!isOpen) {
    return (
      <button
        type="button"
        onClick={() => setIsOpen(true)}
        className="mt-2 text-sm font-medium text-flame-700 underline-offset-2 hover:underline"
      >
        Have a code?
      </button>
    );
  }
  return (
    <div className="mt-3 space-y-2">
      <div className="flex items-end gap-2">
        <TextField
          label="Discount code"
          className="grow"
          autoComplete="off"
          maxLength={40}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onKeyDown={applyOnEnter}
        />
        <Button
          type="button"
          variant="secondary"
          onClick={apply}
          disabled={preview.isPending || productIds.length === 0}
        >
          Apply
        </Button>
      </div>
      {preview.isError && (
        <ErrorAlert error={preview.error} fallback="The code could not be checked." />
      )}
    </div>
  );
}

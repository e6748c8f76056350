import { useState } from 'react';
import { notify } from '../../../lib/notify.ts';
import { formatEuros } from '../../../../shared/rules/pricing.ts';
import { betaMessages } from '../../../../shared/rules/beta.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { creditLabelOf, useBundleOffer } from '../../../lib/bundle-offer.ts';
import { useCatalogue } from '../../../lib/catalogue.ts';
import { useStartUpgrade } from '../api/start-upgrade.ts';
import { ApiError, isWorthRetrying, messageOf } from '../../../lib/api-client.ts';

export interface UpgradeModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The beta courses, preselected; empty: every course. */
  betaCourseIds: readonly string[];
}

/** Upgrade from beta to paid: a checkout for the chosen courses or the bundle. */
export function UpgradeModal({ open, onOpenChange, betaCourseIds }: UpgradeModalProps) {
  const catalogue = useCatalogue();
  const offer = useBundleOffer({ enabled: open });
  const creditLabel = creditLabelOf(offer.data);
  const upgrade = useStartUpgrade();
  const saleable = catalogue.data?.courses.filter((course) => !course.product.comingSoon) ?? [];
  const [isBundle, setIsBundle] = useState(betaCourseIds.length === 0);
  const [chosen, setChosen] = useState<string[]>(() => [...betaCourseIds]);
  const [error, setError] = useState('');
  const selected = saleable.filter((course) => chosen.includes(course.id));

  const toggle = (courseId: string, isChecked: boolean) =>
    setChosen((current) =>
      isChecked ? [...current, courseId] : current.filter((id) => id !== courseId),
    );

  const startCheckout = () => {
    setError('');
    const productIds = isBundle
      ? [catalogue.data!.bundle.id]
      : selected.map((course) => course.product.id);
    if (productIds.length === 0) {
      setError('Please select at least one course');
      return;
    }
    upgrade.mutate(
      { productIds, isBundle },
      {
        onSuccess: ({ url }) => {
          notify.site.success(betaMessages.redirecting);
          window.location.assign(url);
        },
        onError: (failure) => {
          // A refusal with a reason (an unconfirmed address, say) is not helped by trying again.
          if (!isWorthRetrying(failure)) {
            return setError(messageOf(failure, betaMessages.tryLater));
          }
          notify.site.error(betaMessages.processUpgradeFailed);
          setError(
            failure instanceof ApiError && failure.status >= 500
              ? betaMessages.upgradeFailed
              : betaMessages.tryLater,
          );
        },
      },
    );
  };

  return (
    <Dialog
      title="Upgrade to Paid Access"
      description="Keep your courses for 12 months from the payment: buy the complete bundle or the courses you choose. Your beta access to them ends when the payment completes."
      open={open}
      onOpenChange={onOpenChange}
      width="lg"
      hasCloseButton
    >
      {catalogue.data && (
        <fieldset className="mt-4 space-y-3">
          <legend className="sr-only">What to buy</legend>
          <CheckboxField
            label={`${catalogue.data.bundle.name} (${formatEuros(offer.data?.totalCents ?? catalogue.data.bundle.priceCents)})`}
            checked={isBundle}
            onChange={(event) => setIsBundle(event.target.checked)}
          />
          {creditLabel && (
            <p className="ml-6 text-sm font-semibold text-green-800">
              {formatEuros(offer.data!.bundleCents)} less {formatEuros(offer.data!.creditCents)}:{' '}
              {creditLabel}
            </p>
          )}
          {saleable.map((course) => (
            <CheckboxField
              key={course.id}
              className="ml-6"
              label={`${course.title} (${formatEuros(course.product.priceCents)})`}
              checked={isBundle || chosen.includes(course.id)}
              disabled={isBundle}
              onChange={(event) => toggle(course.id, event.target.checked)}
            />
          ))}
        </fieldset>
      )}
      {error && (
        <div className="mt-4">
          <ErrorAlert>{error}</ErrorAlert>
        </div>
      )}
      <div className="mt-6 flex justify-end gap-3">
        <DialogClose>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button onClick={startCheckout} disabled={upgrade.isPending || !catalogue.data}>
          {upgrade.isPending ? 'Processing...' : 'Continue to Checkout'}
        </Button>
      </div>
    </Dialog>
  );
}

import { Check, Lock } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { notify } from '../../../lib/notify.ts';
import { useLocation, useNavigate } from '../../../lib/router/router.tsx';
import type { SessionUser } from '../../../../shared/api/auth.ts';
import type { CatalogueResponse } from '../../../../shared/api/catalogue.ts';
import type { BundleOfferResponse } from '../../../../shared/api/payments.ts';
import { bundlePricing, formatEuros } from '../../../../shared/rules/pricing.ts';
import { purchaseMessages, checkoutMessages } from '../../../../shared/rules/purchase.ts';
import { settingsMessages } from '../../../../shared/rules/settings.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { creditLabelOf } from '../../../lib/bundle-offer.ts';
import { paths } from '../../../lib/paths.ts';
import { useContactEmail } from '../../../lib/contact.ts';
import { useIsHydrated } from '../../../lib/client-value.ts';
import { usePublicSettings } from '../../../lib/public-settings.ts';
import { useCreateCheckoutSession } from '../api/create-checkout-session.ts';
import { forgetPendingOrder, keepPendingOrder, readPendingOrder } from '../pending-order.ts';
import {
  coursesTheBundleAdds,
  initialSelection,
  isCourseChecked,
  isCourseLocked,
  lockReason,
  prerequisiteNote,
  restoreSelection,
  selectionProductIds,
  selectionTotalCents,
  setBundle,
  toggleCourse,
  type CourseOption,
} from '../purchase-selection.ts';
import type { CouponPreview } from '../../../../shared/api/coupons.ts';
import { couponLine } from '../../../../shared/rules/coupons.ts';
import { formatPrice } from '../../../../shared/rules/pricing.ts';
import { BundleSuggestion } from './bundle-suggestion.tsx';
import { CouponField } from './coupon-field.tsx';
import { BundleToggle } from './bundle-toggle.tsx';
import { CourseOptionRow } from './course-option-row.tsx';
import { PaymentChoice, planOfOrder } from './payment-choice.tsx';
import { ApiError, isWorthRetrying, messageOf } from '../../../lib/api-client.ts';
import { useBusinessPrice } from '../api/business-price.ts';
import { BusinessBuyerField, type BusinessBuyer } from './business-buyer-field.tsx';

const loadFormChecks = () => import('../form-checks.ts');

const benefits = [
  'Video lessons you can return to for 12 months',
  'Reflection prompts and a private workbook',
  'An AI companion that helps you see your patterns',
];
/** Promised only where a learner can ask for it: with a contact address. */
const guarantee = '30-day money-back guarantee';

interface PurchaseFormProps {
  catalogue: CatalogueResponse;
  options: CourseOption[];
  user: SessionUser | null;
  /** The signed-in buyer's bundle price, less what they already paid; absent while signed out. */
  offer: BundleOfferResponse | undefined;
  requestedCourseId: string | null;
  /** Shown while the buyer is not known yet: in its place, but nothing in it can be used. */
  isPreview?: boolean;
}

export function PurchaseForm({
  catalogue,
  options,
  user,
  offer,
  requestedCourseId,
  isPreview = false,
}: PurchaseFormProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const checkout = useCreateCheckoutSession();
  const isEnrolmentClosed = usePublicSettings().data?.features.courses === false;
  const knownContactEmail = useContactEmail();
  const isHydrated = useIsHydrated();
  // The page rendered ahead cannot know the address: it keeps the line's room, unseen, so the
  // form does not move when the app learns whether the guarantee can be promised.
  const guaranteeLine = isHydrated ? (knownContactEmail ? 'shown' : 'none') : 'room';
  const [pending] = useState(() => (isPreview ? null : readPendingOrder()));
  const [selection, setSelection] = useState(() =>
    pending
      ? restoreSelection(options, pending.selection)
      : initialSelection(options, requestedCourseId),
  );
  const [form, setForm] = useState({
    name: pending?.name || (user ? `${user.firstName} ${user.lastName}`.trim() : ''),
    email: pending?.email || (user?.email ?? ''),
    message: pending?.message ?? '',
  });
  const [isPlanChosen, setIsPlanChosen] = useState(false);
  const [isMessageOpen, setIsMessageOpen] = useState(Boolean(pending?.message));
  const [error, setError] = useState<string>();
  const [isRedirecting, setIsRedirecting] = useState(false);
  const [pricedCoupon, setPricedCoupon] = useState<{ order: string; preview: CouponPreview }>();
  const [business, setBusiness] = useState<BusinessBuyer | null>(null);

  // Once signed in, the order kept through sign-in is on screen: it is not needed any more. The
  // preview has not read it: the buyer's own form, which comes next, still needs it.
  useEffect(() => {
    if (user && !isPreview) forgetPendingOrder();
  }, [user, isPreview]);

  const pricing = bundlePricing(
    catalogue.courses.map((course) => course.product),
    catalogue.bundle,
  );
  const comingSoonTitles = catalogue.courses
    .filter((course) => course.product.comingSoon)
    .map((course) => course.title);
  const creditLabel = creditLabelOf(offer);
  const bundleCents = offer?.totalCents ?? catalogue.bundle.priceCents;
  const totalCents = selectionTotalCents(options, selection, bundleCents);
  const coursesBundleAdds = coursesTheBundleAdds(options, selection, catalogue.bundle, bundleCents);
  const isBusy = checkout.isPending || isRedirecting;
  const productIds = selectionProductIds(selection, catalogue.bundle);
  const plan = planOfOrder(productIds, catalogue, offer);
  const isPaidInPlan = plan !== null && isPlanChosen;
  // A code was priced for the order as it was, paid in full: another order asks for it again.
  const orderKey = productIds.join(',');
  const coupon = pricedCoupon?.order === orderKey && !isPaidInPlan ? pricedCoupon.preview : null;
  const businessPrice = useBusinessPrice(
    business && user
      ? {
          productIds,
          business,
          mode: isPaidInPlan ? 'subscription' : 'payment',
          ...(coupon && { couponCode: coupon.code }),
        }
      : null,
  );
  const setCoupon = (preview: CouponPreview | null) =>
    setPricedCoupon(preview ? { order: orderKey, preview } : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let checks: Awaited<ReturnType<typeof loadFormChecks>>;
    try {
      checks = await loadFormChecks();
    } catch (failure) {
      setError(messageOf(failure, checkoutMessages.failed));
      return;
    }
    const invalid =
      checks.firstValidationMessage(checks.purchaseFormSchema, form) ??
      (productIds.length === 0 ? purchaseMessages.noCourseSelected : undefined);
    setError(invalid);
    if (invalid) return;

    if (!user) {
      // Every purchase belongs to an account: sign in or register first, then come back here.
      keepPendingOrder({ selection, ...form });
      navigate(paths.register, {
        state: { from: `${location.pathname}${location.search}` },
      });
      return;
    }
    try {
      const { url } = await checkout.mutateAsync({
        lineItems: productIds.map((price) => ({ price, quantity: 1 })),
        customerEmail: form.email.trim(),
        ...(coupon && { couponCode: coupon.code }),
        ...(business && { business }),
        // The spec's `subscription` mode: the order paid in its plan's monthly payments.
        mode: isPaidInPlan ? 'subscription' : 'payment',
        metadata: {
          isBundle: selection.isBundle ? 'true' : 'false',
          customerName: form.name.trim(),
          ...(form.message.trim() ? { message: form.message.trim() } : {}),
        },
      });
      setIsRedirecting(true);
      window.location.assign(url);
    } catch (failure) {
      setError(messageOf(failure, checkoutMessages.failed) || checkoutMessages.paymentFailed);
      // A refused business field takes focus, so a screen reader reads why.
      const [field] = failure instanceof ApiError ? Object.keys(failure.fields ?? {}) : [];
      if (field?.startsWith('business.')) {
        document.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
      }
      if (isWorthRetrying(failure)) notify.site.error(checkoutMessages.toast);
    }
  };

  return (
    <form
      onSubmit={submit}
      onFocus={() => void loadFormChecks().catch(() => undefined)}
      noValidate
      className="space-y-6"
      inert={isPreview}
      aria-busy={isPreview || undefined}
    >
      <header>
        <h1 className="font-display text-3xl font-bold text-ink-900 sm:text-4xl">
          Begin Your Sovereign Journey
        </h1>
        <ul className="mt-4 grid gap-2 sm:grid-cols-2">
          {[...benefits, ...(guaranteeLine === 'none' ? [] : [guarantee])].map((benefit) => (
            <li
              key={benefit}
              className={`flex items-start gap-2 text-ink-800 ${benefit === guarantee && guaranteeLine === 'room' ? 'invisible' : ''}`}
            >
              <Check className="mt-0.5 h-5 w-5 shrink-0 text-green-800" aria-hidden="true" />
              {benefit}
            </li>
          ))}
        </ul>
      </header>

      <BundleToggle
        bundle={catalogue.bundle}
        pricing={pricing}
        comingSoonTitles={comingSoonTitles}
        credit={creditLabel && offer ? { label: creditLabel, cents: offer.creditCents } : null}
        isChecked={selection.isBundle}
        onChange={(isBundle) => setSelection(setBundle(options, isBundle))}
      />

      <fieldset className="rounded-xl bg-white p-4 shadow">
        <legend className="float-left w-full font-semibold text-ink-900">Courses</legend>
        <ul className="clear-both divide-y divide-ink-600/20">
          {options.map((option) => (
            <CourseOptionRow
              key={option.product.id}
              option={option}
              isChecked={isCourseChecked(option, selection)}
              isLocked={isCourseLocked(options, selection, option)}
              reason={lockReason(options, selection, option, catalogue.bundle.name)}
              prerequisites={prerequisiteNote(options, option)}
              onToggle={() => setSelection(toggleCourse(options, selection, option))}
            />
          ))}
        </ul>
        {selection.isBundle && creditLabel && offer && (
          <p className="mt-2 flex justify-between border-t border-ink-600/30 pt-3 text-green-800">
            <span>{creditLabel}</span>
            <span>-{formatEuros(offer.creditCents)}</span>
          </p>
        )}
        {coupon && (
          <p className="mt-2 flex justify-between border-t border-ink-600/30 pt-3 text-green-800">
            <span>{couponLine(coupon.code)}</span>
            <span>-{formatPrice(coupon.discountCents)}</span>
          </p>
        )}
        <p className="mt-2 flex justify-between border-t border-ink-600/30 pt-3 text-lg font-bold text-ink-900">
          <span>Total</span>
          <span>{coupon ? formatPrice(coupon.totalCents) : formatEuros(totalCents)}</span>
        </p>
        {plan && (
          <PaymentChoice
            plan={plan}
            totalCents={totalCents}
            isPlanChosen={isPlanChosen}
            onChange={setIsPlanChosen}
          />
        )}
        {user && !isPreview && !isPaidInPlan && (
          <CouponField productIds={productIds} applied={coupon} onApplied={setCoupon} />
        )}
        {user && !isPreview && (
          <BusinessBuyerField
            value={business}
            onChange={setBusiness}
            price={businessPrice.data ?? undefined}
            isPlan={isPaidInPlan}
            error={
              checkout.error instanceof ApiError
                ? checkout.error.fields?.['business.vatNumber']
                : undefined
            }
          />
        )}
        {coursesBundleAdds.length > 0 && (
          <BundleSuggestion
            bundle={catalogue.bundle}
            bundleCents={bundleCents}
            totalCents={totalCents}
            addedCourses={coursesBundleAdds}
            onChooseBundle={() => setSelection(setBundle(options, true))}
          />
        )}
      </fieldset>

      <div className="space-y-4 rounded-xl bg-white p-4 shadow">
        <TextField
          label="Name"
          autoComplete="name"
          required
          value={form.name}
          onChange={(event) => setForm({ ...form, name: event.target.value })}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={form.email}
          onChange={(event) => setForm({ ...form, email: event.target.value })}
        />
        {isMessageOpen ? (
          <div>
            <label
              htmlFor="purchase-message"
              className="mb-1 block text-sm font-medium text-ink-800"
            >
              Message (optional)
            </label>
            <textarea
              id="purchase-message"
              rows={3}
              maxLength={2000}
              value={form.message}
              onChange={(event) => setForm({ ...form, message: event.target.value })}
              className="w-full rounded-lg border border-ink-600/40 bg-white px-3 py-2.5 text-ink-900 focus:border-flame-600"
            />
          </div>
        ) : (
          <button
            type="button"
            onClick={() => setIsMessageOpen(true)}
            className="text-sm font-medium text-flame-700 underline-offset-2 hover:underline"
          >
            Add a message
          </button>
        )}
        {error && <ErrorAlert>{error}</ErrorAlert>}
        {isEnrolmentClosed && <ErrorAlert>{settingsMessages.coursesOff}</ErrorAlert>}
        <Button type="submit" className="w-full text-lg" disabled={isBusy || isEnrolmentClosed}>
          <Lock className="h-4 w-4" aria-hidden="true" />
          {isBusy ? 'Processing...' : 'Secure Checkout'}
        </Button>
      </div>
    </form>
  );
}

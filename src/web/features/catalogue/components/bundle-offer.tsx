import type { CatalogueResponse } from '../../../../shared/api/catalogue.ts';
import { planOfferText } from '../../../../shared/rules/payment-plans.ts';
import { bundlePricing } from '../../../../shared/rules/pricing.ts';
import { PriceWithSaving } from '../../../components/ui/price-with-saving.tsx';
import { paths } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../components/ui/button-link.tsx';

/** The special offer: every course, present and coming, with the saving computed from the prices. */
export function BundleOffer({ catalogue }: { catalogue: CatalogueResponse }) {
  const { bundle, courses } = catalogue;
  const pricing = bundlePricing(
    courses.map((course) => course.product),
    bundle,
  );
  return (
    <section
      aria-labelledby="bundle-heading"
      className="rounded-2xl bg-night p-8 text-on-night shadow-lg"
    >
      <p className="text-sm font-semibold tracking-wide text-on-night-accent uppercase">
        Special offer
      </p>
      <h2 id="bundle-heading" className="mt-1 font-display text-3xl font-bold">
        {bundle.name}
      </h2>
      <p className="mt-3 max-w-2xl text-on-night-accent">{bundle.description}</p>
      <ul className="mt-4 list-disc space-y-1 pl-6 text-on-night-accent">
        {courses.map((course) => (
          <li key={course.id}>
            {course.title}
            {course.product.comingSoon && ' (coming soon, included as soon as it opens)'}
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-wrap items-center gap-4 rounded-xl bg-white p-4 text-ink-900">
        <PriceWithSaving pricing={pricing} />
        {bundle.paymentPlan && (
          <span className="text-sm text-ink-700">{planOfferText(bundle.paymentPlan)}</span>
        )}
        <ButtonLink to={paths.buyNow} size="lg" className="ml-auto">
          Buy the Bundle
        </ButtonLink>
      </div>
    </section>
  );
}

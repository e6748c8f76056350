import type { ReactNode } from 'react';
import { useSearchParams } from '../../../lib/router/router.tsx';
import { isOwnedAccess, checkoutMessages } from '../../../../shared/rules/purchase.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { useMyAccess } from '../../../lib/access.ts';
import { useBundleOffer } from '../../../lib/bundle-offer.ts';
import { useCatalogue } from '../../../lib/catalogue.ts';
import { useSession } from '../../../lib/session.ts';
import { ComingSoonNotice } from '../components/coming-soon-notice.tsx';
import { FullAccessPanel } from '../components/full-access-panel.tsx';
import { GuaranteeBox } from '../components/guarantee-box.tsx';
import { PurchaseForm } from '../components/purchase-form.tsx';
import { Testimonial } from '../components/testimonial.tsx';
import { WhatsIncluded } from '../components/whats-included.tsx';
import { hasFullAccess, type CourseOption } from '../purchase-selection.ts';

/**
 * /shop and /buy-now: public; a signed-out visitor owns nothing and signs in at checkout.
 * `notice` stands above the offer (a buyer whose address is not confirmed yet).
 */
export function PurchaseRoute({ notice }: { notice?: ReactNode }) {
  const [searchParams] = useSearchParams();
  const session = useSession();
  const user = session.data ?? null;
  const catalogue = useCatalogue();
  const access = useMyAccess({ enabled: Boolean(user) });
  const offer = useBundleOffer({ enabled: Boolean(user) });
  const isCanceled = searchParams.get('canceled') === 'true';

  // The offer and its facts come with the page; the form waits until we know who is buying.
  const isBuyerPending =
    session.isPending || (user !== null && (access.isPending || offer.isPending));
  const hasFailed = catalogue.isError || (user !== null && (access.isError || offer.isError));

  const renderContent = () => {
    if (hasFailed) {
      return <ErrorAlert>The courses could not be loaded. Please try again.</ErrorAlert>;
    }
    if (!catalogue.data) return <p>Loading...</p>;
    const options: CourseOption[] = catalogue.data.courses.map((course) => ({
      product: course.product,
      isOwned: isOwnedAccess(
        access.data?.courses.find((entry) => entry.courseId === course.id)?.accessType ?? 'none',
      ),
      prerequisiteIds: course.prerequisites,
    }));
    const comingSoon = catalogue.data.courses.find(
      (course) => course.id === searchParams.get('course') && course.product.comingSoon,
    );
    const notice = comingSoon && (
      <ComingSoonNotice
        course={comingSoon}
        bundle={catalogue.data.bundle}
        bundleCents={offer.data?.totalCents ?? catalogue.data.bundle.priceCents}
        isSignedIn={user !== null}
        isIncluded={
          access.data?.courses.find((entry) => entry.courseId === comingSoon.id)?.opensOnRelease ??
          false
        }
      />
    );
    if (!isBuyerPending && hasFullAccess(options)) {
      return (
        <>
          {notice}
          <FullAccessPanel />
        </>
      );
    }
    return (
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        {notice && <div className="lg:col-span-2">{notice}</div>}
        {/* Until the buyer is known, the form as a visitor sees it holds its place (the page
            arrives rendered so): the page does not move when the buyer's own form replaces it. */}
        <PurchaseForm
          key={isBuyerPending ? 'preview' : 'buyer'}
          isPreview={isBuyerPending}
          catalogue={catalogue.data}
          options={options}
          user={user}
          offer={offer.data}
          requestedCourseId={searchParams.get('course')}
        />
        <aside className="space-y-6">
          <GuaranteeBox />
          <Testimonial />
          <WhatsIncluded courses={catalogue.data.courses} />
        </aside>
      </div>
    );
  };

  return (
    <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      {notice}
      {isCanceled && (
        <p
          role="status"
          className="rounded-lg border border-flame-600/40 bg-white px-4 py-3 text-ink-900"
        >
          {checkoutMessages.canceled}
        </p>
      )}
      {renderContent()}
    </main>
  );
}

import { lazy, Suspense, useRef, useState } from 'react';
import { AccountDeletedNotice } from '../components/account-deleted-notice.tsx';
import { HeroSection } from '../components/hero-section.tsx';
import { HydrateWhenVisible } from '../components/hydrate-when-visible.tsx';
import { SiteFooter } from '../components/site-footer.tsx';
import { SiteHeader } from '../components/site-header.tsx';
import { ThresholdSection } from '../components/threshold-section.tsx';
import { lazyComponent } from '../../../lib/lazy-component.ts';

const LaterSections = lazyComponent(
  async () => (await import('../components/later-sections.tsx')).LaterSections,
);

// The dialog and its dependencies load when a visitor reaches for it, not with the page.
const loadAssessmentDialog = () => import('../components/assessment-dialog.tsx');
const AssessmentDialog = lazy(async () => ({
  default: (await loadAssessmentDialog()).AssessmentDialog,
}));

export function HomeRoute() {
  const [isAssessmentOpen, setAssessmentOpen] = useState(false);
  const [hasOpenedAssessment, setHasOpenedAssessment] = useState(false);
  const openerRef = useRef<HTMLElement | null>(null);

  // Only a head start: if it fails, opening the dialog meets the same failure and reports it.
  const prepareAssessment = () => void loadAssessmentDialog().catch(() => {});
  const beginAssessment = () => {
    openerRef.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setHasOpenedAssessment(true);
    setAssessmentOpen(true);
  };

  return (
    <>
      <SiteHeader />
      <AccountDeletedNotice />
      <main id="main" tabIndex={-1} className="outline-none">
        <HeroSection onBeginAssessment={beginAssessment} onPrepareAssessment={prepareAssessment} />
        <ThresholdSection onBeginAssessment={beginAssessment} />
        <HydrateWhenVisible component={LaterSections} />
      </main>
      <SiteFooter onBeginAssessment={beginAssessment} />
      {hasOpenedAssessment && (
        <Suspense fallback={null}>
          <AssessmentDialog
            open={isAssessmentOpen}
            onOpenChange={setAssessmentOpen}
            returnFocusTo={openerRef}
          />
        </Suspense>
      )}
    </>
  );
}

import { lazy, Suspense, useRef, useState } from 'react';
import { AudienceSection } from '../components/audience-section.tsx';
import { ComingSoonSection } from '../components/coming-soon-section.tsx';
import { FaqSection } from '../components/faq-section.tsx';
import { FounderNoteSection } from '../components/founder-note-section.tsx';
import { HeroSection } from '../components/hero-section.tsx';
import { JourneyMapSection } from '../components/journey-map-section.tsx';
import { OfferingsSection } from '../components/offerings-section.tsx';
import { SiteFooter } from '../components/site-footer.tsx';
import { SiteHeader } from '../components/site-header.tsx';
import { SocialLinksSection } from '../components/social-links-section.tsx';
import { TestimonialsCarousel } from '../components/testimonials-carousel.tsx';
import { ThresholdSection } from '../components/threshold-section.tsx';

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
      <main id="main" tabIndex={-1} className="outline-none">
        <HeroSection onBeginAssessment={beginAssessment} onPrepareAssessment={prepareAssessment} />
        <ThresholdSection onBeginAssessment={beginAssessment} />
        <OfferingsSection />
        <JourneyMapSection />
        <AudienceSection />
        <TestimonialsCarousel />
        <FaqSection />
        <FounderNoteSection />
        <SocialLinksSection />
        <ComingSoonSection />
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

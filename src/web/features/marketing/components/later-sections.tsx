import { AudienceSection } from './audience-section.tsx';
import { ComingSoonSection } from './coming-soon-section.tsx';
import { FaqSection } from './faq-section.tsx';
import { FounderNoteSection } from './founder-note-section.tsx';
import { JourneyMapSection } from './journey-map-section.tsx';
import { OfferingsSection } from './offerings-section.tsx';
import { SocialLinksSection } from './social-links-section.tsx';
import { TestimonialsCarousel } from './testimonials-carousel.tsx';

/** The landing page below its first two sections: what a visitor scrolls down to. */
export function LaterSections() {
  return (
    <>
      <OfferingsSection />
      <JourneyMapSection />
      <AudienceSection />
      <TestimonialsCarousel />
      <FaqSection />
      <FounderNoteSection />
      <SocialLinksSection />
      <ComingSoonSection />
    </>
  );
}

import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useEffect, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion.ts';
import { Section } from './section.tsx';

const testimonials = [
  {
    quote:
      'I came in exhausted from carrying everyone else. The Descent was the hardest and most honest work I have done, and for the first time I stopped running from what I felt. I make decisions now without asking anyone for permission.',
    name: 'Amara K.',
    role: 'Founder and mother of two',
  },
  {
    quote:
      'I had read every book on the subject and changed nothing. The daily practices and the reflection prompts made me live it. My team noticed the difference before I could name it.',
    name: 'Jonas W.',
    role: 'Engineering lead',
  },
  {
    quote:
      'The assessment alone showed me where I had been hiding. Within weeks I had left a role that was shrinking me and started the work I had postponed for ten years.',
    name: 'Leila M.',
    role: 'Therapist and author',
  },
];

const ADVANCE_EVERY_MS = 8000;

/** Three testimonials that wrap around both ways; rotation never runs for reduced motion. */
export function TestimonialsCarousel() {
  const [index, setIndex] = useState(0);
  const [wantsRotation, setWantsRotation] = useState(true);
  const [isHeld, setHeld] = useState(false);
  const prefersReducedMotion = usePrefersReducedMotion();
  const isRotating = wantsRotation && !isHeld && !prefersReducedMotion;
  const count = testimonials.length;
  const show = (next: number) => setIndex(((next % count) + count) % count);

  useEffect(() => {
    if (!isRotating) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), ADVANCE_EVERY_MS);
    return () => clearInterval(timer);
  }, [isRotating, count]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') show(index - 1);
    if (event.key === 'ArrowRight') show(index + 1);
  };
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
  };
  const testimonial = testimonials[index]!;

  return (
    <Section id="testimonials" eyebrow="Testimonials" title="Voices from the Circle">
      <div
        role="group"
        aria-roledescription="carousel"
        aria-label="Testimonials"
        className="mx-auto max-w-3xl"
        onKeyDown={onKeyDown}
        onMouseEnter={() => setHeld(true)}
        onMouseLeave={() => setHeld(false)}
        onFocus={() => setHeld(true)}
        onBlur={onBlur}
      >
        <div
          id="testimonial-slide"
          aria-live={isRotating ? 'off' : 'polite'}
          className="min-h-96 rounded-2xl bg-white p-8 shadow-sm sm:min-h-72 sm:p-12"
        >
          <figure
            key={index}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${count}`}
          >
            <blockquote className="font-display text-xl leading-relaxed text-ink-900 sm:text-2xl">
              <p>{`“${testimonial.quote}”`}</p>
            </blockquote>
            <figcaption className="mt-6 text-ink-700">
              <span className="font-semibold text-ink-900">{testimonial.name}</span>
              {`, ${testimonial.role}`}
            </figcaption>
          </figure>
        </div>
        <div className="mt-6 flex items-center justify-center gap-3">
          {!prefersReducedMotion && (
            <button
              type="button"
              className="rounded-full p-3 text-ink-800 hover:bg-flame-100"
              aria-label={wantsRotation ? 'Stop rotating testimonials' : 'Rotate testimonials'}
              onClick={() => setWantsRotation((wants) => !wants)}
            >
              {wantsRotation ? (
                <Pause aria-hidden="true" className="h-5 w-5" />
              ) : (
                <Play aria-hidden="true" className="h-5 w-5" />
              )}
            </button>
          )}
          <button
            type="button"
            className="rounded-full p-3 text-ink-800 hover:bg-flame-100"
            aria-label="Previous testimonial"
            aria-controls="testimonial-slide"
            onClick={() => show(index - 1)}
          >
            <ChevronLeft aria-hidden="true" className="h-6 w-6" />
          </button>
          <ul className="flex gap-1">
            {testimonials.map((item, dot) => (
              <li key={item.name}>
                <button
                  type="button"
                  className="flex h-8 w-8 items-center justify-center rounded-full"
                  aria-label={`Testimonial ${dot + 1} of ${count}`}
                  aria-current={dot === index ? 'true' : undefined}
                  aria-controls="testimonial-slide"
                  onClick={() => show(dot)}
                >
                  <span
                    aria-hidden="true"
                    className={`h-2.5 w-2.5 rounded-full ${dot === index ? 'bg-flame-600' : 'bg-ink-600/40'}`}
                  />
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="rounded-full p-3 text-ink-800 hover:bg-flame-100"
            aria-label="Next testimonial"
            aria-controls="testimonial-slide"
            onClick={() => show(index + 1)}
          >
            <ChevronRight aria-hidden="true" className="h-6 w-6" />
          </button>
        </div>
      </div>
    </Section>
  );
}

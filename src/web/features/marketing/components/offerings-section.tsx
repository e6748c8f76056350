import { Check } from 'lucide-react';
import { useCatalogue } from '../../../lib/catalogue.ts';
import { useContactEmail } from '../../../lib/contact.ts';
import { buyCoursePath, coursePath, paths } from '../../../lib/paths.ts';
import { Link } from '../../../lib/router/router.tsx';
import { describeSessionOffer, useSessionOffer } from '../../../lib/session-offer.ts';
import { Section } from './section.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';

interface Offering {
  name: string;
  kind: string;
  description: string;
  includes: string[];
  /** The catalogue course the purchase page preselects; the private session has none. */
  courseId?: string;
  /** Where Buy Now goes when it is not the purchase page. */
  to?: string;
  isFeatured?: boolean;
}

const offerings: Offering[] = [
  {
    name: 'The Sovereign Flame',
    kind: 'The core journey',
    description:
      'Nine modules through The Spark, The Descent, The Flame and The Reign: from remembering your inner fire to living as the sovereign of your own life.',
    includes: [
      'Begins with Energy Sovereignty, the foundation course',
      'Video teachings and embodied practices',
      'A private workbook for your written reflections',
      'AI pattern analysis of what you write',
    ],
    courseId: 'sovereign-flame',
    isFeatured: true,
  },
  {
    name: "Dragon's Clarity",
    kind: 'Advanced add-on',
    description:
      'Rise above the noise, cut through the stories that cloud your vision and act with calm, decisive power.',
    includes: ['Three modules of advanced practice', 'For those who have walked the core journey'],
    courseId: 'dragons-clarity',
  },
  {
    name: 'Phoenix Ascension',
    kind: 'Advanced add-on',
    description:
      'Let what is ending end, rest in the fertile stillness between chapters and rise as the self you are becoming.',
    includes: ['Three modules of conscious rebirth', 'For those who have walked the core journey'],
    courseId: 'phoenix-ascension',
  },
  {
    name: 'One-to-One Illumination Session',
    kind: 'Private session',
    description:
      'A private video call to illuminate where you stand, what stands in your way and the next true step of your path.',
    includes: ['Delivered by private video call', 'Undivided attention on your journey'],
    to: paths.bookSession,
  },
];

/** Promised only where a learner can ask for it: with a contact address. */
const guarantee = '30-day money-back guarantee';

/**
 * The four offers. Whether a course is coming soon is the published catalogue's word, rendered into
 * the page with it (a coming-soon course is not for sale: it says so, and offers to tell you).
 */
export function OfferingsSection() {
  const { data, isPending } = useCatalogue();
  const isComingSoon = (courseId: string | undefined) =>
    Boolean(data?.courses.find((course) => course.id === courseId)?.product.comingSoon);
  const contactEmail = useContactEmail();
  return (
    <Section
      id="about"
      eyebrow="The offering"
      title="Sacred Offerings"
      intro="Every path begins with the core journey. Once your flame is lit, the advanced add-ons and a private illumination session take it further."
      className="bg-white"
    >
      <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
        {offerings.map((offering) => (
          <li
            key={offering.name}
            className={`flex flex-col rounded-2xl border p-6 ${
              offering.isFeatured
                ? 'border-flame-600 bg-flame-50 shadow-lg shadow-flame-600/10'
                : 'border-ink-600/15 bg-white'
            }`}
          >
            <p className="flex flex-wrap items-center gap-2 text-sm font-semibold tracking-wide text-flame-700 uppercase">
              {offering.kind}
              {isComingSoon(offering.courseId) && (
                <span className="rounded-full bg-flame-100 px-2 py-0.5 text-xs tracking-normal normal-case">
                  Coming Soon
                </span>
              )}
            </p>
            <h3 className="mt-2 font-display text-2xl font-bold">
              {offering.courseId ? (
                <Link
                  to={coursePath(offering.courseId)}
                  className="underline-offset-4 hover:underline"
                >
                  {offering.name}
                </Link>
              ) : (
                offering.name
              )}
            </h3>
            <p className="mt-3 text-ink-700">{offering.description}</p>
            {offering.to === paths.bookSession && <SessionPrice />}
            <ul className="mt-5 mb-6 space-y-2 text-sm text-ink-800">
              {offering.includes.map((line) => (
                <IncludedLine key={line} line={line} />
              ))}
              {offering.isFeatured &&
                (contactEmail ? (
                  <IncludedLine line={guarantee} />
                ) : (
                  // Its room is kept until the address is known (the build renders none): were
                  // the card to grow then, the offers' links would move from under a finger
                  // pressing one (issue 36).
                  <li aria-hidden="true" className="h-5" />
                ))}
            </ul>
            <OfferingAction
              offering={offering}
              isComingSoon={isComingSoon(offering.courseId)}
              isCataloguePending={isPending}
            />
          </li>
        ))}
      </ul>
    </Section>
  );
}

function IncludedLine({ line }: { line: string }) {
  return (
    <li className="flex gap-2">
      <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-flame-600" />
      {line}
    </li>
  );
}

/** Its length and price, read before signing in; the line keeps its room until they are known. */
function SessionPrice() {
  const offer = useSessionOffer();
  return (
    <p className="mt-3 min-h-7 text-lg font-semibold text-ink-900">
      {offer.data && describeSessionOffer(offer.data)}
    </p>
  );
}

function OfferingAction({
  offering,
  isComingSoon,
  isCataloguePending,
}: {
  offering: Offering;
  isComingSoon: boolean;
  isCataloguePending: boolean;
}) {
  // A page rendered here (not ahead, as `/?account=deleted` is) learns from the catalogue whether
  // a course is for sale: until then it offers neither Buy Now nor the notice, only their room.
  if (isCataloguePending && offering.courseId) {
    return <span aria-hidden="true" className="mt-auto block h-12" />;
  }
  if (isComingSoon && offering.courseId) {
    return (
      <ButtonLink
        to={`${coursePath(offering.courseId)}#tell-me`}
        aria-label={`Tell me when it opens: ${offering.name}`}
        size="lg"
        variant="secondary"
        className="mt-auto"
      >
        Tell me when it opens
      </ButtonLink>
    );
  }
  return (
    <ButtonLink
      to={offering.to ?? (offering.courseId ? buyCoursePath(offering.courseId) : paths.buyNow)}
      aria-label={`Buy Now: ${offering.name}`}
      size="lg"
      className="mt-auto"
    >
      Buy Now
    </ButtonLink>
  );
}

import { ClipboardList, LifeBuoy, Phone } from 'lucide-react';
import { useId } from 'react';
import type { ConcernHelp, SafetyHelp } from '../../../../shared/api/companion.ts';
import type { SafetyConcern } from '../../../../shared/rules/companion.ts';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { useSafetyHelp } from '../api/get-safety-help.ts';

const findAHelpline: ConcernHelp = {
  message:
    'It sounds like you are carrying something very heavy. You deserve support from a person right now.',
  helplineText: 'You can find a free, confidential helpline in your country at findahelpline.com.',
  helplineUrl: 'https://findahelpline.com',
  helplinePhone: null,
};

/** Shown when the operator's resources could not be loaded: the help must never be empty. */
const FALLBACK_HELP: SafetyHelp = {
  ...findAHelpline,
  alertNotice: null,
  emergencyNumber: '112',
  concerns: {
    'eating-disorder': findAHelpline,
    'harm-from-others': findAHelpline,
    'child-abuse': findAHelpline,
  },
};

const linkClass =
  'inline-flex items-center gap-2 rounded-lg bg-sky-900 px-4 py-2.5 font-semibold text-white underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-900';

/** The help for one concern: suicide and self-harm's is the operator's main helpline. */
function helpFor(help: SafetyHelp, concern: SafetyConcern): ConcernHelp {
  return concern === 'suicide-self-harm' ? help : help.concerns[concern];
}

/**
 * The help for a learner at risk, one look wherever it appears (chat, reflection card, suggestion,
 * the Get help now dialog): whole at once, set apart from the companion's ordinary words, with the
 * operator's resources for the concern as links a phone can follow (https: and tel:).
 */
export function SafetyHelpCard({
  message,
  concern = 'suicide-self-harm',
  isAlert = false,
  headingLevel = 3,
}: {
  /** The words to show first: the concern's safety message when not given; null for none. */
  message?: string | null;
  /** What the help answers: its own words and resources. */
  concern?: SafetyConcern;
  /** Announced at once, for help that appears after something the learner did. */
  isAlert?: boolean;
  headingLevel?: 2 | 3 | 4;
}) {
  const help = useSafetyHelp().data ?? FALLBACK_HELP;
  const resources = helpFor(help, concern);
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  const text = message === undefined ? resources.message : message;
  return (
    <section
      role={isAlert ? 'alert' : 'region'}
      aria-labelledby={headingId}
      className="rounded-xl border-2 border-sky-900 bg-sky-50 p-4 text-sm leading-relaxed text-ink-900"
    >
      <Heading
        id={headingId}
        className="inline-flex items-center gap-2 font-display text-base font-bold text-sky-950"
      >
        <LifeBuoy className="h-5 w-5" aria-hidden="true" />
        Help is available
      </Heading>
      {text && <p className="mt-2 whitespace-pre-wrap">{text}</p>}
      {!text?.includes(resources.helplineText) && <p className="mt-2">{resources.helplineText}</p>}
      <SafetyResources help={resources} emergencyNumber={help.emergencyNumber} />
      <GroundingExercise />
      {help.alertNotice && <p className="mt-3 text-xs text-ink-800">{help.alertNotice}</p>}
    </section>
  );
}

/** A minute to come back to the present (the 5-4-3-2-1 senses), open when the learner wants it. */
function GroundingExercise() {
  return (
    <details className="mt-3 rounded-lg border border-sky-900/30 bg-white p-3">
      <summary className="cursor-pointer font-semibold text-sky-950">
        A minute to ground yourself
      </summary>
      <p className="mt-2">
        Breathe in slowly for a count of 4, and out for a count of 6. Then name:
      </p>
      <ol className="mt-1 list-inside list-decimal space-y-0.5">
        <li>5 things you can see</li>
        <li>4 things you can touch</li>
        <li>3 things you can hear</li>
        <li>2 things you can smell</li>
        <li>1 thing you can taste</li>
      </ol>
    </details>
  );
}

/** A number to call always: the concern's helpline, else the emergency number, said plainly. */
function SafetyResources({
  help,
  emergencyNumber,
}: {
  help: ConcernHelp;
  emergencyNumber: string;
}) {
  const phone = help.helplinePhone;
  return (
    <ul aria-label="Where to find help now" className="mt-3 flex flex-wrap gap-2">
      <li>
        {phone ? (
          <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={linkClass}>
            <Phone className="h-4 w-4" aria-hidden="true" />
            Call {phone}
          </a>
        ) : (
          <a href={`tel:${emergencyNumber}`} className={linkClass}>
            <Phone className="h-4 w-4" aria-hidden="true" />
            In danger now? Call {emergencyNumber}, the emergency number
          </a>
        )}
      </li>
      {help.helplineUrl && (
        <li>
          <a href={help.helplineUrl} target="_blank" rel="noreferrer" className={linkClass}>
            Find a helpline: {new URL(help.helplineUrl).host}
          </a>
        </li>
      )}
    </ul>
  );
}

/**
 * "Get help now": in the lesson page's help bar, panel open or closed, at any width; opens the
 * operator's resources in a dialog that takes the focus and gives it back.
 */
export function GetHelpNow() {
  useSafetyHelp();
  const isSignedIn = Boolean(useSession().data);
  return (
    <Dialog
      title="Get help now"
      trigger={
        <button
          type="button"
          className="inline-flex items-center gap-2 rounded-full border-2 border-sky-900 bg-white px-3 py-1.5 font-semibold text-sky-950 hover:bg-sky-50"
        >
          <LifeBuoy className="h-5 w-5" aria-hidden="true" />
          Get help now
        </button>
      }
      hasCloseButton
    >
      <div className="mt-3 space-y-3">
        {/* Opened by the learner, not by their words: no "it sounds like". */}
        <SafetyHelpCard message={null} />
        {isSignedIn && (
          <ButtonLink to={paths.safetyPlan} variant="secondary">
            <ClipboardList className="h-4 w-4" aria-hidden="true" />
            My safety plan
          </ButtonLink>
        )}
      </div>
    </Dialog>
  );
}

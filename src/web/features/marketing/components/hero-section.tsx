interface HeroSectionProps {
  onBeginAssessment: () => void;
  onPrepareAssessment: () => void;
}

export function HeroSection({ onBeginAssessment, onPrepareAssessment }: HeroSectionProps) {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden bg-linear-to-b from-flame-100 via-flame-50 to-flame-50 px-4 pt-28 pb-20 sm:pt-36"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-[3fr_2fr]">
        <div className="text-center lg:text-left">
          <p className="text-sm font-semibold tracking-widest text-flame-700 uppercase">
            A sacred journey to personal sovereignty
          </p>
          <h1
            id="hero-heading"
            className="mt-4 font-display text-4xl leading-tight font-bold text-balance sm:text-6xl"
          >
            Remember the fire you were born with
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-ink-700 sm:text-xl lg:max-w-none">
            Sovereign Flame is an initiation for people who are done living on borrowed terms.
            Through video teachings, embodied practice and honest written reflection, you reclaim
            your energy, meet what you have avoided and learn to lead your life from the inside out.
          </p>
          <div className="mt-10 flex flex-col items-center gap-4 lg:items-start">
            <button
              type="button"
              className="rounded-full bg-flame-600 px-8 py-4 text-lg font-semibold text-white shadow-lg shadow-flame-600/30 transition-colors hover:bg-flame-700"
              onClick={onBeginAssessment}
              onPointerEnter={onPrepareAssessment}
              onFocus={onPrepareAssessment}
            >
              Begin Your Sacred Assessment
            </button>
            <p className="max-w-md text-sm text-ink-700">
              Only those who pass the assessment are invited to the inner circle.
            </p>
          </div>
        </div>
        <FlameArt />
      </div>
    </section>
  );
}

function FlameArt() {
  return (
    <svg
      viewBox="0 0 320 320"
      width="320"
      height="320"
      aria-hidden="true"
      className="mx-auto h-auto w-56 sm:w-72 lg:w-80"
    >
      <defs>
        <radialGradient id="hero-glow">
          <stop offset="0%" stopColor="#f59e0b" stopOpacity="0.45" />
          <stop offset="70%" stopColor="#f59e0b" stopOpacity="0.08" />
          <stop offset="100%" stopColor="#f59e0b" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="hero-flame-outer" x1="0" y1="1" x2="0" y2="0">
          <stop offset="0%" stopColor="#92400e" />
          <stop offset="55%" stopColor="#d97706" />
          <stop offset="100%" stopColor="#fbbf24" />
        </linearGradient>
        <linearGradient id="hero-flame-inner" x1="0" y1="1" x2="0" y2="0">
          <stop offset="0%" stopColor="#fde68a" />
          <stop offset="100%" stopColor="#fff8ed" />
        </linearGradient>
      </defs>
      <circle cx="160" cy="170" r="150" fill="url(#hero-glow)" />
      <circle cx="160" cy="170" r="118" fill="none" stroke="#b45309" strokeOpacity="0.25" />
      <circle cx="160" cy="170" r="92" fill="none" stroke="#b45309" strokeOpacity="0.15" />
      <path
        fill="url(#hero-flame-outer)"
        d="M160 40c14 36 64 66 64 132a64 64 0 0 1-128 0c0-32 16-56 32-72 0 24 8 40 24 48-8-40 0-72 8-108z"
      />
      <path
        fill="url(#hero-flame-inner)"
        d="M162 132c8 20 30 36 30 68a32 32 0 0 1-64 0c0-16 8-28 16-36 0 12 4 20 12 24-4-20 0-36 6-56z"
      />
    </svg>
  );
}

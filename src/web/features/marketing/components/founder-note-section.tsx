import { FlameMark } from '../../../components/ui/logo.tsx';

export function FounderNoteSection() {
  return (
    <section id="founder" aria-labelledby="founder-heading" className="scroll-mt-16 px-4 py-20">
      <div className="mx-auto max-w-3xl rounded-3xl bg-night px-6 py-12 text-on-night sm:px-12">
        <FlameMark className="h-10 w-10 text-on-night-accent" />
        <h2 id="founder-heading" className="mt-4 font-display text-3xl font-bold">
          A Note from the Founder
        </h2>
        <div className="mt-6 space-y-4 text-lg leading-relaxed text-on-night/90">
          <p>
            For years I was very good at holding everything together for everyone else. I was
            reliable, capable and quietly disappearing. The turning point was not a breakthrough but
            a breakdown: the moment I could no longer pretend that the life I had built was the one
            I wanted.
          </p>
          <p>
            What brought me back was not a new identity but an old fire. Slowly, through practice,
            honest writing and the courage to look at what I had avoided, I learned to tend it and
            to let it lead. Sovereign Flame is the path I wish someone had handed me then.
          </p>
          <p>
            This work is a companion to your growth, not a replacement for professional support. If
            you are ready to meet yourself fully, I will be honoured to walk beside you.
          </p>
        </div>
        <p className="mt-8 font-display text-xl italic text-on-night-accent">
          With fire and devotion, the founder of Sovereign Flame
        </p>
      </div>
    </section>
  );
}

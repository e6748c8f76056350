import { Section } from './section.tsx';

const stages = [
  {
    name: 'The Spark',
    text: 'Remember the ember that never went out, make a self-chosen commitment and answer the call to change.',
  },
  {
    name: 'The Descent',
    text: 'Meet the parts of yourself you learned to hide, unwind the stories you inherited and learn to stay with discomfort.',
  },
  {
    name: 'The Flame',
    text: 'Discover the true nature of your inner fire, focus it through breath and movement, and guard it like a hearth.',
  },
  {
    name: 'The Reign',
    text: 'Claim your inner authority, lead yourself first and step into being seen.',
  },
];

export function JourneyMapSection() {
  return (
    <Section
      id="journey"
      eyebrow="Journey map"
      title="Four Stages of Becoming Sovereign"
      intro="The core journey follows four stages. Each one prepares the ground for the next."
    >
      <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {stages.map((stage, index) => (
          <li key={stage.name} className="relative rounded-2xl bg-white p-6 shadow-sm">
            <span
              aria-hidden="true"
              className="flex h-12 w-12 items-center justify-center rounded-full bg-flame-600 font-display text-xl font-bold text-white"
            >
              {index + 1}
            </span>
            <h3 className="mt-4 font-display text-xl font-bold">
              <span className="sr-only">{`Step ${index + 1}: `}</span>
              {stage.name}
            </h3>
            <p className="mt-2 text-ink-700">{stage.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

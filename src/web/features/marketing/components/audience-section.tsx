import { Flame } from 'lucide-react';
import { Section } from './section.tsx';

const audience = [
  'Leaders, healers and creators who hold space for everyone but themselves',
  'People standing at a threshold: a career, a relationship or an identity that no longer fits',
  'Seekers who have read the books and are ready to live what they know',
  'Anyone who has made themselves smaller to be accepted and is done with it',
  'Those who feel a fire inside and long to give it direction',
];

export function AudienceSection() {
  return (
    <Section
      id="audience"
      eyebrow="The circle"
      title="Who It's For"
      intro="Sovereign Flame is for people who are ready to stop waiting for permission."
      className="bg-white"
    >
      <ul className="mx-auto grid max-w-4xl gap-4 sm:grid-cols-2">
        {audience.map((line) => (
          <li key={line} className="flex gap-3 rounded-xl bg-flame-50 p-5 text-ink-800">
            <Flame aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-flame-600" />
            {line}
          </li>
        ))}
      </ul>
    </Section>
  );
}

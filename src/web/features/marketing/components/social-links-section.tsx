import { ExternalLink } from 'lucide-react';
import { useSocialProfiles } from '../../../lib/contact.ts';

/**
 * The operator's public profiles (SOCIAL_*_URL); the section is left out when none is set. The
 * running server renders them into the page (content/render-public-pages.ts), so it does not
 * grow by them as it comes alive.
 */
export function SocialLinksSection() {
  const socialProfiles = useSocialProfiles();
  if (socialProfiles.length === 0) return null;
  return (
    <section aria-labelledby="social-heading" className="px-4 pb-8 text-center">
      <h2 id="social-heading" className="font-display text-2xl font-bold">
        Follow the Flame
      </h2>
      <p className="mt-2 text-ink-700">Daily practices, reflections and news from the circle.</p>
      <ul className="mt-6 flex flex-wrap justify-center gap-3">
        {socialProfiles.map((profile) => (
          <li key={profile.name}>
            <a
              href={profile.href}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 rounded-full border border-ink-600/30 bg-white px-5 py-2 font-medium text-ink-800 hover:border-flame-600 hover:text-flame-700"
            >
              {profile.name}
              <ExternalLink aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only">{' (opens in a new tab)'}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

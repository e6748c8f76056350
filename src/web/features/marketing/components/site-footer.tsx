import { Link } from '../../../lib/router/router.tsx';
import { FlameMark } from '../../../components/ui/logo.tsx';
import { useContactEmail } from '../../../lib/contact.ts';
import { paths } from '../../../lib/paths.ts';
import { PRODUCT_NAME } from '../../../../shared/brand.ts';
import { lazyComponent } from '../../../lib/lazy-component.ts';
import { HydrateWhenVisible } from './hydrate-when-visible.tsx';

// At the foot of the landing page, the forms' code loads as the visitor nears them (decision 013).
const NewsletterForm = lazyComponent(
  async () => (await import('./newsletter-form.tsx')).NewsletterForm,
);
const ContactForm = lazyComponent(async () => (await import('./contact-form.tsx')).ContactForm);

const footerLinks = [
  { to: paths.courses, label: 'Courses' },
  { to: paths.terms, label: 'Terms of Service' },
  { to: paths.privacy, label: 'Privacy Policy' },
];

export function SiteFooter({ onBeginAssessment }: { onBeginAssessment: () => void }) {
  const contactEmail = useContactEmail();
  return (
    <footer id="contact" className="scroll-mt-16 bg-night px-4 pt-16 pb-8 text-on-night">
      <div className="mx-auto grid max-w-6xl gap-12 md:grid-cols-2">
        <HydrateWhenVisible component={NewsletterForm} />
        <div>
          <h2 className="font-display text-2xl font-bold">Contact</h2>
          {contactEmail ? (
            <p className="mt-2 text-on-night/80">
              Questions about the journey, a purchase or your data: write to{' '}
              <a href={`mailto:${contactEmail}`} className="font-semibold text-on-night underline">
                {contactEmail}
              </a>
              . A person reads every message.
            </p>
          ) : (
            <p className="mt-2 text-on-night/80">This site has no contact address set up yet.</p>
          )}
          <p className="mt-4 text-on-night/80">
            Wondering whether the journey is for you? The assessment is read by a person, and every
            applicant hears from us within 24 hours.
          </p>
          <button
            type="button"
            onClick={onBeginAssessment}
            className="mt-4 rounded-lg border border-on-night/60 px-4 py-2 font-semibold text-on-night hover:bg-on-night hover:text-night"
          >
            Open the Assessment
          </button>
          <HydrateWhenVisible component={ContactForm} />
        </div>
      </div>
      <div className="mx-auto mt-16 flex max-w-6xl flex-col items-center justify-between gap-4 border-t border-on-night/15 pt-8 text-sm text-on-night/80 md:flex-row">
        <p className="inline-flex items-center gap-2">
          <FlameMark className="h-5 w-5 text-on-night-accent" />
          {`© ${new Date().getFullYear()} ${PRODUCT_NAME}`}
        </p>
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2">
          {footerLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="hover:text-on-night hover:underline">
                {link.label}
              </Link>
            </li>
          ))}
          {contactEmail && (
            <li>
              <a href={`mailto:${contactEmail}`} className="hover:text-on-night hover:underline">
                {contactEmail}
              </a>
            </li>
          )}
        </ul>
      </div>
    </footer>
  );
}

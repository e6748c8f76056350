import { Download } from 'lucide-react';
import { addressDataCoverage } from '../../../../shared/rules/account.ts';
import { useSession } from '../../../lib/session.ts';
import { ButtonLink } from '../../../components/ui/button-link.tsx';

/**
 * The learner's copy of everything we keep: a file to keep (JSON) and a page to read (HTML),
 * and whether it holds what was sent with their address.
 */
export function DownloadDataLinks({ className = '' }: { className?: string }) {
  const isAddressConfirmed = useSession().data?.emailVerified ?? false;
  return (
    <div className={`space-y-2 ${className}`}>
      <p className="text-ink-800">
        {isAddressConfirmed
          ? addressDataCoverage.exportIncluded
          : addressDataCoverage.exportWithheld}
      </p>
      <DownloadLinks />
    </div>
  );
}

function DownloadLinks() {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <ButtonLink to="/api/account/export?format=json" download variant="secondary">
        <Download className="h-4 w-4" aria-hidden="true" />
        Download Data
      </ButtonLink>
      <a
        href="/api/account/export?format=html"
        download
        className="font-medium text-flame-700 underline underline-offset-2"
      >
        Download a readable copy (HTML)
      </a>
    </div>
  );
}

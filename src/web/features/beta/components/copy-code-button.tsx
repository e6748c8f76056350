import { Copy } from 'lucide-react';
import { notify } from '../../../lib/notify.ts';
import { betaMessages } from '../../../../shared/rules/beta.ts';

export function CopyCodeButton({ code }: { code: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      notify.site.success(betaMessages.copied);
    } catch {
      notify.site.error(betaMessages.copyFailed);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={`Copy code ${code}`}
      className="rounded-lg p-1.5 text-ink-700 hover:bg-ink-700/10"
    >
      <Copy className="h-4 w-4" aria-hidden="true" />
    </button>
  );
}

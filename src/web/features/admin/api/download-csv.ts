import { apiDownload } from '../../../lib/api-client.ts';
import { useFreshSecondFactor } from '../../../lib/fresh-second-factor.tsx';

/**
 * Saves an export of customers (subscribers, learners, purchases): with a fresh second factor,
 * asked for when the last is over 10 minutes old.
 */
export function useCsvDownload() {
  const withFreshSecondFactor = useFreshSecondFactor();
  return async (path: string, fileName: string) => {
    const csv = await withFreshSecondFactor(() => apiDownload(path));
    const link = document.createElement('a');
    link.href = URL.createObjectURL(csv);
    link.download = fileName;
    link.click();
    URL.revokeObjectURL(link.href);
  };
}

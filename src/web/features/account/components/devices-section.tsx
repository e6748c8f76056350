import type { Device } from '../../../../shared/api/account.ts';
import { accountMessages } from '../../../../shared/rules/account.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useDevices, useSignOutDevice } from '../api/devices.ts';
import { formatDate, formatDateTime } from '../../../../shared/rules/dates.ts';
import { messageOf } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';

/** Where the learner is signed in; any other device can be signed out from here. */
export function DevicesSection() {
  const devices = useDevices();
  const signOut = useSignOutDevice();
  return (
    <div className="space-y-3">
      <h3 className="font-display text-lg font-bold">Signed-In Devices</h3>
      {devices.isPending && <p className="text-ink-700">Loading your devices...</p>}
      {devices.isError && <p role="alert">Your devices could not be loaded.</p>}
      <ul className="divide-y divide-ink-600/20">
        {devices.data?.map((device) => (
          <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <p className="font-semibold text-ink-900">{describeDevice(device)}</p>
              <p className="text-sm text-ink-700">
                Signed in {formatDateTime(device.signedInAt)}
                {device.ipAddress && ` from ${device.ipAddress}`} · {lastActive(device)}
              </p>
            </div>
            {device.isCurrent ? (
              <span className="text-sm font-semibold text-green-800">This device</span>
            ) : (
              <Button
                variant="secondary"
                disabled={signOut.isPending}
                aria-label={`Sign out ${describeDevice(device)}`}
                onClick={() =>
                  signOut.mutate(device.id, {
                    onSuccess: () => notify.area.success(accountMessages.deviceSignedOut),
                    onError: (error) =>
                      notify.area.error(
                        messageOf(error, 'Failed to sign out the device. Please try again.'),
                      ),
                  })
                }
              >
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

const browsers = [
  ['Edg/', 'Edge'],
  ['Firefox/', 'Firefox'],
  ['Chrome/', 'Chrome'],
  ['Safari/', 'Safari'],
] as const;
const systems = [
  ['Windows', 'Windows'],
  ['Android', 'Android'],
  ['iPhone', 'iPhone'],
  ['iPad', 'iPad'],
  ['Mac OS', 'macOS'],
  ['Linux', 'Linux'],
] as const;

/** "Chrome on Linux" from the browser's user agent; enough to tell devices apart. */
function describeDevice({ userAgent }: Device): string {
  if (!userAgent) return 'Unknown device';
  const nameIn = (list: readonly (readonly [string, string])[], fallback: string) =>
    list.find(([token]) => userAgent.includes(token))?.[1] ?? fallback;
  return `${nameIn(browsers, 'A browser')} on ${nameIn(systems, 'an unknown system')}`;
}

/**
 * The device in hand is active now. Another one's session is renewed at most once a day, so its
 * last activity is known to the day, not the minute.
 */
function lastActive(device: Device): string {
  return device.isCurrent ? 'active now' : `last active ${formatDate(device.lastActiveAt)}`;
}

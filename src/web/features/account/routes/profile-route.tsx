import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../../../lib/router/router.tsx';
import type { Profile } from '../../../../shared/api/account.ts';
import { accountMessages } from '../../../../shared/rules/account.ts';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';
import { useProfile } from '../api/get-profile.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { AccountPage, linkClass } from '../../../components/ui/account-page.tsx';
import { Avatar } from '../components/avatar.tsx';
import { DownloadDataLinks } from '../components/download-data-links.tsx';
import { ProfileForm } from '../components/profile-form.tsx';
import { notify } from '../../../lib/notify.ts';
import { Panel, panelClass } from '../../../components/ui/panel.tsx';
import { formatMonth } from '../../../../shared/rules/dates.ts';

export function ProfileRoute() {
  const profile = useProfile();
  return (
    <AccountPage title="My Profile">
      {profile.isPending && <p className="text-ink-700">Loading your profile...</p>}
      {profile.isError && (
        <div role="alert" className={panelClass}>
          <p className="font-semibold">{accountMessages.profileNotFound}</p>
          <p className="mt-1 text-ink-700">{accountMessages.loadProfileFailed}</p>
          <Button className="mt-3" onClick={() => void profile.refetch()}>
            Retry
          </Button>
        </div>
      )}
      {profile.data && <ProfileDetails profile={profile.data} />}
    </AccountPage>
  );
}

function ProfileDetails({ profile }: { profile: Profile }) {
  const [isEditing, setIsEditing] = useState(false);
  const update = useUpdateProfile();
  return (
    <>
      <section aria-labelledby="about-heading" className={panelClass}>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex items-center gap-4">
            <Avatar name={profile.fullName} url={profile.avatarUrl} />
            <div>
              <h2 id="about-heading" className="font-display text-2xl font-bold">
                {profile.fullName}
              </h2>
              <p className="text-ink-700">{profile.email}</p>
              <p className="text-sm text-ink-700">
                Member since {formatMonth(profile.memberSince)}
              </p>
            </div>
          </div>
          {!isEditing && (
            <Button variant="secondary" onClick={() => setIsEditing(true)}>
              <Pencil className="h-4 w-4" aria-hidden="true" />
              Edit
            </Button>
          )}
        </div>
        <div className="mt-5">
          {isEditing ? (
            <ProfileForm
              profile={profile}
              isSaving={update.isPending}
              onCancel={() => setIsEditing(false)}
              onSave={(fields) =>
                update.mutate(fields, {
                  onSuccess: () => {
                    notify.area.success(accountMessages.profileUpdated);
                    setIsEditing(false);
                  },
                  onError: () => notify.area.error(accountMessages.updateProfileFailed),
                })
              }
            />
          ) : (
            <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[8rem_1fr]">
              <dt className="font-semibold text-ink-800">Bio</dt>
              <dd className="whitespace-pre-wrap">{profile.bio || 'No bio yet.'}</dd>
              <dt className="font-semibold text-ink-800">Website</dt>
              <dd>
                {profile.website ? (
                  <a
                    href={profile.website}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    className={linkClass}
                  >
                    {profile.website}
                  </a>
                ) : (
                  'Not set'
                )}
              </dd>
            </dl>
          )}
        </div>
      </section>

      <Panel title="Your Journey">
        <dl className="mt-4 grid gap-4 sm:grid-cols-3">
          <Stat label="Courses Enrolled" value={profile.stats.coursesEnrolled} />
          <Stat label="Lessons Completed" value={profile.stats.lessonsCompleted} />
          <Stat label="Reflections Written" value={profile.stats.reflectionsWritten} />
        </dl>
      </Panel>

      <Panel title="Quick Actions">
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <Link to={paths.settings} className={linkClass}>
            Account Settings
          </Link>
          <Link to={paths.dashboard} className={linkClass}>
            View Dashboard
          </Link>
        </div>
        <DownloadDataLinks className="mt-4" />
      </Panel>
    </>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg bg-flame-50 p-4 text-center">
      <dt className="text-sm font-medium text-ink-700">{label}</dt>
      <dd className="font-display text-3xl font-bold text-ink-900">{value}</dd>
    </div>
  );
}

import { useState, type FormEvent } from 'react';
import { notify } from '../../../lib/notify.ts';
import {
  createBetaInvitationSchema,
  grantBetaAccessSchema,
  type BetaGrantView,
} from '../../../../shared/api/beta.ts';
import { betaLimits, betaMessages } from '../../../../shared/rules/beta.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DaysLeft } from '../../../components/ui/days-left.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatDate } from '../../../../shared/rules/dates.ts';
import {
  useCreateBetaInvitation,
  useGrantBetaAccess,
  useUpdateBetaGrant,
} from '../api/admin-actions.ts';
import { useBetaAdminData } from '../api/get-beta-admin-data.ts';
import { CopyCodeButton } from './copy-code-button.tsx';
import { CourseChecklist } from '../../../components/ui/course-checklist.tsx';
import { useCourseNames } from './course-names.ts';
import { useSubmit, type SubmitMutation, type SubmitSchema } from '../../../lib/use-submit.ts';

export function ManageUsers() {
  return (
    <div className="space-y-8">
      <div className="grid gap-8 lg:grid-cols-2">
        <GrantForm />
        <InviteForm />
      </div>
      <GrantList />
      <InvitationList />
    </div>
  );
}

function GrantForm() {
  const grant = useGrantBetaAccess();
  return (
    <BetaAccessForm
      heading="Grant Beta Access"
      recipient={{ name: 'user-email', label: 'User email', type: 'email', maxLength: 254 }}
      durationLabel="Grant duration (days)"
      submitLabel="Grant Access"
      schema={grantBetaAccessSchema}
      mutation={grant}
      messages={{
        success: betaMessages.granted,
        failure: betaMessages.grantFailed,
        successOf: (result, email) =>
          result.waitingForConfirmation
            ? betaMessages.waitingForConfirmation(email)
            : betaMessages.granted,
      }}
    />
  );
}

function InviteForm() {
  const invite = useCreateBetaInvitation();
  return (
    <BetaAccessForm
      heading="Invite by Email"
      recipient={{ name: 'email', label: 'Invitation email', type: 'email', maxLength: 254 }}
      durationLabel="Invitation duration (days)"
      submitLabel="Send Invitation"
      schema={createBetaInvitationSchema}
      mutation={invite}
      messages={{ success: betaMessages.invited, failure: betaMessages.inviteFailed }}
    />
  );
}

interface BetaAccessFormProps<Input, Result> {
  heading: string;
  /** Who receives the access: the address of a user's account, or an address to invite. */
  recipient: { name: string; label: string; type?: 'email'; maxLength: number };
  durationLabel: string;
  submitLabel: string;
  /** Checks { email, courseIds, durationDays }: the recipient's address is the email. */
  schema: SubmitSchema<Input>;
  mutation: SubmitMutation<Input, Result>;
  messages: {
    success: string;
    failure: string;
    /** When the answer changes what is said (a grant that waits for a confirmation). */
    successOf?: (result: Result, recipient: string) => string;
  };
}

/** A beta grant to a user or an invitation, both by email: recipient, courses and duration. */
function BetaAccessForm<Input, Result>(props: BetaAccessFormProps<Input, Result>) {
  const { heading, recipient: field, mutation, messages } = props;
  const [recipient, setRecipient] = useState('');
  const [courseIds, setCourseIds] = useState<string[]>([]);
  const [durationDays, setDurationDays] = useState(String(betaLimits.accessDays.default));
  const headingId = `beta-${field.name}-heading`;
  const { submit, error } = useSubmit(props.schema, mutation, {
    failure: messages.failure,
    onSuccess: (result) => {
      notify.site.success(messages.successOf?.(result, recipient) ?? messages.success);
      setRecipient('');
    },
    // The spec's words, and what went wrong when the server said (a 409: already invited).
    onFailure: (reason) =>
      notify.site.error(reason === messages.failure ? reason : `${messages.failure}: ${reason}`),
  });
  const send = (event: FormEvent) => {
    event.preventDefault();
    submit({ email: recipient, courseIds, durationDays });
  };

  return (
    <form onSubmit={send} noValidate aria-labelledby={headingId} className="space-y-4">
      <h3 id={headingId} className="font-display text-lg font-semibold">
        {heading}
      </h3>
      <TextField
        label={field.label}
        type={field.type}
        maxLength={field.maxLength}
        value={recipient}
        onChange={(event) => setRecipient(event.target.value)}
      />
      <CourseChecklist
        legend="Courses"
        selected={courseIds}
        onChange={setCourseIds}
        whenEmpty="every"
        look="grid"
      />
      <TextField
        label={props.durationLabel}
        type="number"
        min={betaLimits.accessDays.min}
        max={betaLimits.accessDays.max}
        value={durationDays}
        onChange={(event) => setDurationDays(event.target.value)}
      />
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <Button type="submit" disabled={mutation.isPending}>
        {props.submitLabel}
      </Button>
    </form>
  );
}

const endText = { expired: 'Expired', deactivated: 'Deactivated', upgraded: 'Upgraded to paid' };

function GrantList() {
  const data = useBetaAdminData();
  const courseNames = useCourseNames();
  const update = useUpdateBetaGrant();
  if (data.isPending) return <p className="text-ink-700">Loading beta users...</p>;
  if (data.isError) return <ErrorAlert error={data.error} fallback={betaMessages.tryLater} />;

  const act = (grant: BetaGrantView, action: 'deactivate' | 'extend') =>
    update.mutate(
      { grantId: grant.id, action },
      {
        onSuccess: () =>
          notify.site.success(
            action === 'extend'
              ? betaMessages.extended(betaLimits.extensionDays)
              : betaMessages.deactivated,
          ),
        onError: () =>
          notify.site.error(
            action === 'extend' ? betaMessages.extendFailed : betaMessages.deactivateFailed,
          ),
      },
    );

  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-display text-lg font-semibold">Beta users</caption>
        <thead>
          <tr className="border-b border-ink-600/20">
            <th className="py-2 pr-3">User</th>
            <th className="py-2 pr-3">Courses</th>
            <th className="py-2 pr-3">Method</th>
            <th className="py-2 pr-3">Expires</th>
            <th className="py-2 pr-3">Status</th>
            <th className="py-2 pr-3">Actions</th>
          </tr>
        </thead>
        <tbody>
          {data.data.grants.length === 0 && (
            <tr>
              <td colSpan={6} className="py-2 text-ink-700">
                No beta users yet.
              </td>
            </tr>
          )}
          {data.data.grants.map((grant) => (
            <tr key={grant.id} className="border-b border-ink-600/10">
              <td className="py-2 pr-3">{grant.userEmail ?? grant.userId}</td>
              <td className="py-2 pr-3">{courseNames(grant.courseIds)}</td>
              <td className="py-2 pr-3">
                {grant.grantMethod}
                {grant.betaCodeUsed && (
                  <span className="inline-flex items-center gap-1 font-mono">
                    {' '}
                    {grant.betaCodeUsed}
                    <CopyCodeButton code={grant.betaCodeUsed} />
                  </span>
                )}
              </td>
              <td className="py-2 pr-3">
                {grant.expiresAt === null ? (
                  'Never'
                ) : grant.isActive ? (
                  <DaysLeft expiresAt={grant.expiresAt} now={data.dataUpdatedAt} />
                ) : (
                  formatDate(grant.expiresAt)
                )}
              </td>
              <td className="py-2 pr-3">
                {grant.isActive ? 'Active' : endText[grant.endReason ?? 'expired']}
              </td>
              <td className="flex flex-wrap gap-2 py-2 pr-3">
                {grant.isActive && (
                  <Button
                    variant="secondary"
                    className="px-2 py-1 text-xs"
                    aria-label={`Deactivate beta access of ${grant.userEmail ?? grant.userId}`}
                    disabled={update.isPending}
                    onClick={() => act(grant, 'deactivate')}
                  >
                    Deactivate
                  </Button>
                )}
                <Button
                  variant="secondary"
                  className="px-2 py-1 text-xs"
                  aria-label={`Extend beta access of ${grant.userEmail ?? grant.userId} by ${betaLimits.extensionDays} days`}
                  disabled={update.isPending}
                  onClick={() => act(grant, 'extend')}
                >
                  Extend {betaLimits.extensionDays} days
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function InvitationList() {
  const data = useBetaAdminData();
  const courseNames = useCourseNames();
  if (!data.data) return null;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-display text-lg font-semibold">Invitations</caption>
        <thead>
          <tr className="border-b border-ink-600/20">
            <th className="py-2 pr-3">Email</th>
            <th className="py-2 pr-3">Courses</th>
            <th className="py-2 pr-3">Invited</th>
            <th className="py-2 pr-3">Access until</th>
            <th className="py-2 pr-3">Status</th>
          </tr>
        </thead>
        <tbody>
          {data.data.invitations.length === 0 && (
            <tr>
              <td colSpan={5} className="py-2 text-ink-700">
                No invitations yet.
              </td>
            </tr>
          )}
          {data.data.invitations.map((invitation) => (
            <tr key={invitation.id} className="border-b border-ink-600/10">
              <td className="py-2 pr-3">{invitation.email}</td>
              <td className="py-2 pr-3">{courseNames(invitation.courseIds)}</td>
              <td className="py-2 pr-3">{formatDate(invitation.invitedAt)}</td>
              <td className="py-2 pr-3">{formatDate(invitation.expiresAt)}</td>
              <td className="py-2 pr-3">
                {invitation.claimed && invitation.claimedAt
                  ? `Claimed ${formatDate(invitation.claimedAt)}`
                  : 'Not claimed yet'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { useId, useState } from 'react';
import {
  broadcastSegmentLabels,
  broadcastSegments,
  courseSegments,
  type BroadcastDraft,
  type BroadcastSegment,
} from '../../../../shared/api/broadcasts.ts';
import { formatDateTime } from '../../../../shared/rules/dates.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useCatalogue } from '../../../lib/catalogue.ts';
import { notify } from '../../../lib/notify.ts';
import {
  useBroadcasts,
  useCancelBroadcast,
  usePreviewBroadcast,
  useScheduleBroadcast,
  useTestBroadcast,
} from '../api/broadcasts.ts';

const selectClass = 'rounded-lg border border-ink-600/40 bg-white px-3 py-2.5';

/**
 * The creator writes to a segment, sees how many it reaches and how it reads, sends it to
 * themselves, then schedules it; the clock sends it in batches and the list shows how it fared.
 */
export function BroadcastsTab() {
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [segment, setSegment] = useState<BroadcastSegment>('newsletter');
  const [courseId, setCourseId] = useState('');
  const [sendAt, setSendAt] = useState('');
  const catalogue = useCatalogue();
  const preview = usePreviewBroadcast();
  const test = useTestBroadcast();
  const schedule = useScheduleBroadcast();
  const segmentId = useId();
  const courseFieldId = useId();
  const needsCourse = courseSegments.includes(segment);
  const draft: BroadcastDraft = {
    subject,
    body,
    segment,
    ...(needsCourse && courseId ? { courseId } : {}),
  };

  const scheduleLetter = () =>
    schedule.mutate(
      { draft, sendAt: (sendAt ? new Date(sendAt) : new Date()).toISOString() },
      {
        onSuccess: () => {
          notify.area.success('Broadcast scheduled');
          setSubject('');
          setBody('');
          preview.reset();
        },
        onError: (error) => notify.area.failure('Could not schedule the broadcast', error),
      },
    );

  return (
    <div className="space-y-6">
      <Panel title="Write a broadcast">
        <div className="mt-4 space-y-4">
          <div className="flex flex-wrap gap-4">
            <div>
              <label htmlFor={segmentId} className="mb-1 block text-sm font-medium">
                Send to
              </label>
              <select
                id={segmentId}
                value={segment}
                onChange={(event) => setSegment(event.target.value as BroadcastSegment)}
                className={selectClass}
              >
                {broadcastSegments.map((choice) => (
                  <option key={choice} value={choice}>
                    {broadcastSegmentLabels[choice]}
                  </option>
                ))}
              </select>
            </div>
            {needsCourse && (
              <div>
                <label htmlFor={courseFieldId} className="mb-1 block text-sm font-medium">
                  Course
                </label>
                <select
                  id={courseFieldId}
                  value={courseId}
                  onChange={(event) => setCourseId(event.target.value)}
                  className={selectClass}
                >
                  <option value="">Choose a course</option>
                  {catalogue.data?.courses.map((course) => (
                    <option key={course.id} value={course.id}>
                      {course.title}
                    </option>
                  ))}
                </select>
              </div>
            )}
          </div>
          <TextField
            label="Subject"
            value={subject}
            maxLength={200}
            onChange={(event) => setSubject(event.target.value)}
          />
          <TextAreaField
            label="Letter"
            rows={8}
            value={body}
            maxLength={20_000}
            onChange={(event) => setBody(event.target.value)}
          />
          <p className="text-sm text-ink-700">
            Learners receive it only with Marketing Emails on; newsletter subscribers each get their
            own unsubscribe link. Every mail ends with a way to stop them.
          </p>
          <div className="flex flex-wrap items-end gap-3">
            <Button
              variant="secondary"
              disabled={preview.isPending}
              onClick={() =>
                preview.mutate(draft, {
                  onError: (error) => notify.area.failure('Could not preview the broadcast', error),
                })
              }
            >
              Preview
            </Button>
            <Button
              variant="secondary"
              disabled={test.isPending}
              onClick={() =>
                test.mutate(draft, {
                  onSuccess: ({ sentTo }) => notify.area.success(`Test sent to ${sentTo}`),
                  onError: (error) => notify.area.failure('Could not send the test', error),
                })
              }
            >
              Send me a test
            </Button>
            <TextField
              label="Send at (empty: now)"
              type="datetime-local"
              value={sendAt}
              onChange={(event) => setSendAt(event.target.value)}
            />
            <Button disabled={schedule.isPending} onClick={scheduleLetter}>
              Schedule
            </Button>
          </div>
          {preview.data && (
            <section aria-label="Preview" className="rounded-lg border border-ink-600/20 p-4">
              <p className="font-semibold">
                Reaches {preview.data.recipients}{' '}
                {preview.data.recipients === 1 ? 'person' : 'people'} now.
              </p>
              <p className="mt-2 font-semibold">{preview.data.subject}</p>
              <pre className="mt-2 font-sans text-sm whitespace-pre-wrap">{preview.data.text}</pre>
            </section>
          )}
        </div>
      </Panel>
      <BroadcastList />
    </div>
  );
}

function BroadcastList() {
  const broadcasts = useBroadcasts();
  const cancel = useCancelBroadcast();
  const rows = broadcasts.data?.broadcasts ?? [];
  return (
    <Panel title="Broadcasts">
      {rows.length === 0 ? (
        <p className="mt-2 text-ink-700">No broadcasts yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-ink-600/20">
          {rows.map((broadcast) => (
            <li
              key={broadcast.id}
              className="flex flex-wrap items-center justify-between gap-2 py-3"
            >
              <div>
                <p className="font-semibold">{broadcast.subject}</p>
                <p className="text-sm text-ink-700">
                  {broadcastSegmentLabels[broadcast.segment]} ·{' '}
                  {formatDateTime(new Date(broadcast.sendAt))} · {broadcast.status}
                </p>
                <p className="text-sm">
                  {broadcast.handed} handed to the mail queue · {broadcast.delivered} sent ·{' '}
                  {broadcast.failed} failed · {broadcast.skipped} passed over (switch off)
                </p>
              </div>
              {['scheduled', 'sending'].includes(broadcast.status) && (
                <Button
                  variant="secondary"
                  disabled={cancel.isPending}
                  onClick={() =>
                    cancel.mutate(broadcast.id, {
                      onError: (error) =>
                        notify.area.failure('Could not stop the broadcast', error),
                    })
                  }
                >
                  Stop “{broadcast.subject}”
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

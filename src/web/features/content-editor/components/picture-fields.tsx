import { useId, useState } from 'react';
import type { CourseDocument } from '../../../../shared/api/content.ts';
import { PICTURE_MAX_BYTES, pictureMessages } from '../../../../shared/rules/picture-file.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { useUploadPicture } from '../api/upload-picture.ts';

type PictureChange = Partial<Pick<CourseDocument, 'thumbnail' | 'thumbnailAlt'>>;

/**
 * The course's picture (issue 36.1): an https address or a path on this site, or a file uploaded
 * here, which the site then serves; with the words that say what it shows.
 */
export function PictureFields({
  course,
  onChange,
}: {
  course: CourseDocument;
  onChange: (change: PictureChange) => void;
}) {
  return (
    <div className="space-y-3">
      <TextField
        label="Picture address"
        inputMode="url"
        maxLength={2_000}
        placeholder="https://… or /images/…"
        hint="Shown on the course page and in shared links: an https address, or a path on this site."
        value={course.thumbnail ?? ''}
        onChange={(event) => onChange({ thumbnail: event.target.value || undefined })}
      />
      <PictureUpload onUploaded={(path) => onChange({ thumbnail: path })} />
      {course.thumbnail && (
        <>
          <figure className="max-w-xs">
            <img
              src={course.thumbnail}
              alt={course.thumbnailAlt ?? ''}
              width={320}
              height={180}
              className="aspect-video w-full rounded-lg bg-ink-600/10 object-cover"
            />
            <figcaption className="mt-1 text-sm text-ink-700">
              The picture as learners see it
            </figcaption>
          </figure>
          <TextField
            label="What the picture shows (alt text)"
            required
            maxLength={300}
            value={course.thumbnailAlt ?? ''}
            onChange={(event) => onChange({ thumbnailAlt: event.target.value || undefined })}
          />
        </>
      )}
    </div>
  );
}

function PictureUpload({ onUploaded }: { onUploaded: (path: string) => void }) {
  const inputId = useId();
  const upload = useUploadPicture();
  const [outcome, setOutcome] = useState<{ isError: boolean; text: string } | null>(null);
  const send = (file: File) => {
    // The server refuses it too; checked here first so a large file is not sent for nothing.
    if (file.size > PICTURE_MAX_BYTES) {
      setOutcome({ isError: true, text: `${file.name}: ${pictureMessages.tooLarge}` });
      return;
    }
    setOutcome(null);
    upload.mutate(file, {
      onSuccess: (picture) => {
        onUploaded(picture.path);
        setOutcome({
          isError: false,
          text: `Uploaded ${file.name} (${picture.width} × ${picture.height} pixels).`,
        });
      },
      onError: (error) =>
        setOutcome({
          isError: true,
          text: `${file.name}: ${messageOf(error, 'The picture could not be uploaded. Please try again.')}`,
        }),
    });
  };
  return (
    <div>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-ink-800">
        Or upload a picture (JPEG, PNG or WebP, up to 2 MB)
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        disabled={upload.isPending}
        className="block text-sm"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) send(file);
        }}
      />
      {upload.isPending && (
        <p role="status" className="mt-1 text-sm text-ink-700">
          Uploading…
        </p>
      )}
      {outcome && (
        <p
          role={outcome.isError ? 'alert' : 'status'}
          className={`mt-1 text-sm ${outcome.isError ? 'text-red-700' : 'text-ink-700'}`}
        >
          {outcome.text}
        </p>
      )}
    </div>
  );
}

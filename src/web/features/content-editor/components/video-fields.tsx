import type { LessonDocument } from '../../../../shared/api/content.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { CaptionFields } from './caption-fields.tsx';

type VideoSource = 'none' | 'vimeo' | 'url';

const sourceLabels: Record<VideoSource, string> = {
  none: 'No video',
  vimeo: 'A Vimeo video',
  url: 'A video file at an address (played in the browser’s own player)',
};

function sourceOf(lesson: LessonDocument): VideoSource {
  if (lesson.vimeoVideoId !== undefined) return 'vimeo';
  return lesson.videoUrl !== undefined ? 'url' : 'none';
}

/** The lesson's video: a Vimeo id or the https address of a video file, never both. */
export function VideoFields({
  lesson,
  onChange,
}: {
  lesson: LessonDocument;
  onChange: (lesson: LessonDocument) => void;
}) {
  const source = sourceOf(lesson);
  const { vimeoVideoId: _vimeo, videoUrl: _url, captions: _captions, ...withoutVideo } = lesson;
  const choose = (next: VideoSource) => {
    if (next === 'vimeo') onChange({ ...withoutVideo, vimeoVideoId: '' });
    else if (next === 'url') onChange({ ...withoutVideo, videoUrl: '' });
    else onChange(withoutVideo);
  };
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 font-semibold text-ink-900">Video</legend>
      <div className="flex flex-wrap gap-4">
        {(Object.keys(sourceLabels) as VideoSource[]).map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm text-ink-800">
            <input
              type="radio"
              name={`video-${lesson.id}`}
              checked={source === option}
              onChange={() => choose(option)}
              className="accent-flame-600"
            />
            {sourceLabels[option]}
          </label>
        ))}
      </div>
      {source === 'vimeo' && (
        <TextField
          label="Vimeo video id"
          inputMode="numeric"
          maxLength={20}
          value={lesson.vimeoVideoId ?? ''}
          onChange={(event) => onChange({ ...withoutVideo, vimeoVideoId: event.target.value })}
          className="max-w-xs"
        />
      )}
      {source === 'url' && (
        <TextField
          label="Video address (https)"
          type="url"
          maxLength={2_000}
          value={lesson.videoUrl ?? ''}
          onChange={(event) => onChange({ ...lesson, videoUrl: event.target.value })}
        />
      )}
      {source !== 'none' && (
        <div className="flex flex-wrap gap-4">
          <TextField
            label="Video title"
            maxLength={200}
            value={lesson.videoTitle ?? ''}
            onChange={(event) => onChange({ ...lesson, videoTitle: event.target.value })}
          />
          <TextField
            label="Video length (mm:ss)"
            maxLength={6}
            value={lesson.videoDuration ?? ''}
            onChange={(event) => onChange({ ...lesson, videoDuration: event.target.value })}
            className="max-w-40"
          />
        </div>
      )}
      {source === 'url' && (
        <CaptionFields
          tracks={lesson.captions ?? []}
          onChange={(captions) => {
            const { captions: _previous, ...rest } = lesson;
            onChange(captions.length > 0 ? { ...rest, captions } : rest);
          }}
        />
      )}
    </fieldset>
  );
}

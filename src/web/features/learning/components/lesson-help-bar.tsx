import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * Help one tap away without covering what the learner reads: a bar that keeps to the top of the
 * screen and takes its own room in the page, with "Get help now" and, while the panel is closed,
 * the companion's opener (on a phone, its icon; its name stays "Open AI companion").
 */
export function LessonHelpBar({
  help,
  onOpenCompanion,
}: {
  help: ReactNode;
  /** Null while the panel is open: its own Close button is then the way back. */
  onOpenCompanion: (() => void) | null;
}) {
  return (
    <div className="sticky top-0 z-30 border-b border-ink-600/20 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-2 sm:px-6">
        {help}
        {onOpenCompanion && (
          <button
            type="button"
            onClick={onOpenCompanion}
            aria-label="Open AI companion"
            className="inline-flex items-center gap-2 rounded-full bg-flame-600 px-3 py-2 font-semibold text-white hover:bg-flame-700 sm:px-4"
          >
            <Sparkles className="h-5 w-5" aria-hidden="true" />
            <span className="hidden sm:inline">Open AI companion</span>
          </button>
        )}
      </div>
    </div>
  );
}

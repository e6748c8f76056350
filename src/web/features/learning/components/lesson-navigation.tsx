import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

export interface LessonNavigationProps {
  /** Undefined at the first lesson of the course. */
  onPrevious: (() => void) | undefined;
  /** Undefined at the last lesson of the course. */
  onNext: (() => void) | undefined;
  onMarkComplete: () => void;
  isCompleted: boolean;
  isCompleting: boolean;
}

/** Previous Lesson, Mark Complete and Next Lesson; at either end that way does nothing. */
export function LessonNavigation({
  onPrevious,
  onNext,
  onMarkComplete,
  isCompleted,
  isCompleting,
}: LessonNavigationProps) {
  return (
    <nav
      aria-label="Lesson navigation"
      className="flex flex-wrap items-center justify-between gap-3 border-t border-ink-600/20 pt-6"
    >
      <Button variant="secondary" onClick={onPrevious} disabled={!onPrevious}>
        <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        Previous Lesson
      </Button>
      <Button onClick={onMarkComplete} disabled={isCompleted || isCompleting}>
        {isCompleted ? 'Completed' : 'Mark Complete'}
      </Button>
      <Button variant="secondary" onClick={onNext} disabled={!onNext}>
        Next Lesson
        <ChevronRight className="h-4 w-4" aria-hidden="true" />
      </Button>
    </nav>
  );
}

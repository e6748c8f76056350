import type { ComponentType } from 'react';
import type { SafetyConcern } from '../../../shared/rules/companion.ts';

/**
 * What the lesson viewer shows of the AI companion; the app passes the companion feature's
 * components in, so the two features never import each other.
 */
export interface LessonCompanion {
  Panel: ComponentType<{
    courseId: string;
    moduleId: string;
    lessonId: string;
    isOpen: boolean;
    onOpenChange: (isOpen: boolean) => void;
    /** Goes up each time the learner saves a reflection or completes the lesson. */
    learningEventCount: number;
  }>;
  ReflectionAssist: ComponentType<{
    courseId: string;
    moduleId: string;
    lessonId: string;
    promptId: string;
    text: string;
    onAppend: (addition: string) => void;
    /** The draft was judged at risk: the card shows the help for this concern. */
    onAtRisk: (concern: SafetyConcern) => void;
  }>;
  /** The help for a learner at risk, with the operator's resources for the concern as links. */
  SafetyHelp: ComponentType<{ isAlert?: boolean; concern?: SafetyConcern }>;
  /** "Get help now": in the lesson page's help bar at all times, panel open or closed. */
  GetHelpNow: ComponentType;
}

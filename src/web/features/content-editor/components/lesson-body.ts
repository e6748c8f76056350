import type { ComponentType } from 'react';

/**
 * The component learners read a lesson's Markdown in (the learning feature's LessonContent),
 * handed in by the app so that the editor's preview is the page learners see.
 */
export type LessonBody = ComponentType<{ markdown: string }>;

import { useQuery } from '@tanstack/react-query';
import type { LessonParams } from '../../../../shared/api/learning.ts';
import { lessonPageQueryOptions } from '../../../lib/signed-in-pages.ts';

export function useLessonPage(params: LessonParams) {
  return useQuery(lessonPageQueryOptions(params));
}

/** Enrollment progress is a whole percentage from 0 to 100; 100 means completed. */
export function clampProgress(progress: number): number {
  if (Number.isNaN(progress)) return 0;
  return Math.min(100, Math.max(0, Math.round(progress)));
}

export function isProgressComplete(progress: number): boolean {
  return clampProgress(progress) === 100;
}

export function progressFromLessons(completedLessons: number, totalLessons: number): number {
  return totalLessons === 0 ? 0 : clampProgress((completedLessons / totalLessons) * 100);
}

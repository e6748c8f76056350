/** The learner's last choice to open or close the companion panel, kept in this browser. */
const COMPANION_OPEN_KEY = 'sovereign-flame:companion-open';

/**
 * Beside the lesson from 1024 px; it starts open by itself only from 1536 px, where the lesson
 * keeps a full column beside it (at 1280 px it would squeeze the lesson to 400 px). A choice the
 * learner made wins on any screen wide enough to show both.
 */
export function initialCompanionOpen(): boolean {
  const isSideBySide = window.matchMedia?.('(min-width: 1024px)').matches ?? true;
  if (!isSideBySide) return false;
  const choice = readChoice();
  if (choice !== null) return choice === 'open';
  return window.matchMedia?.('(min-width: 1536px)').matches ?? true;
}

export function rememberCompanionOpen(isOpen: boolean): void {
  try {
    localStorage.setItem(COMPANION_OPEN_KEY, isOpen ? 'open' : 'closed');
  } catch {
    // Storage disabled: the choice lasts for this page only.
  }
}

function readChoice(): string | null {
  try {
    return localStorage.getItem(COMPANION_OPEN_KEY);
  } catch {
    return null;
  }
}

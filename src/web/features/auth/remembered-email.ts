// Only the email is kept, and only when the learner ticks "Remember me".
const STORAGE_KEY = 'sovereign-flame.remembered-email';

export function readRememberedEmail(): string {
  return window.localStorage.getItem(STORAGE_KEY) ?? '';
}

export function rememberEmail(email: string, shouldRemember: boolean): void {
  if (shouldRemember) window.localStorage.setItem(STORAGE_KEY, email);
  else window.localStorage.removeItem(STORAGE_KEY);
}

/** The longest address a mailbox can have (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * name@domain.tld: one @, no spaces, a dot inside the domain. A single pass over at most
 * EMAIL_MAX_LENGTH characters, never a backtracking pattern: a hostile address costs nothing.
 */
export function isEmailAddress(text: string): boolean {
  if (text.length > EMAIL_MAX_LENGTH || /\s/.test(text)) return false;
  const at = text.indexOf('@');
  if (at < 1 || at !== text.lastIndexOf('@')) return false;
  const domain = text.slice(at + 1);
  const dot = domain.indexOf('.', 1);
  return dot !== -1 && dot < domain.length - 1;
}

/** The words every form shows for an address, in the browser and from the server alike. */
export const emailMessages = {
  required: 'Email is required',
  invalid: 'Please enter a valid email address',
  tooLong: `Email must be at most ${EMAIL_MAX_LENGTH} characters`,
} as const;

/**
 * What is wrong with a typed address, trimmed as the server trims it, in the words the server
 * answers with; undefined when nothing is. The same rule as `emailSchema`, without zod, for a
 * page that checks an address before sending it and loads no zod (the landing page's footer).
 */
export function emailProblem(typed: string): string | undefined {
  const address = typed.trim();
  if (address === '') return emailMessages.required;
  if (address.length > EMAIL_MAX_LENGTH) return emailMessages.tooLong;
  return isEmailAddress(address) ? undefined : emailMessages.invalid;
}

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

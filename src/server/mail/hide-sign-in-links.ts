/** A password-reset or address-confirmation link: whoever holds it acts as the account. */
const SIGN_IN_LINK =
  /https?:\/\/\S*?(?:\/api\/auth\/reset-password\/|\/api\/auth\/verify-email\?)\S*/g;

export const HIDDEN_LINK_TEXT = '[link hidden: an admin may reveal it, which the account will see]';

/**
 * The Outbox shows who was sent what, never the working link (T4-M2): an admin who wants it
 * reveals it, and the account's history says so.
 */
export function hideSignInLinks(text: string): { text: string; hasHiddenLink: boolean } {
  const hidden = text.replace(SIGN_IN_LINK, HIDDEN_LINK_TEXT);
  return { text: hidden, hasHiddenLink: hidden !== text };
}

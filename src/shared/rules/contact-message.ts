/** The longest message the footer's contact form takes; the browser's field and the server agree. */
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

/**
 * Lines at risk that the detector alone reads as calm and only the server's reader of meaning
 * recognises (meaning-reader.ts), written for the tests; meaning-reader.test.ts asserts both.
 */
export const linesOnlyMeaningReads = {
  'suicide-self-harm':
    'I walked to the middle of the bridge tonight and stood there a long time looking down.',
  'harm-from-others':
    'She pinches me under the table at dinner so nobody sees, and the marks on my arms go purple by the morning.',
  'eating-disorder': 'I weigh myself five times a day and the number decides my mood.',
} as const;

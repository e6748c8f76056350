/**
 * Lines at risk that the detector alone reads as calm and only the server's reader of meaning
 * recognises (meaning-reader.ts), written for the tests; meaning-reader.test.ts asserts both.
 */
export const linesOnlyMeaningReads = {
  'harm-from-others':
    'She reads all my messages and if I answer a colleague she smashes a plate, so I stopped answering anyone at work and I eat my lunch alone.',
  'eating-disorder': 'I weigh myself five times a day and the number decides my mood.',
} as const;

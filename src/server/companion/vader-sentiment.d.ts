/** The JavaScript port of VADER ships no types; this is the one call the companion makes. */
declare module 'vader-sentiment' {
  export const SentimentIntensityAnalyzer: {
    polarity_scores: (text: string) => { neg: number; neu: number; pos: number; compound: number };
  };
}

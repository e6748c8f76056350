/**
 * Words that name a feeling, for the patterns and suggestions made without the AI. A closed list
 * rather than a sentiment lexicon: a lexicon scores "yes", "no", "want" and "like", and a pattern
 * named after one of them says nothing true about the learner.
 */
const positiveFeelings = new Set([
  'at ease',
  'brave',
  'calm',
  'capable',
  'cheerful',
  'confident',
  'content',
  'courageous',
  'curious',
  'delighted',
  'energised',
  'energized',
  'excited',
  'free',
  'glad',
  'grateful',
  'grounded',
  'happy',
  'hopeful',
  'inspired',
  'joy',
  'joyful',
  'loved',
  'peaceful',
  'playful',
  'proud',
  'relaxed',
  'relieved',
  'rested',
  'safe',
  'secure',
  'serene',
  'strong',
  'thankful',
  'trusting',
]);

const negativeFeelings = new Set([
  'afraid',
  'angry',
  'anxious',
  'anxiety',
  'ashamed',
  'bitter',
  'burned out',
  'depressed',
  'desperate',
  'devastated',
  'disappointed',
  'drained',
  'empty',
  'exhausted',
  'frightened',
  'frustrated',
  'furious',
  'grief',
  'guilty',
  'heartbroken',
  'helpless',
  'hopeless',
  'humiliated',
  'hurt',
  'insecure',
  'irritated',
  'jealous',
  'lonely',
  'miserable',
  'nervous',
  'numb',
  'overwhelmed',
  'panicked',
  'resentful',
  'sad',
  'scared',
  'shame',
  'stressed',
  'stuck',
  'terrified',
  'tense',
  'tired',
  'trapped',
  'uneasy',
  'upset',
  'worried',
  'worthless',
]);

/** "No" negates only the word after it ("no joy"); "saying no makes me anxious" is anxious. */
const negators = new Set([
  'not',
  'never',
  "don't",
  "didn't",
  "isn't",
  "wasn't",
  'hardly',
  'longer',
]);
const NEGATION_REACH = 3;

/**
 * The feeling words of a text, each once, in order of appearance. A feeling under a negation
 * ("not happy", "never calm", "no longer anxious") is left out: it is not what the learner felt.
 */
export function findFeelingWords(text: string): { positive: string[]; negative: string[] } {
  const words =
    text
      .toLowerCase()
      .replace(/[\u2018\u2019]/g, "'")
      .match(/[a-z']+/g) ?? [];
  const positive = new Set<string>();
  const negative = new Set<string>();
  words.forEach((word, index) => {
    const previous = words.slice(Math.max(0, index - NEGATION_REACH), index);
    const isNegated =
      previous.some((candidate) => negators.has(candidate)) || previous.at(-1) === 'no';
    if (isNegated) return;
    const pair = index > 0 ? `${words[index - 1]} ${word}` : '';
    for (const candidate of [pair, word]) {
      if (positiveFeelings.has(candidate)) positive.add(candidate);
      if (negativeFeelings.has(candidate)) negative.add(candidate);
    }
  });
  return { positive: [...positive], negative: [...negative] };
}

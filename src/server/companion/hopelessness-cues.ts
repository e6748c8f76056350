/**
 * Phrases of hopelessness that a word lexicon reads as neutral or even bright ("gone for good",
 * "not wake up", "nobody would notice"). Text holding one is never read as positive. Written for
 * the mood reading, not for safety: the crisis check lives in the shared rules.
 */
const hopelessnessCues: readonly RegExp[] = [
  /\bno point (?:in |to )?(?:anything|any ?more|any of (?:this|it)|going on|living|life|trying|carrying on|getting up)\b/,
  /\b(?:don't|can't|fail to) see (?:the|any) point\b/,
  /\bwhat's the point\b/,
  /\b(?:it all|everything|life|my life|all of it) (?:feels |seems |is |is just )?pointless\b/,
  /\b(?:i was|i'm|i were|me|i'd be) gone for good\b/,
  /\b(?:sleep|wish|hope|want)\b[^.]{0,30}\b(?:not|never|don't) (?:to )?wake up\b/,
  /\bsleep forever\b/,
  /\btired of (?:everything|it all|living|life|being alive|trying|being me)\b/,
  /\b(?:nobody|no one|no-one) (?:would|will|'d)(?: even| ever)? (?:notice|care|miss me)\b/,
  /\b(?:nobody|no one|no-one) (?:cares|would care) (?:about me|if i|whether i)\b/,
  /\b(?:anyone|anybody) (?:who )?cares? (?:whether|if) i'm (?:alive|here|gone)\b/,
  /\balive or dead\b/,
  /\bcan't (?:do|take|handle|bear) (?:this|it) any ?more\b/,
  /\bcan't go on(?: like this| any ?more)?\s*(?:[.,!;]|$)/,
  /\b(?:don't|can't) (?:want to|keep) go(?:ing)? on\b/,
  /\bworthless\b/,
  /\b(?:i'm|like|being|am) (?:such |just |only )?a burden\b(?! (?:has |had |was |is )?(?:been )?(?:lifted|gone))/,
  /\bhopeless(?:ness|ly)?\b(?! at\b)/,
  /\bno way out\b/,
  /\bno (?:reason|will) to (?:live|go on|keep going)\b/,
  /\bgive up on (?:everything|life|myself)\b/,
  /\bbetter off without me\b/,
  /\bdon't want to (?:be here|exist|live|be alive|wake up)\b/,
  /\b(?:want|going|ready|wish) to (?:die|disappear)\b/,
  /\b(?:kill(?:ing)?|hurt(?:ing)?|harm(?:ing)?|cut(?:ting)?) myself\b(?! some slack)/,
  /\bend (?:it all|it tonight|it today|my life)\b/,
  /\btake my (?:own )?life\b/,
  /\b(?:saving|stockpiling|hoarding|collecting) (?:up )?(?:my |the )?(?:pills|tablets|meds)\b/,
  /\b(?:unalive|kms|suicid\w*|sucid\w*)\b/,
  /\bempty inside\b/,
  /\bnothing (?:i do )?(?:ever )?(?:changes|matters|helps)(?: any ?more)?\s*(?:[.,!;]|$| and\b)/,
  /\b(?:don't|can't) see (?:a|any) future\b/,
];

const spellings: readonly [RegExp, string][] = [
  [/[\u2018\u2019\u02bc`´]/g, "'"],
  [/\bcan ?not\b/g, "can't"],
  [/\bcant\b/g, "can't"],
  [/\bdo not\b/g, "don't"],
  [/\bdont\b/g, "don't"],
  [/\bim\b/g, "i'm"],
  [/\bi am\b/g, "i'm"],
  [/\bwanna\b/g, 'want to'],
  [/\bwhat is the point\b/g, "what's the point"],
  [/\bkil\b/g, 'kill'],
  [/\s+/g, ' '],
];

/** Lower case, one apostrophe and one spelling of the common contractions. */
function normalise(text: string): string {
  return spellings.reduce(
    (result, [pattern, replacement]) => result.replace(pattern, replacement),
    text.toLowerCase(),
  );
}

/** How many hopelessness cues a text holds. */
export function countHopelessnessCues(text: string): number {
  const normalised = normalise(text);
  return hopelessnessCues.filter((cue) => cue.test(normalised)).length;
}

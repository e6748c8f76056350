/**
 * Turns what a learner typed into plain words for the crisis detector: case, accents, hidden
 * characters, leetspeak, spaced and stretched letters, chat spellings, contractions and common
 * misspellings all become one canonical spelling. Every step is linear in the text's length.
 */

import { rememberedByText } from '../bounded-cache.ts';

/** Longer text is cut: no request carries more (a reflection is at most 10,000 characters). */
export const CHECKED_TEXT_LIMIT = 25_000;

/** Words the detector's phrases are written with; spellings within reach of them are mapped back. */
const keyWords = [
  'suicide',
  'suicidal',
  'myself',
  'yourself',
  'himself',
  'herself',
  'themselves',
  'overdose',
  'overdosed',
  'overdosing',
  'unalive',
  'goodbye',
  'anymore',
  'paracetamol',
  'acetaminophen',
  'worthless',
  'pointless',
  'kill',
  'killing',
  'die',
  'dying',
  'dead',
  'death',
  'life',
  'live',
  'living',
  'alive',
  'want',
  'wish',
  'end',
  'ending',
  'pills',
  'tablets',
  'cut',
  'cutting',
  'hurt',
  'harm',
  'self',
  'point',
  'wake',
  'sleep',
  'tonight',
  'forever',
  'exist',
  'burden',
  'noose',
  'hang',
  'wrists',
  'bridge',
  'jump',
];
const keyWordSet = new Set(keyWords);
/** Key words with doubled letters squeezed ("kill" → "kil"), to find stretched spellings. */
const keyWordsBySqueeze = new Map(keyWords.map((key) => [squeeze(key), key]));

/**
 * Key words long and rare enough that a word one keyboard slip away is almost surely a misspelling
 * of them ("sucidal", "myslef"); shorter ones have real neighbours (living, giving).
 */
const slipKeyWords = [
  'suicide',
  'suicidal',
  'myself',
  'yourself',
  'himself',
  'herself',
  'themselves',
  'overdose',
  'unalive',
  'goodbye',
  'paracetamol',
  'acetaminophen',
  'worthless',
  'pointless',
];
/** Real words one slip from a key word: never "corrected". */
const realNeighbours = new Set(['overdoes', 'yourselves', 'ourselves', 'hisself']);

/** Chat spellings, slang and frequent misspellings, by the canonical words they stand for. */
const spellings: Record<string, string> = {
  kms: 'kill myself',
  unalive: 'unalive',
  unalived: 'unalive',
  unaliving: 'unalive',
  unalives: 'unalive',
  sewerslide: 'sewerslide',
  lyfe: 'life',
  lfie: 'life',
  tonigt: 'tonight',
  thinkng: 'thinking',
  abot: 'about',
  wnat: 'want',
  lyf: 'life',
  b: 'be',
  wnt: 'want',
  wnna: 'want to',
  bout: 'about',
  thinkin: 'thinking',
  feelin: 'feeling',
  tryin: 'trying',
  goin: 'going',
  nothin: 'nothing',
  endin: 'ending',
  cuttin: 'cutting',
  hurtin: 'hurting',
  livin: 'living',
  somethin: 'something',
  everythin: 'everything',
  suicid: 'suicide',
  suiside: 'suicide',
  suacide: 'suicide',
  sucide: 'suicide',
  suicde: 'suicide',
  sucidal: 'suicidal',
  suisidal: 'suicidal',
  suicidle: 'suicidal',
  kil: 'kill',
  kiling: 'killing',
  killin: 'killing',
  dyin: 'dying',
  ded: 'dead',
  myslef: 'myself',
  mysef: 'myself',
  mysel: 'myself',
  meself: 'myself',
  wanna: 'want to',
  wana: 'want to',
  gonna: 'going to',
  gona: 'going to',
  gotta: 'got to',
  tryna: 'trying to',
  finna: 'going to',
  imma: 'i am going to',
  ima: 'i am going to',
  im: 'i am',
  ive: 'i have',
  id: 'i would',
  dont: 'do not',
  doesnt: 'does not',
  didnt: 'did not',
  cant: 'can not',
  cannot: 'can not',
  couldnt: 'could not',
  wouldnt: 'would not',
  shouldnt: 'should not',
  wont: 'will not',
  isnt: 'is not',
  arent: 'are not',
  wasnt: 'was not',
  werent: 'were not',
  aint: 'am not',
  havent: 'have not',
  hasnt: 'has not',
  theres: 'there is',
  whats: 'what is',
  thats: 'that is',
  its: 'it is',
  u: 'you',
  ur: 'your',
  ppl: 'people',
  rn: 'right now',
  tn: 'tonight',
  tonite: 'tonight',
  '2nite': 'tonight',
  '2night': 'tonight',
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  tmrow: 'tomorrow',
  '2moro': 'tomorrow',
  '2morrow': 'tomorrow',
  b4: 'before',
  bc: 'because',
  cuz: 'because',
  coz: 'because',
  cos: 'because',
  idk: 'i do not know',
  idc: 'i do not care',
  noone: 'nobody',
  nomore: 'no more',
  alot: 'a lot',
  rly: 'really',
  srsly: 'seriously',
  tbh: 'to be honest',
  pls: 'please',
  plz: 'please',
  bye: 'goodbye',
  byee: 'goodbye',
  gbye: 'goodbye',
  od: 'overdose',
  oding: 'overdosing',
  sh: 'self harm',
  selfharm: 'self harm',
  selfharming: 'self harming',
  selfdelete: 'kill myself',
  meds: 'pills',
  tabs: 'tablets',
};

/** Two-word spellings joined before the words are read one by one. */
const phraseSpellings: [RegExp, string][] = [
  [/\bsewer slides?\b/g, 'sewerslide'],
  [/\bno one\b/g, 'nobody'],
  [/\bself (?:harm|harming|harmed|injury|injuring|injure|hurt|hurting)\b/g, 'self harm'],
  [/\b(my|your|him|her|them) self\b(?! harm)/g, '$1self'],
  [/\bme self\b/g, 'myself'],
  [/\b(my|his|her|their) live\b/g, '$1 life'],
  [/\bself (?:delete|deleting|deleted)\b/g, 'kill myself'],
  [/\bun aliv(?:e|ed|ing|es)\b/g, 'unalive'],
  [/\bany more\b/g, 'anymore'],
  [/\b(be|live|exist|alive|here) no more\b/g, '$1 anymore'],
  [/\b(want|wanna|going|have|need|got|ready|able|trying|try) 2\b/g, '$1 to'],
];

/** Emoji that say what words would; every other emoji is a space. */
const emojiWords: Record<string, string> = {
  '\u{1F480}': ' die ',
  '\u2620': ' die ',
  '\u26B0': ' die ',
  '\u{1FAA6}': ' die ',
  '\u{1F52A}': ' knife ',
  '\u{1F48A}': ' pills ',
  '\u{1FAA2}': ' rope ',
  '\u{1FA78}': ' blood ',
};

const leet: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
};

/**
 * Plain, canonical words, one space between them; sentence ends are kept as " . " so a phrase
 * never joins two sentences.
 */
export function normaliseForCrisisCheck(text: string): string {
  const plain = text
    .slice(0, CHECKED_TEXT_LIMIT)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u200B-\u200F\u2060\uFEFF\u00AD]/g, '')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02BC`´]/g, "'")
    .replace(/[\u2010-\u2015]/g, '-');
  const joined = joinSpacedLetters(
    plain.replace(/\p{Extended_Pictographic}/gu, (emoji) => emojiWords[emoji] ?? ' '),
  ).replace(/\bsh'?(?:d|ed)\b/g, 'self harmed');
  const expanded = expandContractions(joined);
  const sentences = expanded.split(/[.!?;:]+(?=\s|$)|[\n\r]+|\s-\s/);
  return sentences
    .map((sentence) => canonicalSentence(sentence))
    .filter((sentence) => sentence !== '')
    .join(' . ');
}

/**
 * A sentence's canonical form depends on the sentence alone, and every autosave of a reflection
 * sends its earlier sentences again: each is worked out once, up to a bound (measured: a fifth
 * of a short draft's check, a quarter of a long reflection's). The sentences stay in this
 * process's memory only, as the words do.
 */
const canonicalSentence = rememberedByText(spellSentence, 5_000, 400);

function spellSentence(sentence: string): string {
  const words = sentence
    .split(/[^a-z0-9@$!*|]+/)
    .map((chunk) => canonicalWord(chunk))
    .filter((word) => word !== '');
  let line = words.join(' ');
  for (const [pattern, replacement] of phraseSpellings) line = line.replace(pattern, replacement);
  return line;
}

/** "s u i c i d e", "k.i.l.l" or "d-i-e" become one word when it is one the detector reads. */
function joinSpacedLetters(text: string): string {
  // A run starts after a space or the text's start, never inside a word: "it! s u i c i d e"
  // keeps "it" ("!" spells i only where it stands alone).
  return text.replace(/(?<![a-z0-9@$!*])(?:[a-z0-9@$!*][ .\-_]){2,}[a-z0-9@$!*]\b/g, (run) => {
    const word = run.replace(/[ .\-_]/g, '');
    const canonical = canonicalWord(word);
    return keyWordSet.has(canonical.split(' ')[0]!) || canonical.includes(' ') ? canonical : run;
  });
}

function expandContractions(text: string): string {
  return text
    .replace(/\bcan'?t\b/g, 'can not')
    .replace(/\bwon'?t\b/g, 'will not')
    .replace(/\bain't\b/g, 'am not')
    .replace(/n't\b/g, ' not')
    .replace(/'m\b/g, ' am')
    .replace(/'ve\b/g, ' have')
    .replace(/'ll\b/g, ' will')
    .replace(/'re\b/g, ' are')
    .replace(/'d\b/g, ' would')
    .replace(
      /\b(it|that|there|what|he|she|life|everything|nothing|tonight|today|this|who|where|how|here|everyone|nobody)'s\b/g,
      '$1 is',
    )
    .replace(/'s\b/g, '')
    .replace(/'/g, '');
}

/**
 * A word's canonical form depends on the word alone, and a learner's words come back on every
 * autosave: each is worked out once, up to a bound.
 */
const canonicalWord = rememberedByText(spellOut, 20_000, 32);

function spellOut(word: string): string {
  if (word === '') return '';
  const known = spellings[word];
  if (known) return known;
  const isLeet = /[a-z]/.test(word) && !/^[0-9]+(?:st|nd|rd|th|s|am|pm|mg|kg|km|m)$/.test(word);
  const unleeted = isLeet ? word.replace(/[013457@$!|]/g, (c) => leet[c]!) : word;
  if (keyWordSet.has(unleeted)) return unleeted;
  if (spellings[unleeted]) return spellings[unleeted];
  if (unleeted.includes('*')) return unmask(unleeted);
  return nearestKeyWord(unleeted) ?? unleeted;
}

/** "k*ll" or "s**cide": a masked letter stands for any letter of a key word. */
function unmask(word: string): string {
  const match = keyWords.find(
    (key) =>
      key.length === word.length && [...word].every((c, index) => c === '*' || c === key[index]),
  );
  return match ?? word.replace(/\*/g, '');
}

/** Stretched letters ("diiiie", "killlll") and one slip of the keyboard in a longer word. */
function nearestKeyWord(word: string): string | undefined {
  if (word.length > 20) return undefined;
  const bySqueeze = keyWordsBySqueeze.get(squeeze(word));
  if (bySqueeze && (word.length > bySqueeze.length || /(.)\1\1/.test(word))) return bySqueeze;
  if (word.length < 6 || realNeighbours.has(word)) return undefined;
  return slipKeyWords.find(
    (key) => Math.abs(key.length - word.length) <= 1 && isOneEditAway(word, key),
  );
}

function squeeze(word: string): string {
  return word.replace(/(.)\1+/g, '$1');
}

/** One insertion, deletion, substitution or swap of neighbours (Damerau's edit). */
function isOneEditAway(a: string, b: string): boolean {
  if (a === b) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length - 1;
  let endB = b.length - 1;
  while (endA >= start && endB >= start && a[endA] === b[endB]) {
    endA--;
    endB--;
  }
  const restA = a.slice(start, endA + 1);
  const restB = b.slice(start, endB + 1);
  if (restA.length <= 1 && restB.length <= 1) return true;
  return restA.length === 2 && restB.length === 2 && restA[0] === restB[1] && restA[1] === restB[0];
}

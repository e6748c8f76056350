/**
 * The crisis detector's vocabulary (docs/decisions/014-companion-safety.md): the words and phrases
 * its cues are built from, one list per slot of a cue, grouped by the kind of risk they help
 * recognise. crisis-detection.ts joins each list into a pattern when it loads, every phrase
 * matched exactly as written here; the order of a list is the order the pattern tries them in
 * (a longer phrase before a shorter one it starts with). Every phrase is canonical text
 * (crisis-normalise.ts): lower case, contractions expanded ("do not", "can not", "i am").
 */

// Who: the writer, others, the people close to them.

/** The writer's own self, after a verb of harm ("kill myself"). */
export const ownSelf = ['myself', 'my self'];

/** Another person's self, after a verb of harm: someone else at risk ("hurting herself"). */
export const otherSelves = ['himself', 'herself', 'themselves', 'themself', 'yourself', 'oneself'];

/** People close to the writer: "my sister wants to die" is someone close at risk. */
export const closePeople = [
  'friend',
  'best friend',
  'sister',
  'brother',
  'son',
  'daughter',
  'mum',
  'mom',
  'mother',
  'dad',
  'father',
  'partner',
  'wife',
  'husband',
  'girlfriend',
  'boyfriend',
  'roommate',
  'flatmate',
  'classmate',
  'colleague',
  'cousin',
  'child',
  'kid',
  'teen',
  'student',
  'niece',
  'nephew',
  'aunt',
  'uncle',
  'grandma',
  'grandpa',
  'neighbour',
  'neighbor',
];

/** Someone gone whom a wish to die would join: "i want to be with my mum again". */
export const lovedOnesGone = [
  'mum',
  'mom',
  'dad',
  'mother',
  'father',
  'grandma',
  'grandpa',
  'nan',
  'brother',
  'sister',
  'son',
  'daughter',
  'wife',
  'husband',
  'her',
  'him',
  'them',
];

/** Who "would be better off" without the writer. */
export const othersAround = [
  'everyone',
  'everybody',
  'people',
  'they',
  'my family',
  'my kids',
  'the world',
  'world',
  'all of them',
  'he',
  'she',
];

// Suicide, said outright.

/** Thinking of one's own death, before the death it names ("researching suicide"). */
export const thinkingVerbs = [
  'think',
  'thinking',
  'thought',
  'thoughts',
  'dream',
  'dreaming',
  'fantasise',
  'fantasize',
  'fantasising',
  'fantasizing',
  'obsessed',
  'obsessing',
  'considered',
  'considering',
  'contemplate',
  'contemplated',
  'contemplating',
  'planning',
  'plan',
  'plans',
  'googled',
  'googling',
  'researching',
  'research',
];

/** One's own death as the thing thought of ("thinking about ending it"). */
export const ownDeathThoughtOf = [
  'suicide',
  'killing myself',
  'ending it all',
  'ending my life',
  'ending it',
  'ending things',
  'taking my own life',
  'taking my life',
  'not being here',
  'not being alive',
  'not being around',
  'dying by suicide',
];

/** What "suicide" makes a plan of ("suicide note"). */
export const suicidePlans = [
  'note',
  'notes',
  'plan',
  'plans',
  'letter',
  'pact',
  'attempt',
  'attempts',
];

/** Verbs of killing before "myself" ("off myself"); an accident after them is excluded. */
export const selfKillingVerbs = [
  'kill',
  'killing',
  'kills',
  'killed',
  'end',
  'ending',
  'off',
  'offing',
  'delete',
  'deleting',
  'shoot',
  'shooting',
  'hang',
  'hanging',
  'hanged',
  'drown',
  'drowning',
  'poison',
  'poisoning',
  'suffocate',
  'suffocating',
  'strangle',
  'harm',
  'harming',
];

/** A will before "to" and a wish to die ("ready to", "time for me to"). */
export const wishingVerbs = [
  'want',
  'wants',
  'wanted',
  'wanting',
  'wish',
  'wishes',
  'wishing',
  'ready',
  'deserve',
  'deserves',
  'deserving',
  'plan',
  'plans',
  'planning',
  'decided',
  'decide',
  'need',
  'needs',
  'trying',
  'tried',
  'about',
  'hope',
  'hopes',
  'hoping',
  'prefer',
  'like',
  'longing',
  'long',
  'going',
  'time for me',
];

/**
 * What a wish to die names, after "want to" or "the only way out is to" ("die" and "end it" are
 * in the pattern, each with the words after it that make it no wish: "die laughing", "end it with").
 */
export const deathWishes = [
  'be dead',
  'not be alive',
  'not exist',
  'not live',
  'stop living',
  'stop existing',
  'stop breathing',
  'disappear forever',
  'kill myself',
  'end my life',
  'end it all',
  'end everything',
];

/** The rest of what a wish to die names, tried after "end it". */
export const moreDeathWishes = [
  'not wake up',
  'never wake up',
  'sleep forever',
  'go to sleep forever',
  'fall asleep forever',
  'be gone forever',
  'leave this world',
  'leave this earth',
  'stop being alive',
  'no longer exist',
  'no longer be here',
  'not be here anymore',
  'not be around anymore',
  'not be here',
  'not be alive anymore',
  'unalive myself',
  'unalive',
];

/** An end sought, before "is to" and a wish to die ("the only answer is to die"). */
export const endsSought = [
  'way out',
  'answer',
  'solution',
  'option',
  'choice',
  'escape',
  'thing i want',
  'thing left',
  'intention',
  'plan',
  'goal',
];

/** Chat words for suicide, each a cue alone. */
export const suicideSlang = ['unalive', 'sewerslide', 'kys', 'ctb'];

/** Leaving, before "off" or "out" of life ("logging off for good"). */
export const signingOffVerbs = [
  'log',
  'logging',
  'logged',
  'check',
  'checking',
  'checked',
  'sign',
  'signing',
  'signed',
  'tap',
  'tapping',
  'tapped',
  'bow',
  'bowing',
  'bowed',
];

/** What a wish to be dead said through "i wish i was …" names. */
export const wishedUnmade = [
  'dead',
  'die',
  'disappear',
  'never been born',
  'not been born',
  'not born',
  'never born',
  'not alive',
  'not here',
  'not exist',
  'gone',
];

/** How others would be without the writer ("would be relieved without me"). */
export const betterWithout = [
  'better',
  'happier',
  'fine',
  'relieved',
  'lighter',
  'easier',
  'okay',
  'ok',
];

/** Going on, after "no reason to" or "no point in". */
export const afterNoReasonTo = [
  'live',
  'living',
  'go on',
  'going on',
  'keep going',
  'keeping going',
  'stay alive',
  'staying alive',
  'be alive',
  'being alive',
  'carry on',
  'carrying on',
  'continue',
  'continuing',
  'wake up',
  'waking up',
  'exist',
  'existing',
];

/** Going on, after "do not want to" or "no longer wish to". */
export const afterNotWantTo = [
  'live',
  'be alive',
  'exist',
  'wake up',
  'be here anymore',
  'go on anymore',
  'keep living',
  'carry on living',
  'go on living',
  'be around anymore',
  'be here any longer',
  'stay alive',
  'keep going anymore',
  'be on this earth',
];

/** Going on, after "can not see the point of". */
export const afterSeeNoPointOf = [
  'going on',
  'go on',
  'living',
  'live',
  'life',
  'being alive',
  'carrying on',
  'continuing',
  'staying',
  'waking up',
  'existing',
  'being here',
  'keeping going',
];

/** Going on, after "what is the point of". */
export const afterWhatIsThePointOf = [
  'going on',
  'living',
  'life',
  'being alive',
  'carrying on',
  'waking up',
  'existing',
  'being here',
  'staying alive',
];

/** A whole life, wished to end ("i want it all to stop"). */
export const wholeLife = [
  'it all',
  'everything',
  'my life',
  'the pain',
  'all of it',
  'this life',
  'existence',
  'all of this',
  'all this',
];

// Suicide, said indirectly.

/** Being gone, after "would anyone notice if i …". */
export const goneStates = [
  'was',
  'were',
  'am',
  'died',
  'disappeared',
  'vanished',
  'stopped existing',
  'was gone',
  'were gone',
  'left for good',
  'did not wake up',
  'was not here',
  'was not around',
];

/** Being gone, after "easier for everyone if i (just) …". */
export const goneForOthers = [
  'disappeared',
  'was gone',
  'were gone',
  'died',
  'was not here',
  'was dead',
  'were dead',
  'did not exist',
];

// Plans.

/** When, after "end it": a plan with a time. */
export const soonTimes = [
  'tonight',
  'today',
  'tomorrow',
  'soon',
  'now',
  'this week',
  'this weekend',
  'for good',
  'once and for all',
  'right now',
];

/** To whom a "last letter" is no farewell ("a goodbye letter to my old job"). */
export const lettersToThePast = [
  'ex',
  'old',
  'past',
  'job',
  'house',
  'city',
  'former',
  'boss',
  'team',
  'colleagues',
];

/** What is given away, the writer's or someone close's, before a death planned. */
export const belongingsGivenAway = [
  'things',
  'stuff',
  'belongings',
  'possessions',
  'cat',
  'dog',
  'pets',
  'books',
  'clothes',
];

/** What only the writer is read as giving away, with the belongings above. */
export const savingsGivenAway = ['plants', 'savings', 'money'];

// Means.

/** Pills and drugs that are kept, counted or taken all at once. */
export const pills = [
  'pills',
  'tablets',
  'medication',
  'medicine',
  'medications',
  'painkillers',
  'sleeping pills',
  'sleeping tablets',
  'paracetamol',
  'acetaminophen',
  'tylenol',
  'insulin',
  'antidepressants',
  'opioids',
  'oxy',
  'oxycodone',
  'morphine',
  'fentanyl',
  'codeine',
  'tramadol',
  'xanax',
  'benzos',
  'lithium',
  'sertraline',
  'prozac',
  'fluoxetine',
  'amitriptyline',
  'heroin',
];

/** Keeping pills back ("stockpiling my tablets"). */
export const stockpilingVerbs = [
  'saving',
  'saved',
  'save',
  'stockpiling',
  'stockpiled',
  'stockpile',
  'hoarding',
  'hoarded',
  'hoard',
  'collecting',
  'collected',
  'collect',
  'stashing',
  'stashed',
  'storing',
  'stored',
  'kept',
  'keeping',
  'gathering',
  'gathered',
  'gather',
  'bought',
  'buying',
  'get',
  'getting',
];

/** Taking pills at once. */
export const swallowingVerbs = [
  'take',
  'taking',
  'took',
  'swallow',
  'swallowed',
  'swallowing',
  'down',
  'downed',
  'downing',
];

/** How many pills are taken at once ("a handful of"). */
export const overdoseAmounts = [
  'all',
  'every one',
  'the whole bottle',
  'the whole pack',
  'the whole box',
  'the whole packet',
  'the whole strip',
  'a whole bottle',
  'a whole pack',
  'a whole box',
  'a whole packet',
  'a bunch',
  'a handful',
  'handfuls',
  'loads',
  'lots',
  'too many',
  'all of',
  'every last one',
  'as many',
];

/** What one "overdoses on" in a figure of speech. */
export const harmlessOverdoses = [
  'coffee',
  'caffeine',
  'sugar',
  'chocolate',
  'tv',
  'netflix',
  'work',
  'information',
  'sweets',
  'candy',
  'cake',
  'screen time',
  'social media',
  'podcasts',
  'self help',
  'books',
  'love',
  'kindness',
  'positivity',
  'motivation',
];

/** A way asked for, before "to kill myself". */
export const waysTo = [
  'how',
  'ways',
  'way',
  'best way',
  'easiest way',
  'quickest way',
  'painless way',
  'quick way',
  'fastest way',
];

/** What a method of suicide is asked to be ("most reliable methods of"). */
export const methodQualities = [
  'common',
  'effective',
  'painless',
  'quick',
  'quickest',
  'reliable',
  'easiest',
  'best',
  'successful',
  'lethal',
  'certain',
  'surest',
  'peaceful',
];

/** Jumping or falling, before "off" or "from" a height. */
export const jumpingVerbs = [
  'jump',
  'jumping',
  'jumped',
  'leap',
  'leaping',
  'throw myself',
  'throwing myself',
  'fall',
  'falling',
];

/** Where one jumps from. */
export const jumpingPlaces = [
  'bridge',
  'building',
  'roof',
  'cliff',
  'balcony',
  'tower',
  'window',
  'rooftop',
  'overpass',
  'ledge',
  'parking garage',
];

/** Heights asked about ("the tallest bridges"). */
export const heights = [
  'bridges',
  'bridge',
  'buildings',
  'building',
  'cliffs',
  'cliff',
  'towers',
  'tower',
  'rooftops',
  'rooftop',
  'roofs',
  'roof',
  'balcony',
  'balconies',
  'parking garages',
  'parking garage',
  'parking structures',
  'parking structure',
  'overpasses',
  'overpass',
];

/** Stepping, before "in front of" or "into". */
export const steppingVerbs = [
  'jump',
  'jumping',
  'step',
  'stepping',
  'walk',
  'walking',
  'throw myself',
  'run',
  'running',
];

/** What one steps in front of or into. */
export const trafficAndWater = [
  'train',
  'bus',
  'car',
  'truck',
  'lorry',
  'traffic',
  'tracks',
  'railway',
  'sea',
  'ocean',
  'river',
  'lake',
];

// Farewells.

/** Whom a farewell is said to ("goodbye everyone"). */
export const farewellAddressees = [
  'everyone',
  'everybody',
  'all',
  'world',
  'cruel world',
  'forever',
  'for good',
  'for ever',
  'to everyone',
  'to all of you',
  'my friends',
];

/** What "saying goodbye to" leaves behind when it is growth, not farewell ("my old self"). */
export const goodbyesToThePast = [
  'version',
  'versions',
  'old',
  'ego',
  'past',
  'habit',
  'habits',
  'job',
  'house',
  'city',
  'chapter',
  'year',
  'patterns',
  'pattern',
  'fears',
  'fear',
  'self',
  'me',
  'home',
  'flat',
  'apartment',
  'office',
  'team',
  'colleagues',
  'students',
  'girl',
  'boy',
  'woman',
  'man',
  'person',
  'kid',
];

// Self-harm.

/** Hurting, before "myself" or a part of the writer's body. */
export const selfHurtingVerbs = [
  'cut',
  'cutting',
  'cuts',
  'burn',
  'burning',
  'burnt',
  'burned',
  'hit',
  'hitting',
  'punch',
  'punching',
  'scratch',
  'scratching',
  'bite',
  'biting',
  'starve',
  'starving',
  'hurt',
  'hurting',
  'bruise',
  'bruising',
  'carve',
  'carving',
  'stab',
  'stabbing',
];

/** What follows a hurt that is no self-harm: an accident, a figure of speech ("cut myself some slack"). */
export const hurtNotSelfHarm = [
  'some slack',
  'slack',
  'a break',
  'off',
  'short',
  'a piece',
  'a slice',
  'free',
  'loose',
  'out',
  'down',
  'in on',
  'by accident',
  'accidentally',
  'shaving',
  'cooking',
  'chopping',
  'opening',
  'playing',
  'running',
  'lifting',
  'training',
  'doing',
  'laughing',
  'over',
  'trying',
];

/** Everyday work during which one is hurt by accident ("cut myself while cooking"). */
export const choresHurtDuring = [
  'cooking',
  'chopping',
  'shaving',
  'opening',
  'running',
  'playing',
  'working',
  'training',
  'cutting',
  'slicing',
  'gardening',
  'climbing',
  'hiking',
  'lifting',
  'baking',
  'ironing',
  'cleaning',
];

/** How one "kills oneself" in a figure of speech ("killing myself by overworking"). */
export const overdoingBy = [
  'saying',
  'being',
  'doing',
  'trying',
  'not',
  'letting',
  'staying',
  'keeping',
  'holding',
  'ignoring',
  'giving',
  'overworking',
  'working',
  'comparing',
];

// Someone close at risk.

/** Harm, before "herself" or "themselves": someone else at risk. */
export const harmingVerbs = [
  'kill',
  'killing',
  'kills',
  'killed',
  'hurt',
  'hurting',
  'hurts',
  'harm',
  'harming',
  'harms',
  'cut',
  'cutting',
  'cuts',
  'burn',
  'burns',
  'burning',
  'end',
  'ending',
  'off',
  'hang',
  'hanging',
  'hangs',
  'drown',
  'drowns',
  'drowning',
  'shoot',
  'shoots',
  'poison',
  'poisons',
  'overdose',
  'overdosing',
  'starve',
  'starves',
  'starving',
];

/** Someone close speaking of their death ("my brother keeps talking about"). */
export const talkingOfDeath = [
  'wants',
  'want',
  'is going',
  'are going',
  'plans',
  'plan',
  'is planning',
  'are planning',
  'talks',
  'talk',
  'keeps talking',
  'is talking',
  'has been talking',
  'said',
  'says',
  'told me',
  'threatened',
  'threatens',
  'tried',
  'is trying',
  'has tried',
  'wrote',
  'texted me',
];

// Eating disorders.

/** Words of an eating disorder's own communities, each a cue alone. */
export const eatingDisorderSlang = ['pro ana', 'thinspo'];

// Harm from others.

/** Who hurts the writer ("my stepdad hits me"). */
export const abusers = [
  'partner',
  'husband',
  'wife',
  'boyfriend',
  'girlfriend',
  'ex',
  'dad',
  'father',
  'mum',
  'mom',
  'mother',
  'stepdad',
  'stepfather',
  'stepmum',
  'stepmom',
  'uncle',
  'brother',
];

/** What they do to the writer. */
export const abuseVerbs = [
  'hits',
  'hit',
  'beats',
  'beat',
  'chokes',
  'choked',
  'strangled',
  'strangles',
  'kicked',
  'kicks',
  'threatens',
  'threatened',
  'locks',
  'locked',
  'hurts',
  'hurt',
];

// Hopelessness: weak cues, each common in honest writing; two different ones in a sentence call for care.

/** How the writer feels, after "i feel so". */
export const hopelessFeelings = [
  'hopeless',
  'worthless',
  'useless',
  'empty',
  'numb',
  'trapped',
  'broken',
];

/** Nothing will change. */
export const noWayOut = [
  'no way out',
  'no future',
  'nothing matters',
  'nothing will ever change',
  'nothing will get better',
  'nothing ever changes',
  'never going to get better',
  'never get better',
];

/** What nobody does, after "nobody". */
export const nobodyCares = [
  'cares',
  'would care',
  'would notice',
  'would miss me',
  'will miss me',
  'loves me',
  'would even notice',
];

/** No point in anything. */
export const noPoint = [
  'what is even the point',
  'what is the point',
  'no point in anything',
  'no point in trying',
  'no point in any of it',
  'no point in any of this',
  'no point anything',
  'no point trying',
  'no point any of it',
  'no point any of this',
  'see the point in anything',
  'see the point in any of it',
  'see the point in any of this',
  'see the point of anything',
  'see the point of any of it',
  'see the point of any of this',
  'see any point in anything',
  'see any point in any of it',
  'see any point in any of this',
  'see any point of anything',
  'see any point of any of it',
  'see any point of any of this',
];

/** What the writer is tired of. */
export const wearyOf = ['everything', 'it all', 'fighting', 'trying', 'being me'];

/** Giving up. */
export const givingUp = [
  'give up on everything',
  'give up on myself',
  'give up on life',
  'given up on everything',
  'given up on myself',
  'given up on life',
  'giving up on everything',
  'giving up on myself',
  'giving up on life',
  'i have given up',
  'i am given up',
];

/** What the writer hates, after "hate". */
export const hatedInOneself = ['myself', 'my life', 'being alive', 'who i am'];

/** Wishing to vanish. */
export const vanishing = [
  'want disappear',
  'want vanish',
  'wish i could disappear',
  'wish i could vanish',
  'wish to disappear',
  'wish to vanish',
  'want to just disappear',
  'want to just vanish',
];

/** Last words to those left behind. */
export const lastWords = [
  'sorry for everything',
  'tell them i love them',
  'tell my family i love them',
  'tell everyone i love them',
  'tell my kids i love them',
  'tell my mum i love them',
  'tell my mom i love them',
];

/** A blow that can tip a person over. */
export const losses = [
  'lost my job',
  'got fired',
  'been fired',
  'laid off',
  'lost everything',
  'lost my home',
  'lost my house',
  'lost my partner',
  'lost my wife',
  'lost my husband',
  'lost my kids',
  'lost my children',
  'lost my flat',
  'lost my apartment',
  'she left',
  'he left',
  'they left',
  'partner left me',
  'wife left me',
  'husband left me',
  'girlfriend left me',
  'boyfriend left me',
  'broke up with me',
  'divorce papers',
  'failed all my exams',
  'failed my exams',
  'failed everything',
  'diagnosis today',
];

/** Relapse and blades. */
export const relapseAndBlades = ['relapse', 'relapsed', 'blades', 'razor blades', 'razors'];

/** A future unseen. */
export const noFuture = [
  'can not see a future',
  'can not see any future',
  'do not see a future',
  'do not see any future',
  'no future for me',
  'nothing is ever going to get better',
  'nothing is ever going to change',
  'nothing is going to get better',
  'nothing is going to change',
  'i am done trying',
  'i am done fighting',
  'done trying',
  'done fighting',
];

/** A mind made up, affairs put in order. */
export const mindMadeUp = [
  'tonight is the night',
  'i have made up my mind',
  'i made up my mind',
  'got everything ready',
  'got everything in order',
  'got everything sorted',
  'have everything ready',
  'have everything in order',
  'have everything sorted',
  'put everything ready',
  'put everything in order',
  'put everything sorted',
  'not coming back',
  'not come back',
  'not going to come back',
  'never coming back',
  'never come back',
  'never going to come back',
  'sorted out my will',
  'sorted my will',
  'rehearse it',
  'rehearse how',
  'rehearsed it',
  'rehearsed how',
  'rehearsing it',
  'rehearsing how',
  'the time the place',
  'i will do it when',
  'when everyone is away',
  'when everyone is asleep',
  'when everyone is out',
  'letters are written',
];

/** A rope or a gun got. */
export const ropeOrGun = [
  'bought a rope',
  'bought some rope',
  'bought the rope',
  'got a rope',
  'got some rope',
  'got the rope',
  'have a rope',
  'have some rope',
  'have the rope',
  'buy a rope',
  'buy some rope',
  'buy the rope',
  'get a rope',
  'get some rope',
  'get the rope',
  'know exactly what it is for',
  'get a gun',
  'buy a gun',
  'find a gun',
  'borrow a gun',
];

/** Ways and means thought of. */
export const meansThoughtOf = [
  'carbon monoxide',
  'car exhaust',
  'how deep',
  'how easy it would be',
  'so easy it would be',
  'without their doctor noticing',
  'without my doctor noticing',
  'without the doctor noticing',
  'without his doctor noticing',
  'without her doctor noticing',
  'worst day of my life',
];

/** Last words to those left behind, said as a farewell. */
export const lastWordsToOthers = [
  'if anyone reads this',
  'i love you all',
  'forgive me',
  'not be logging in again',
  'not be logging on again',
  'not logging in again',
  'not logging on again',
  'at peace with that',
  'at peace with it',
  'at peace with this',
  'at peace with my decision',
  'not scared anymore',
];

/** Death dwelt on ("is all i can think about"), or named in passing. */
export const dwellingOnIt = [
  'goodbye',
  'suicide',
  'is all i can think about',
  'is all i think about',
  'can not stop thinking about',
  'keep thinking about',
];

/** Preparations and places of a death planned ("working out the timing", "platform edge"). */
export const preparations = [
  'who gets what',
  'delete my search history',
  'delete my history',
  'deleted my search history',
  'deleted my history',
  'so nobody has to',
  'yellow line',
  'platform edge',
  'edge of the platform',
  'working out the timing',
  'eviction notice',
  'pockets full',
  'stones in my pockets',
  'not turning around',
  'not turning back',
  'incarnation was a mistake',
  'return to the light before',
  'return to the light by',
  'return to the light on',
  'return to the light tonight',
  'return to the light soon',
  'return to the light this',
  'final release',
];

/** Quiet signs, each common alone: affairs put in order, a farewell, a means at hand, a loss. */
export const quietSigns = [
  'will not be needing',
  'no fence',
  'see what it felt like',
  'see what it feels like',
  'see what it would feel like',
  'know exactly what would work',
  'bringing some of it home',
  'bringing some of them home',
  'bringing it home',
  'bringing them home',
  'calm now that',
  'at peace now that',
  'peaceful now that',
  'relieved now that',
  'passwords for my',
  'close my accounts',
  'when the time comes',
  'worst week of my life',
  'worst day of my life',
  'worst month of my life',
  'worst year of my life',
  'waiting period',
  'not make it back',
  'swam out',
  'before i go',
  'could not stay',
  'understand why',
  'on the other side',
  'fun while it lasted',
  'until i feel something',
  'razor blade',
  'life insurance',
  'leftover morphine',
  'leftover pills',
  'leftover medication',
  'evicted',
  'walked out on me',
  'funeral',
  'rough month',
  'nobody at home even noticed',
  'nobody at home noticed',
  'nobody even noticed',
  'nobody noticed',
  'nothing have sense',
  'nothing have meaning',
  'nothing has sense',
  'nothing has meaning',
  'make it end',
  'permanent kind',
  'going to do it',
  'not bother with treatment',
  'not bother with the treatment',
  'easier time',
  'easier for them',
  'easier for everyone',
  'easier for everybody',
  'weight on my',
  'weight on the',
  'weight on everyone',
  'drain on my',
  'drain on the',
  'drain on everyone',
  'would grieve',
  'finally be free',
  'done waiting',
  'nothing left for me',
  'made my peace with',
  'made peace with',
  'picked a date',
  'picked the date',
  'chosen a date',
  'chosen the date',
  'chose a date',
  'chose the date',
  'set a date',
  'set the date',
  'so i do not ruin it',
  'updated my will',
  'wrote my will',
  'made my will',
  'sorted my will',
  'finished my will',
  'changed my will',
  'wrote a note',
  'everything is ready',
  'everything is sorted',
  'everything is in order',
  'see how it would work',
  'cat will go to',
  'dog will go to',
  'find the right moment',
  'find the right time',
  'wait for the right moment',
  'wait for the right time',
  'waiting for the right moment',
  'waiting for the right time',
  'after the day i have had',
  'would it be quick',
  'been kind to me',
  'will not be able to tell',
  'will not be able to say',
  'will not be able to see',
  'will not be able to thank',
  'helped for a while',
  'love you all',
  'loved you all',
  'do not blame yourselves',
  'do not blame yourself',
  'do not blame anyone',
  'do not blame me',
  'do not blame them',
  'deeper than usual',
  'deeper than before',
  'deeper than last time',
  'research on self harm',
  'go through with it',
  'getting louder',
  'getting worse',
  'getting stronger',
  'clean from cutting',
  'clean from self harm',
  'the whole bottle',
  'whole bottle',
  'need it this week',
  'need it tonight',
  'need it today',
  'need it now',
  'diagnosis back',
  'results back',
];

/** Distress that shows: a goodbye post, a phone not answered, a wall punched. */
export const signsOfDistress = [
  'goodbye message',
  'goodbye note',
  'goodbye letter',
  'goodbye post',
  'not answering her phone',
  'not answering his phone',
  'not answering their phone',
  'not answering my phone',
  'punched the wall',
  'punched a wall',
  'hit the wall',
  'hit a wall',
  'punching the wall',
  'punching a wall',
  'hitting the wall',
  'hitting a wall',
];

/** Words a wish to be dead must not be read in: an old self ending, a figure of speech. */
export const notAnEnd = [
  'old self',
  'old me',
  'ego',
  'version of me',
  'old life',
  'old habits',
  'old patterns',
  'person i was',
  'who i used to be',
  'dying to',
  'die of',
  'die laughing',
  'to die for',
  'die for',
  'dead tired',
  'dead end',
  'dead set',
  'drop dead',
  'dead serious',
  'death of me',
  'die hard',
];

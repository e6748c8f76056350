import {
  headsAtRisk,
  modelFromWeights,
  type CrisisModel,
  type ModelHead,
  unpackWeights,
} from './crisis-model.ts';
import * as cues from './crisis-cues.ts';
import { normaliseForCrisisCheck } from './crisis-normalise.ts';
import weights from './crisis-weights.json' with { type: 'json' };

/**
 * Recognises words of a person who may be at risk: of suicide or self-harm, of an eating
 * disorder, of harm from others (a child's disclosure of abuse among them), with no vendor
 * (docs/decisions/014-companion-safety.md). It reads the canonical words of crisis-normalise.ts
 * sentence by sentence:
 * - a strong cue (an explicit wish to die, a plan, means, a farewell, self-harm, someone close at
 *   risk) is enough on its own, and two different weak cues in one sentence are;
 * - the learnt model (crisis-model.ts, weights trained offline) reads each sentence, and
 *   neighbouring sentences together when each leans the same way, for each kind of risk;
 * - a cue right after "not", "never" or "no longer" is a denial, not a cue;
 * - a sentence that places the cue in a past the writer has come through ("years ago", "used to",
 *   "survived") with nothing that brings it back to now is read as the past: warmth, no alarm.
 * Every phrase is written against canonical text: lower case, contractions expanded ("do not",
 * "can not", "i am"), slang and misspellings mapped. The cues' vocabulary is in crisis-cues.ts,
 * as lists; the patterns below are its grammar.
 */

export const crisisKinds = [
  'explicit',
  'indirect',
  'plan',
  'means',
  'farewell',
  'self-harm',
  'third-party',
  'eating-disorder',
  'harm-from-others',
  'child-abuse',
] as const;
export type CrisisKind = (typeof crisisKinds)[number];

export type CrisisLevel = 'none' | 'past' | 'at-risk';

export interface CrisisAssessment {
  level: CrisisLevel;
  /** What was recognised, for counting; never the learner's words. */
  kinds: CrisisKind[];
}

interface Cue {
  kind: CrisisKind;
  pattern: RegExp;
}

/** A list of the vocabulary as one alternative of a pattern, each phrase matched as written. */
export function anyOf(phrases: readonly string[]): string {
  return `(?:${phrases.map((phrase) => phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`;
}

/**
 * A cue's pattern, written as the regular expression it is: each list of crisis-cues.ts put in it
 * stands for any one of its phrases, a string is put in as it stands.
 */
function cue(template: TemplateStringsArray, ...parts: (readonly string[] | string)[]): RegExp {
  const source = String.raw(
    template,
    ...parts.map((part) => (typeof part === 'string' ? part : anyOf(part))),
  );
  return new RegExp(source, 'g');
}

/** A hurt that is not self-harm: an accident, a figure of speech. */
const notSelfHarm = String.raw`(?! (?:${anyOf(cues.hurtNotSelfHarm)}|on (?:a|the|some|my)|while ${anyOf(cues.choresHurtDuring)}|when i (?:fell|tripped|slipped|was cooking|was chopping)|at (?:the|work|school|the gym)|in (?:the|a) (?:kitchen|garden|gym)|with (?:a|the) (?:knife|kitchen|oven|iron|pan)|by ${anyOf(cues.overdoingBy)}|for (?:this|that|nothing|a|the|my) (?:job|project|work|deadline|exam|exams|grade|class|boss)|to (?:finish|get|make|meet|pass)))`;
/** What a wish to die names, after "want to", "ready to", "the only way out is to". */
const deathWish = String.raw`(?:die(?! (?:of|from|laughing|for))|${anyOf(cues.deathWishes)}|end it(?! with)|${anyOf(cues.moreDeathWishes)}|be with (?:my )?${anyOf(cues.lovedOnesGone)} again)`;

const strongCues: Cue[] = [
  // explicit
  {
    kind: 'explicit',
    pattern: /\bsuicidal\b|\battempted(?= (?:but|twice|once|before|when|years|last)\b| \.|$)/g,
  },
  {
    kind: 'explicit',
    pattern: cue`\b${cues.thinkingVerbs} (?:about |of )?${cues.ownDeathThoughtOf}\b`,
  },
  {
    kind: 'explicit',
    pattern:
      /\b(?:commit|committing|attempt|attempting|attempted|try|tried|trying) (?:to )?(?:commit )?suicide\b/g,
  },
  {
    kind: 'explicit',
    pattern:
      /\bsuicide (?:is|seems|feels|looks) (?:like )?(?:the|my) (?:only |best |last )?(?:answer|option|way|choice|solution|way out)\b/g,
  },
  { kind: 'plan', pattern: cue`\bsuicide ${cues.suicidePlans}\b` },
  {
    kind: 'explicit',
    pattern: cue`\b${cues.selfKillingVerbs} ${cues.ownSelf}${notSelfHarm}`,
  },
  {
    kind: 'explicit',
    pattern: cue`\b${cues.wishingVerbs} (?:is )?to (?:just |really |honestly |simply |finally |go and )?${deathWish}\b`,
  },
  {
    kind: 'explicit',
    pattern: cue`\b${cues.endsSought} (?:[a-z]+ ){0,4}is to (?:just )?${deathWish}\b`,
  },
  {
    kind: 'explicit',
    pattern: cue`\b${cues.suicideSlang}\b|\b(?:top|neck|do|off) myself(?: in)?\b|\broping\b(?! in)`,
  },
  {
    kind: 'explicit',
    pattern: cue`\b${cues.signingOffVerbs} (?:off|out) (?:of |from )?(?:life|this life|existence|permanently|for good|early)\b|\bpermanent (?:exit|solution|sleep|way out|escape|goodbye)\b|\b(?:the )?easy way out\b|\b(?:the |a )?(?:long|eternal|big|final|forever) sleep\b|\bpull(?:ing)? the plug on (?:myself|my life|me)\b|\bmake (?:it all|everything|the pain|all of it) stop(?: for good| forever| permanently)?\b|\b(?:last|final) (?:day|days|week|weeks|night|month|christmas|birthday) (?:on this earth|on earth|alive|of my life|in this world)\b|\blong nap\b|\b(?:ready|want|going|time) to (?:go and )?join (?:him|her|them)(?= \.|$| in heaven| on the other side| there)|\b(?:stop|stopped|stopping) existing\b|\b(?:let|letting) go of (?:being alive|life itself|living)\b|\bgo and join (?:her|him|them)\b`,
  },
  {
    kind: 'explicit',
    pattern:
      /\brather (?:be dead|die|not exist|not be alive|not wake up) than (?:keep|go|live|living|carry|wake|be alive|face|deal|feel|spend|do this|another)/g,
  },
  {
    kind: 'explicit',
    pattern:
      /\b(?:i|me) (?:would|should|could|might as well|may as well) (?:just )?(?:be dead|die)\b(?! (?:than|of|from|laughing|for))/g,
  },
  {
    kind: 'explicit',
    pattern: cue`\bwish (?:that )?i (?:was|were|could|would|had) (?:just )?${cues.wishedUnmade}\b`,
  },
  {
    kind: 'explicit',
    pattern: /\bwish i (?:did not|could not|would not|never) (?:exist|wake up|live)\b/g,
  },
  {
    kind: 'explicit',
    pattern:
      /\bbetter off (?:dead|without me|if i (?:was|were|am) (?:dead|gone|not here|not around|never born))\b|\bbetter off [a-z ]{0,30} without me\b|\b(?:do|be|feel|live) better if i (?:was|were|am) (?:not here|gone|dead|not around)\b/g,
  },
  {
    kind: 'explicit',
    pattern: cue`\b${cues.othersAround} (?:would|will|might) (?:be|do|feel|live) ${cues.betterWithout} (?:off )?(?:[a-z]+ ){0,4}(?:without me|if i (?:was|were|am|died|disappeared|left) ?(?:gone|dead|not here|not around)?)`,
  },
  {
    kind: 'explicit',
    pattern:
      /\b(?:nothing|nobody|no one|no reason|nothing left|no reason left) (?:left )?to live for\b|\bwithout me in it\b|\b(?:do not|never) have to (?:be here|exist|live|wake up|be alive|face (?:tomorrow|another day))(?: anymore| again| any longer)?\b/g,
  },
  {
    kind: 'explicit',
    pattern: cue`\bno (?:reason|point|sense) (?:for me )?(?:in |to )?${cues.afterNoReasonTo}\b`,
  },
  {
    kind: 'explicit',
    pattern:
      /\b(?:life|living|my life|this life|existence|being alive) (?:is|feels|seems) (?:not|no longer) worth (?:living|it)\b|\b(?:not|no longer|stopped being|never|stop being) worth living\b/g,
  },
  {
    kind: 'explicit',
    pattern: cue`\b(?:do not|does not|can not|no longer|never) (?:want|wish|care|need) to ${cues.afterNotWantTo}\b`,
  },
  {
    kind: 'explicit',
    pattern: cue`\b(?:do not|does not|can not|could not|no longer) see (?:the|any) (?:point|reason) (?:of|in|to) ${cues.afterSeeNoPointOf}\b`,
  },
  {
    kind: 'explicit',
    pattern: cue`\bwhat is (?:even )?the point (?:of|in) ${cues.afterWhatIsThePointOf}\b`,
  },
  { kind: 'explicit', pattern: /\b(?:take|taking|took|end|ending) (?:my|this) (?:own )?life\b/g },
  {
    kind: 'explicit',
    pattern:
      /\bend (?:my|this) (?:existence|suffering for good)\b|\bend it all\b|\bending it all\b|\bend everything\b/g,
  },
  {
    kind: 'explicit',
    pattern: cue`\b(?:want|wish|need) ${cues.wholeLife} to (?:end|stop|be over)(?: forever| for good| permanently)?\b`,
  },
  // indirect
  {
    kind: 'indirect',
    pattern:
      /\b(?:can not|could not|will not be able to) (?:go on|keep going|carry on|continue)(?: (?:like this|anymore|living|any longer|much longer))?(?= \.|$)/g,
  },
  {
    kind: 'indirect',
    pattern:
      /\b(?:can not|could not) (?:do|take|handle|bear|stand|cope with|live with) (?:this|it|any of this|life|my life|this life|living)(?: any ?more| any longer)\b/g,
  },
  {
    kind: 'indirect',
    pattern:
      /\b(?:sleep|go to sleep|go to bed|fall asleep|close my eyes|lie down) (?:and|n) (?:never|not) (?:wake up|wake|open them again|get up)\b|\b(?:sleep|go to sleep|fall asleep|stay asleep) (?:forever|for good|permanently|and not wake|and never wake)\b|\bfall asleep and stay asleep\b/g,
  },
  {
    kind: 'indirect',
    pattern:
      /\b(?:hope|hoping|wish|pray|praying) (?:that )?i (?:do not|never|will not|would not|wont|dont) wake up\b|\bnever wake up again\b|\bnot wake up (?:tomorrow|in the morning|again|anymore)\b/g,
  },
  {
    kind: 'indirect',
    pattern:
      /\b(?:whether|if) i (?:am|was|were|live|lived|stay|stayed) (?:alive or dead|or die|or died|alive or not|here or not|around or not)\b/g,
  },
  {
    kind: 'indirect',
    pattern: cue`\b(?:notice|noticed|care|cared|miss|missed|mind) (?:me )?(?:if|when|whether) i ${cues.goneStates}\b`,
  },
  {
    kind: 'indirect',
    pattern: cue`\b(?:i am|i will be|if i was|if i were|when i am|once i am) gone (?:for good|forever|soon|for ever|tomorrow|by)\b|\bdisappear(?:ed|ing)? (?:forever|for good|permanently|for ever)\b|\b(?:easier|better) for (?:everyone|everybody|them|my family) if i (?:just )?${cues.goneForOthers}\b`,
  },
  {
    kind: 'indirect',
    pattern:
      /\b(?:tired|sick|weary|exhausted) of (?:living|being alive|life|existing|breathing|being here|waking up)\b/g,
  },
  {
    kind: 'indirect',
    pattern:
      /\b(?:do not|can not|no longer) (?:want|bear) to (?:exist|be|feel anything) (?:anymore|any longer)\b|\bwant to stop existing\b/g,
  },
  {
    kind: 'indirect',
    pattern:
      /\b(?:everyone|everybody|they|my family|the world) (?:is|are|would be|will be) (?:better|happier) (?:off )?without me\b|\b(?:i am|i feel like|i am just) (?:such )?a burden (?:to|on|for) (?:everyone|everybody|my family|them|all of them|the people|people|others)\b/g,
  },
  // plans
  {
    kind: 'plan',
    pattern: cue`\b(?:end|ending) (?:it|things)(?! with)(?: all)? ${cues.soonTimes}\b`,
  },
  {
    kind: 'plan',
    pattern:
      /\b(?:going to|gonna|will|plan to|planning to|decided to|about to) (?:do it|end it|go through with it)(?: tonight| today| tomorrow| soon| this weekend| now)\b/g,
  },
  {
    kind: 'plan',
    pattern: cue`\b(?:wrote|written|writing|write|leave|left|leaving|drafted|drafting) (?:a |my |the )?(?:goodbye|farewell|suicide|last) (?:note|letter|message|letters|notes)\b(?! to (?:my )?${cues.lettersToThePast})|\b(?:wrote|written|writing) (?:letters|notes) to (?:everyone|my family|my kids|my children|my parents|the people i love)\b`,
  },
  {
    kind: 'plan',
    pattern: cue`\b(?:giving|gave|give|given) away (?:all )?(?:of )?(?:my|all my) ${[...cues.belongingsGivenAway, ...cues.savingsGivenAway]}\b`,
  },
  {
    kind: 'plan',
    pattern:
      /\b(?:picked|chose|choose|set|have) (?:a|the) (?:date|day|time|place|spot)\b[a-z ]{0,40}\b(?:die|end it|do it|kill myself|goodbye)\b/g,
  },
  // means
  {
    kind: 'means',
    pattern: cue`\b${cues.stockpilingVerbs} (?:up )?(?:[a-z]+ ){0,3}${cues.pills}\b(?! for (?:my|the|a) (?:trip|holiday|travel|dog|cat))`,
  },
  {
    kind: 'means',
    pattern: cue`\b${cues.swallowingVerbs} ${cues.overdoseAmounts} (?:of )?(?:[a-z]+ ){0,2}${cues.pills}`,
  },
  {
    kind: 'means',
    pattern:
      /\b(?:definitely|certainly|surely|guaranteed to|sure to|enough to|would|will|to|is|be) be (?:fatal|lethal|deadly)\b|\b(?:fatal|lethal|deadly) (?:height|fall|amount|mix|combination)\b|\b(?:likely|enough|guaranteed|sure|certain) to kill (?:you|someone|a person|them|him|her)\b|\bstop (?:someone|somebody|a person|my|your|his|her|their|someones) heart\b/g,
  },
  {
    kind: 'means',
    pattern:
      /\bhow long (?:does it|would it|will it|until|before|would someone|does someone|would i|do you|would you|does a person|would a person|would they) (?:take |need |have )?(?:to |for (?:someone|a person|me|you) to )?(?:die|lose consciousness|be dead|stop breathing|suffocate|drown|hang|bleed out|pass out)\b|\bhang before (?:they|you|i|he|she|someone) (?:die|dies|pass out)\b/g,
  },
  {
    kind: 'means',
    pattern:
      /\b(?:bridges?|buildings?|cliffs?|towers?|spots?|places?) (?:do |did |would )?(?:people|someone|you|most people) (?:jump|jumps|jumped) (?:from|off)\b|\b(?:painless|peaceful|quick|quickest|easiest|fastest|best|surest) way to go\b|\b(?:collect|gather|get|got|have|save|saved) enough (?:pills|tablets|meds|medication|sleeping pills|painkillers)\b/g,
  },
  {
    kind: 'means',
    pattern: cue`\boverdos(?:e|ed|es|ing)\b(?! on ${cues.harmlessOverdoses})`,
  },
  {
    kind: 'means',
    pattern:
      /\b(?:lethal|fatal|deadly|toxic|killing) (?:dose|doses|amount|quantity|overdose|level)\b/g,
  },
  {
    kind: 'means',
    pattern:
      /\bhow (?:many|much) [a-z ]{0,40}(?:to|would|will|it takes to|does it take to|needed to|would it take to) (?:kill|die|overdose|end it|be fatal|be lethal|not wake up|never wake up|sleep forever|stop (?:my|a) heart)\b/g,
  },
  {
    kind: 'means',
    pattern: cue`\b${cues.waysTo} (?:to|of) (?:kill (?:myself|yourself|oneself|themselves)|die|end it|commit suicide|end (?:my|your|one) life|overdose|hang (?:myself|yourself)|not wake up|stop (?:my|your) heart)\b`,
  },
  {
    kind: 'means',
    pattern: cue`\b(?:most )?${cues.methodQualities} (?:suicide )?(?:methods?|ways?|means) (?:of|to|for) (?:suicide|dying|die|kill|killing|ending|end)\b|\b(?:suicide|overdose|self harm) (?:methods?|techniques?|instructions?)\b|\bmethods? (?:of|for) (?:suicide|killing (?:yourself|oneself|myself|themselves)|self harm)\b`,
  },
  {
    kind: 'means',
    pattern: cue`\b${cues.jumpingVerbs} (?:off|from) (?:a|the|this|that|my|our)? ?${cues.jumpingPlaces}\b`,
  },
  {
    kind: 'means',
    pattern: cue`\b${cues.steppingVerbs} (?:in front of|into|onto) (?:a |the )?${cues.trafficAndWater}\b`,
  },
  {
    kind: 'means',
    pattern:
      /\b(?:drive|driving|crash|crashing|steer) (?:my car |the car )?(?:off|into) (?:a|the) (?:cliff|bridge|wall|tree|river|lake|oncoming)\b/g,
  },
  {
    kind: 'means',
    pattern:
      /\b(?:slit|slash|slashing|slitting|cut|cutting|open|opening) (?:my |his |her |their )?(?:wrists?|throat|veins?)\b/g,
  },
  {
    kind: 'means',
    pattern:
      /\b(?:a |the |tie a |tied a |tying a |bought a |buy a )noose\b|\bgun to my head\b|\bhanging myself\b|\brope (?:strong enough|to hang|for hanging)\b/g,
  },
  {
    kind: 'means',
    pattern: cue`\b(?:tall|taller|tallest|high|higher|highest) ${cues.heights} (?:to jump|i could jump|for jumping|where nobody|where no one)\b`,
  },
  // farewells
  {
    kind: 'farewell',
    pattern: cue`\bgoodbye ${cues.farewellAddressees}\b|\bfinal goodbye\b|\bsaying (?:my )?goodbyes?\b(?! to (?:the|my|that|this|an?|old|your) ?(?:[a-z]+ )?${cues.goodbyesToThePast})`,
  },
  {
    kind: 'farewell',
    pattern:
      /\bthis (?:is|will be|might be) (?:my|the) (?:last|final) (?:message|reflection|entry|post|words|goodbye|note|time (?:i|you)|lesson i)\b/g,
  },
  {
    kind: 'farewell',
    pattern:
      /\bby the time (?:you|anyone|someone|somebody) (?:read|reads|see|sees|find|finds) this\b/g,
  },
  {
    kind: 'farewell',
    pattern:
      /\b(?:will not|wont|might not|may not|am not going to|not going to) be (?:here|around|alive) (?:tomorrow|much longer|for long|anymore|next week|after|by (?:then|morning|tomorrow|the weekend)|to (?:finish|see|use|read|do)|for|when)\b|\bnot be around (?:much longer|for long|anymore)\b|\bi (?:go|leave|am gone|disappear|am leaving) (?:for good|forever)\b|\bthis is (?:goodbye|my goodbye)\b|\b(?:after|when|once) i am gone\b/g,
  },
  // self-harm
  {
    kind: 'self-harm',
    pattern:
      /\b(?:i|i am|i have been|been|started|start|starting|keep|kept|going to|want to|urge to|urges to|need to|my|relapsed|relapse into)\b(?: (?!not\b|never\b|no\b)[a-z]+){0,2} self harm(?:ing|ed)?\b|\bself harm (?:urges?|thoughts)\b|\burges? to (?:cut|self harm|hurt myself|burn)\b|\bself harm(?:ing|ed)? again\b|\bcutting again\b|\bmake (?:myself|me) bleed\b|\bhurting myself again\b/g,
  },
  {
    kind: 'self-harm',
    pattern:
      /\b(?:want|need|urge|urges|going) to (?:cut|burn|hurt|harm|bleed)(?: (?:so bad(?:ly)?|again|right now|tonight|myself)){0,2}(?= \.|$)|\b(?:hide|hiding|hid|cover|covering|covered) (?:up )?(?:the |my )?(?:cuts|scars|burns|marks|wounds|bruises)\b|\b(?:cuts|burns|fresh scars|new scars) on my (?:arms?|legs?|wrists?|thighs?|skin|stomach|hips?)\b|\b(?:carve|carving|carved|cut|cutting|burn|burning|scratch|scratching) [a-z ]{0,20}(?:into|in|on) my (?:skin|arms?|thighs?|wrists?|legs?|body|stomach)\b|\b(?:take|took|taking|put|hold|press|pressed) (?:a|the|my) (?:blade|razor|knife|lighter) to my\b/g,
  },
  {
    kind: 'self-harm',
    pattern: cue`\b${cues.selfHurtingVerbs} (?:${cues.ownSelf}|my (?:arms?|legs?|wrists?|thighs?|skin|stomach|hips?))${notSelfHarm}`,
  },
  {
    kind: 'explicit',
    pattern:
      /\b(?:hope|hoping|wish|wishing|pray|praying) (?:that )?(?:i|something) (?:get|gets|got|will get|die|dies|am|is) (?:in |hit by |killed in |killed by )?(?:a |an )?(?:car |fatal |bad )?(?:accident|crash|hit by|cancer|struck|killed)\b|\b(?:will not|wont|not) be (?:anyone|anybody|everyone|a) (?:problem|burden) (?:anymore|much longer|for long|soon)\b|\b(?:do not|does not|not) (?:really |even )?(?:plan|planning|expect|intend|going) (?:on|to) (?:be|being) (?:alive|here|around) (?:by|at|for|past|after|much)\b|\b(?:can not|could not) hold on (?:any longer|anymore|much longer)\b/g,
  },
  {
    kind: 'plan',
    pattern:
      /\b(?:know|decided|planned|figured out|worked out) (?:exactly )?(?:how and when|when and how|where and how|how and where|when and where)\b|\b(?:practicing|practising|drafting|rehearsing|planning) what i (?:will|would) (?:write|say) in (?:the|my) (?:note|letter)\b/g,
  },
  {
    kind: 'means',
    pattern: /\bcar (?:run|running|on) in (?:the|a) (?:closed )?garage\b|\bclosed garage\b/g,
  },
  {
    kind: 'means',
    pattern:
      /\b(?:dying|death|die|overdose|hanging|drowning|jumping|it) [a-z ]{0,30}\bpainless\b|\bpainless (?:death|way|method|suicide|exit)\b|\b(?:deadly|lethal|fatal|dangerous) if (?:you|i|someone|they) (?:take|took|swallow|swallowed|mix|mixed|drink|drank)\b|\b(?:lethal|fatal|deadly|toxic) (?:gas|fumes|mix|combination|chemicals?)\b|\b(?:guarantee|guaranteed|ensure|make sure of) (?:death|it is fatal|i die|you die|they die|dying)\b|\b(?:high|tall|deep) enough to (?:jump|die|kill|be fatal|drown)\b|\bto cut so (?:nobody|no one) (?:notices|sees|can see|will see)\b|\b(?:looking up|look up|looked up|searching|searched|googling|googled|reading about|researching) (?:the )?(?:same )?(?:methods|ways to die|how to die|how to end it|lethal doses|doses)\b/g,
  },
  {
    kind: 'self-harm',
    pattern:
      /\buntil (?:it|i|they|my [a-z]+) (?:bled|bleed|bleeds|bruised)\b|\b(?:has|have|had) been (?:cutting|self harming|burning (?:himself|herself|themselves))\b/g,
  },
  {
    kind: 'explicit',
    pattern:
      /\b(?:not|no|never|no more) (?:want|wanna|wish) (?:to )?(?:live|living|be alive|exist)(?: more| anymore| any longer)?\b|\bwant die\b|\b(?:being dead|death|dying|not existing|not being here) (?:would be|is|seems|feels|sounds) (?:better|easier|preferable|a relief|kinder|the answer)\b|\bgame over for me\b|\btake (?:myself|me) out of (?:the picture|the equation|this world|existence)\b|\bnever see (?:my )?(?:[0-9]+(?:st|nd|rd|th)?|next|another|this year s) (?:birthday|christmas|year|summer|spring|winter)\b|\bmy absence,? (?:permanently|for good|forever)\b|\bletting go of (?:breath|breathing|my body|this body|life itself)\b|\bcheck(?:ing|ed)? out (?:[a-z]+ ){0,4}(?:for good|permanently|forever|for ever)\b|\buninstall (?:button|me|myself|life)\b|\b(?:delete|erase|remove) me from (?:existence|life|this world)\b|\bctrl alt delete (?:me|myself|on me|my life)\b|\bpermanent checkout\b|\b(?:the )?(?:rope|bridge|pills|void|water|tracks|ledge) (?:is|are|keeps?|keep) calling\b|\bno respawn\b|\blet it take me\b|\bno future (?:version of me|me|self for me)\b|\bmake it (?:stop|end) (?:permanently|for good|forever)\b|\b(?:resolved|decided|ready|intend|going|want|wants|time|plan) to (?:go and )?join (?:him|her|them)\b|\b(?:shall|will|would|could) be with [a-z]+ (?:once more|again)(?= \.|$)|\b(?:not|no) (?:intend|plan|expect|going) to (?:remain|stay|be here|be around|last|stick around)[a-z ]{0,15} (?:much|any) longer\b|\b(?:can not|could not|do not|does not|no longer) (?:see|find|have) (?:a single|any|one|a|the) (?:reason|point) (?:to|in|for) (?:keep going|go on|going on|live|living|stay|staying|continue|carry on|get up|getting up|be here|being here)\b/g,
  },
  {
    kind: 'means',
    pattern:
      /\b(?:fall|it|death|drop|impact) (?:is|would be|will be) (?:certain|guaranteed|fatal|deadly|unsurvivable)\b|\b(?:un ?survivable|not survivable)\b|\b(?:would|will|to) make (?:someone|somebody|me|a person|you) (?:not wake up|die|stop breathing|never wake up)\b|\b(?:knows?|know) (?:exactly )?how much (?:it )?would (?:take|kill)\b|\b(?:belt|rope|cord|scarf|sheet|cable|rail|rod) (?:hold|support|take) (?:an? )?(?:adult|person|my|human|grown)[a-z ]{0,12}weight\b|\b(?:bought|got|buying|getting) (?:a|the|some) rope\b(?! (?:for|to) (?:climbing|camping|the|my|a|boat|sailing|skipping|jumping|tug|the garden))/g,
  },
  {
    kind: 'self-harm',
    pattern:
      /\b(?:blade|razor|knife) in my hand\b|\b(?:picking|pick|picked|scratching) at (?:my )?(?:old )?(?:scars|wounds|cuts) until\b|\b(?:cut|burned|burnt|self harmed|sh) again\b|\bwith (?:a|the|my) (?:razor|blade|knife|lighter) (?:right now|now|in my hand|tonight)\b|\burge to self harm\b/g,
  },
  {
    kind: 'third-party',
    pattern: /\bbetter off with [a-z ]{0,30} than with (?:him|her|them|me)\b/g,
  },
  // someone close at risk
  {
    kind: 'third-party',
    pattern: cue`\b${cues.harmingVerbs} ${cues.otherSelves}${notSelfHarm}`,
  },
  {
    kind: 'third-party',
    pattern: cue`\b(?:he|she|they|my ${cues.closePeople}) ${cues.talkingOfDeath} (?:to |about |about wanting to |that (?:he|she|they) (?:wants|want|is going|are going) to )?(?:die|dying|suicide|kill (?:himself|herself|themselves)|end (?:his|her|their) (?:own )?life|end it|not being here|not wanting to live|not want to live)\b`,
  },
  {
    kind: 'third-party',
    pattern: cue`\b(?:take|taking|end|ending) (?:his|her|their) (?:own )?life\b|\b(?:saying|says|said|thinks|believes|told me|feels) (?:that )?(?:everyone|everybody|we|the world|his family|her family) (?:would be|is|are|will be) better off without (?:him|her|them)\b|\b(?:giving|gave|give|given) away (?:all )?(?:of )?(?:his|her|their) ${cues.belongingsGivenAway}\b|\bweigh (?:herself|himself|themselves|myself) down\b|\b(?:giving|gave|give|given) (?:all )?(?:of )?(?:my|his|her|their|all my|all his|all her) (?:[a-z]+ )?(?:things|stuff|belongings|possessions) away\b`,
  },
  {
    kind: 'eating-disorder',
    pattern: cue`\b(?:make|made|making) myself (?:throw up|sick|vomit|puke)\b|\bpurg(?:e|ed|ing)\b|\b(?:took|take|taking) (?:a lot of |so many |more )?laxatives\b|\b(?:starve|starving|starved) myself\b|\b${cues.eatingDisorderSlang}\b|\b(?:have not|not|did not) eat(?:en)? (?:in|for) (?:[0-9]+|two|three|four|five|six|seven) days\b`,
  },
  {
    kind: 'harm-from-others',
    pattern: cue`\b(?:he|she|they|my ${cues.abusers}) ${cues.abuseVerbs} me\b|\b(?:afraid|scared|terrified) (?:to go|of going) home\b|\b(?:touches|touched) me (?:where|when|at night|and)\b`,
  },
  {
    kind: 'plan',
    pattern:
      /\b(?:drive|driving|walk|walking|go|going) (?:out )?to the (?:lake|river|sea|bridge|cliffs?|woods|forest|tracks|railway) [a-z ]{0,30}\b(?:not|never) (?:come|coming) back\b/g,
  },
];

/** Each alone is common in honest writing; two different ones in one sentence call for care. */
const weakCues: RegExp[] = [
  cue`\b(?:i am|i feel|i feel so|feeling|i am so|so) ${cues.hopelessFeelings}\b`,
  /\b(?:i am|i feel like) (?:a|such a) (?:burden|failure|waste of space|waste)\b/g,
  cue`\b${cues.noWayOut}\b`,
  cue`\bnobody ${cues.nobodyCares}\b`,
  cue`\b${cues.noPoint}\b`,
  cue`\b(?:tired|sick|exhausted) of ${cues.wearyOf}\b`,
  cue`\b${cues.givingUp}\b`,
  cue`\bhate ${cues.hatedInOneself}\b`,
  cue`\b${cues.vanishing}\b`,
  /\b(?:i am|i am just|i am so) done(?= \.|$)|\bdone with (?:everything|it all|life|myself)\b/g,
  cue`\b${cues.lastWords}\b`,
  cue`\b${cues.losses}\b`,
  cue`\b(?:tall|taller|tallest|high|higher|highest|height of|how high|how tall)\b[a-z ]{0,20}\b${cues.heights}|\b${cues.heights} (?:taller|higher|over|above|tall enough|high enough)\b|\b${cues.heights} [a-z ]{0,30}\b(?:high|tall|tallest|highest|higher|taller)\b`,
  cue`\b${cues.relapseAndBlades}\b`,
  /\bpunish(?:ing)? (?:myself|my body)\b/g,
  /\bcan not take (?:it|this|much more)\b/g,
  cue`\b${cues.noFuture}\b`,
  cue`\b${cues.mindMadeUp}\b`,
  /\b(?:new home for my|rehomed my|gave (?:away )?my) (?:cat|dog|pets?|rabbit)\b|\b(?:cat|dog) has a new home\b|\bwill not need (?:them|it|the next|this|my|these) ?(?:soon|anymore|module|course|lesson)?\b/g,
  cue`\b${cues.ropeOrGun}\b`,
  /\b(?:most dangerous|deadliest|most deadly)\b|\bif (?:you|i|someone) (?:take|took|swallow|swallowed) (?:a lot|too many|the whole|all)\b|\bbottle of (?:pills|tablets)\b|\b(?:pills|tablets) in front of me\b|\btak(?:e|ing) all of them\b|\bwould be too (?:many|much)\b/g,
  cue`\b${cues.meansThoughtOf}\b`,
  cue`\b${cues.lastWordsToOthers}\b|\b(?:was|is) not (?:your|her|his|their|anyone) fault\b|\btell my [a-z]+ (?:i am sorry|i lov(?:e|ed))\b|\b(?:last|final) (?:[a-z]+ )?(?:entry|message|reflection|post|words)\b`,
  cue`\b${cues.dwellingOnIt}\b|\b(?:wanted|want) to finish (?:this|the) (?:module|course|lesson) first\b|\bwhen (?:my parents|everyone|they|my family|my wife|my husband) (?:leave|are away|go away|are asleep|are out|is away)\b|\bnone of (?:this|it) (?:was|is) (?:your|her|his|their|anyone) fault\b`,
  cue`\b${cues.preparations}\b|\b(?:chosen|picked|set) (?:when|the day|the date|the time)\b`,
  cue`\b${cues.quietSigns}\b|\b(?:wrote|written|writing) (?:goodbye )?letters to (?:my|everyone)\b|\bpicked (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|a day|the day)\b|\bdelet(?:e|ed|ing) (?:my |all my |all her |all his |her |his )?accounts\b|\bletter for (?:mum|mom|dad|my [a-z]+)\b|\bmake sure my [a-z]+ gets my\b|\bwhere (?:his|her|their|my) (?:old )?(?:hunting )?(?:rifle|gun|shotgun|pistol)\b|\bsince [a-z]+ died\b|\b(?:life|live) (?:have|has) no (?:value|sense|meaning|point)\b|\b(?:do not|did not|would not|never) have to (?:deal with|worry about|look after|take care of|put up with) me\b|\b(?:drove|walked|went|go|going) (?:back )?to the (?:bridge|cliffs?|tracks|railway|roof|rooftop)\b|\btake care(?= \.|$)|\b(?:hit|bang|banged|banging|hitting) my head (?:against|on) (?:the|a) wall\b`,
  cue`\b${cues.signsOfDistress}\b|\bdeserved? (?:it|the pain|to hurt|to suffer|to be in pain)\b`,
];

const denial =
  /\b(?:not|never|no longer|nor|neither|no|free of|free from|without|prevent|preventing|prevention)\b/;
/** "self harm has never been …": a denial that follows the words it denies. */
const denialAfter = /^(?:has|have|is|was|are|were) (?:never|not|no longer)\b/;
/** "how can I tell if a friend might be …", "my therapist asked if I have had …": not a disclosure. */
const hypothetical =
  /\b(?:if|whether|that) (?:a|my|your|someone|somebody|a person|people|they|he|she|friends?|loved ones?|students?|clients?)\b[a-z ]*\b(?:might|may|could)\b|\basked (?:me )?(?:if|whether)\b|\b(?:ask|asking) (?:her|him|them|my [a-z]+)? ?(?:directly )?(?:if|whether)\b|\bwarning signs\b|\b(?:never|no|not|without) (?:had |have |any |experienced |really )*(?:thoughts|urges|ideas|intention|plans?) (?:of|about|to)$/;
const returning =
  /\b(?:(?:thoughts|urges|feelings|it|they) (?:are|is|have|has|have been|are coming|is coming) (?:come |coming )?back|(?:came|come|coming) back (?:this|last|again)|started again|relapsed|back and worse|finish what i started|getting (?:louder|worse|stronger))\b/;
const pastMarkers =
  /\b(?:years ago|year ago|decades? ago|long time ago|long ago|took me back to|there was a (?:time|winter|summer|year|period|season|moment|stretch)|before i (?:came|come|moved|found)|in a (?:much )?(?:better|good|great|healthier) place|different person now|got me through|i used to (?:believe|be (?:suicidal|depressed|so low|in a (?:dark|bad) place)|self harm|cut|hurt myself|want to die|think about|feel|struggle|hate|have|try|attempt|wish)|back then|early in my (?:career|life|twenties|thirties|marriage)|i struggled|back when|in the past|when i was (?:an? )?(?:younger|young|teen|teenager|kid|child|little|student|at (?:school|university|uni|college)|in (?:high )?school|in (?:my )?(?:teens|twenties|20s)|[0-9]+)|as a (?:teen|teenager|kid|child|student|young)|in my (?:teens|twenties|20s|youth)|at my (?:lowest|worst)|survived|survivor|came through|come through|got through|made it through|recovered|in recovery|how far i have come|since then|looking back|look back|looked back|that was (?:then|years ago)|a long time|back in (?:university|uni|college|school|high school|the day|my twenties|my teens|[0-9]+)|(?:in|from|since|around) (?:19|20)[0-9][0-9]|once (?:believed|thought|felt|was|wanted|tried|planned)|years (?:free|clean|sober)|(?:free|clean) (?:of|from) [a-z ]{0,20}for|for (?:[0-9]+|one|two|three|four|five|six|seven|eight|nine|ten|many|several) years|(?:[0-9]+|one|two|three|four|five|six|seven|eight|nine|ten|many) years since|since my last|at (?:thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|[0-9]+)|who i was|surviving|(?:i am|doing) (?:so |really |very )?(?:well|good|better|okay|ok|solid|stable|hopeful|happy) now|my story|my past|stable and well)\b/;
const presentMarkers =
  /\b(?:again|lately|these days|right now|tonight|recently|currently|yesterday|last night|relapsed|keep thinking|keeps coming back|coming back|can not stop|now i (?:want|feel like|think about|am thinking)|still (?:think|thinking|want|wanting|feel like|have thoughts|struggle|struggling))\b/;

/**
 * A wish to be dead said without the usual words ("I'd be fine if I never woke up", "hoping the
 * plane would go down"): a person, a wish and an end of their own in one sentence.
 */
const wishing =
  /\b(?:want|wanna|wish|hope|hoping|ready|going to|plan|planning|thinking (?:to|about|of|how)|think (?:to|about|of|how)|decided|resolved|intend|would welcome|would not mind|would (?:honestly |actually |really |just )?be (?:fine|relieved|happy|glad|okay)|be fine if|kind of hoping|prefer|longing|tempted|considering|might just|better if)\b/g;
const ownEnd =
  /\b(?:(?:to|i|me) (?:just |finally |simply )?(?:die|be dead)|(?:i am|i was|i were|being) dead|(?:bumped|pushed|hit|knocked) me|not wake up|never wake up|never woke up|not waking up|skip the waking|sleep forever|(?:stop|end|finish) (?:my|this) (?:life|breathing|heart|existence)|heart [a-z ]{0,12}gave out|(?:bus|car|train|truck|lorry) (?:would |to )?hit me|(?:plane|it) (?:would |to )?(?:go down|crash)|something terminal|terminal (?:illness|diagnosis))\b/g;
const notAnEnd = new RegExp(String.raw`\b${anyOf(cues.notAnEnd)}\b`);

function isWishToBeDead(sentence: string): boolean {
  return (
    /\b(?:i|me|my|myself)\b/.test(sentence) &&
    !notAnEnd.test(sentence) &&
    hasUndeniedMatch(sentence, wishing) &&
    hasUndeniedMatch(sentence, ownEnd)
  );
}

/** A writer who says they are a child: abuse they disclose calls for words for a young person. */
const minor =
  /\bi am (?:[0-9]|1[0-7]|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen)(?: years old)?\b|\bsince i (?:am|was) (?:[0-9]|1[0-7])\b|\b(?:my teacher|at school|after school|the school|my homework|homework|babysits?|babysitter|in year [0-9]+|in (?:[0-9]+th|ninth|tenth) grade|my (?:mum|mom|mother)s? boyfriend|my step ?(?:dad|father|brother))\b/;

let learntModel: CrisisModel | undefined;

/**
 * The learnt layer, as `npm run crisis:train` left it. Built at its first use, not as the module
 * loads: the lesson page loads the detector with the page, and unpacking the weights then held a
 * phone's main thread while the lesson appeared (decision 044).
 */
export function crisisModel(): CrisisModel {
  return (learntModel ??= modelFromWeights(unpackWeights(weights)));
}

/** What each head of the learnt model names. */
const kindsOfHead: Record<ModelHead, CrisisKind[]> = {
  suicide: ['indirect'],
  'eating-disorder': ['eating-disorder'],
  'harm-from-others': ['harm-from-others'],
  // The model's child head cannot yet tell a child from an adult partner's victim (26 lines):
  // a child is named only when the writer says they are young (`minor`, below).
  'child-abuse': ['harm-from-others'],
};

/**
 * Every sentence is read on its own (the rules, then the learnt model), so a sentence added
 * before or after another never changes how that one reads. `model` is the learnt layer; the
 * tests give one learnt without an author. `isBeingTyped`: the text as it stands while the
 * learner types on (sentenceStillTyped); the server always reads a text whole.
 */
export function assessCrisis(
  text: string,
  model: CrisisModel = crisisModel(),
  { isBeingTyped = false }: { isBeingTyped?: boolean } = {},
): CrisisAssessment {
  const reading = readSentences(normaliseForCrisisCheck(text));
  const stillTyped = isBeingTyped ? sentenceStillTyped(text, reading) : undefined;
  const kinds = new Set<CrisisKind>();
  let isPast = false;
  for (const cue of strongCues) {
    for (const { sentence } of undeniedMatches(reading, cue.pattern)) {
      if (sentence.isPast) isPast = true;
      else kinds.add(cue.kind);
    }
  }
  const weakPhrases = new Map<Sentence, Set<string>>();
  for (const pattern of weakCues) {
    for (const { sentence, phrase } of undeniedMatches(reading, pattern)) {
      if (!sentence.isPast)
        weakPhrases.set(sentence, (weakPhrases.get(sentence) ?? new Set()).add(phrase));
    }
  }
  if ([...weakPhrases.values()].some((phrases) => phrases.size >= 2)) kinds.add('indirect');
  for (const sentence of reading.sentences) {
    if (!sentence.isPast && isWishToBeDead(sentence.text)) kinds.add('indirect');
    // A dark past the model reads as risk is still the past.
    if (sentence.isPast && sentence.text !== '' && headsAtRisk(model, [sentence.text]).size > 0) {
      isPast = true;
    }
  }
  for (const run of runsOfPresentSentences(reading, stillTyped)) {
    const heads = headsAtRisk(model, run);
    if (heads.has('eating-disorder') && isSuicideOnlyBesideEatingDisorder(model, run)) {
      heads.delete('suicide');
    }
    for (const head of heads) for (const kind of kindsOfHead[head]) kinds.add(kind);
  }
  // A dark past that the writer says is back is the present.
  if (kinds.size === 0 && isPast && returning.test(reading.text)) kinds.add('indirect');
  if (kinds.has('harm-from-others') && minor.test(reading.text)) kinds.add('child-abuse');
  if (kinds.size > 0) return { level: 'at-risk', kinds: [...kinds] };
  return { level: isPast ? 'past' : 'none', kinds: [] };
}

/**
 * Whether the learnt suicide reading of a run rests only on sentences it also reads as an eating
 * disorder: "I made myself throw up again" is purging, and its own help is the eating-disorder
 * line's. The rules (a wish to be dead, a method, a plan) still name suicide in the same text.
 */
function isSuicideOnlyBesideEatingDisorder(model: CrisisModel, run: string[]): boolean {
  return run.every((sentence) => {
    const heads = headsAtRisk(model, [sentence]);
    return !heads.has('suicide') || heads.has('eating-disorder');
  });
}

/**
 * Neighbouring sentences of now, split where a sentence about the past stands between them;
 * `stillTyped` is left out.
 */
function runsOfPresentSentences(reading: Reading, stillTyped?: Sentence): string[][] {
  const runs: string[][] = [[]];
  for (const sentence of reading.sentences) {
    if (sentence === stillTyped) continue;
    if (sentence.isPast) runs.push([]);
    else if (sentence.text !== '') runs[runs.length - 1]!.push(sentence.text);
  }
  return runs.filter((run) => run.length > 0);
}

/**
 * A last sentence of this many words at most, with no mark after it yet, is still being typed; its
 * last word, which may be half typed ("mo" of "more"), is not counted.
 */
const STILL_TYPED_WORDS = 4;

/**
 * The text's last sentence while the learner is still typing it: no mark after its last word, and
 * only a few words ("i want", of "I want to rest"). Read `isBeingTyped`, the learnt model leaves
 * it to the next word: a few words are too few for a reading of meaning (alone, "i want" read as
 * an eating disorder, and the help, once shown, stays). The rules still read it, so "i want to
 * die" is met at once; and once typing pauses, the text is read whole (use-crisis-reading-as-typed).
 */
function sentenceStillTyped(text: string, reading: Reading): Sentence | undefined {
  const last = reading.sentences.at(-1);
  const isEnded = !/[\p{L}\p{N}]/u.test(text.trimEnd().slice(-1));
  if (!last || isEnded || last.text.split(' ').length - 1 > STILL_TYPED_WORDS) return undefined;
  return last;
}

/** The canonical sentences of a text, each as the detector places it: now, or a past come through. */
export function sentencesOf(text: string): { text: string; isPast: boolean }[] {
  return readSentences(normaliseForCrisisCheck(text)).sentences.map(({ text, isPast }) => ({
    text,
    isPast,
  }));
}

/** The server's question on every path: must this text be met with help, and kept here? */
export function isAtRisk(text: string): boolean {
  return assessCrisis(text).level === 'at-risk';
}

interface Sentence {
  text: string;
  start: number;
  end: number;
  isPast: boolean;
}

/** Canonical text and its sentences, each placed and read for the past once. */
interface Reading {
  text: string;
  sentences: Sentence[];
}

function readSentences(text: string): Reading {
  const sentences: Sentence[] = [];
  let start = 0;
  for (const part of text.split(' . ')) {
    sentences.push({ text: part, start, end: start + part.length, isPast: isAboutThePast(part) });
    start += part.length + ' . '.length;
  }
  return { text, sentences };
}

function sentenceAt(reading: Reading, index: number): Sentence {
  let low = 0;
  let high = reading.sentences.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (reading.sentences[middle]!.start <= index) low = middle;
    else high = middle - 1;
  }
  return reading.sentences[low]!;
}

function hasUndeniedMatch(sentence: string, pattern: RegExp): boolean {
  return undeniedMatches(readSentences(sentence), pattern).length > 0;
}

/**
 * What a pattern finds that no "not", "never" or "no longer" denies, and no "if a friend might"
 * makes hypothetical, each with its sentence. Every pattern scans the text once, and each look
 * around a match is bounded, so the whole check stays linear in the text's length.
 */
function undeniedMatches(
  reading: Reading,
  pattern: RegExp,
): { sentence: Sentence; phrase: string }[] {
  const found: { sentence: Sentence; phrase: string }[] = [];
  // exec on the global pattern, not matchAll, which copies the pattern on every call.
  pattern.lastIndex = 0;
  for (let match = pattern.exec(reading.text); match; match = pattern.exec(reading.text)) {
    if (match[0] === '') pattern.lastIndex += 1; // as matchAll steps past an empty match
    const sentence = sentenceAt(reading, match.index);
    const end = match.index + match[0].length;
    const words = reading.text
      .slice(Math.max(sentence.start, match.index - 80), match.index)
      .trimEnd()
      .split(' ');
    const after = reading.text.slice(end, Math.min(sentence.end, end + 40)).trimStart();
    if (
      !denial.test(words.slice(-3).join(' ')) &&
      !denialAfter.test(after) &&
      !hypothetical.test(words.slice(-7).join(' '))
    ) {
      found.push({ sentence, phrase: match[0] });
    }
  }
  return found;
}

function isAboutThePast(sentence: string): boolean {
  return pastMarkers.test(sentence) && !presentMarkers.test(sentence);
}

import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { refundPromise } from '../../../../shared/rules/refund-promise.ts';
import { useContactEmail } from '../../../lib/contact.ts';
import { Section } from './section.tsx';

const questions = [
  {
    question: 'Why do I take an assessment before I can join?',
    answer:
      'This journey asks for honesty and commitment, and it works best when the timing is right. The assessment shows us, and you, whether this is your moment. We read every answer personally and reply within 24 hours; those who pass are invited to the inner circle.',
  },
  {
    question: 'How is the programme delivered?',
    answer:
      'The courses are video teachings, embodied practices and reflection prompts that you work through online at your own pace, with an AI companion that reflects the patterns in your writing. The one-to-one illumination session takes place by private video call.',
  },
  {
    question: 'How long can I access a course?',
    answer:
      'Each course stays open to you for 365 days from the day you join: time enough to move through every stage at a pace that lets it settle into your life, and to return to it.',
  },
];

const refundQuestion = 'What if the programme is not right for me?';

export function FaqSection() {
  const refundAnswer = refundPromise(useContactEmail()).faq;
  return (
    <Section id="faq" eyebrow="FAQ" title="Questions You May Be Holding" className="bg-white">
      <div className="mx-auto max-w-3xl divide-y divide-ink-600/15 border-y border-ink-600/15">
        {questions.map((entry) => (
          <FaqEntry key={entry.question} {...entry} />
        ))}
        <FaqEntry question={refundQuestion} answer={refundAnswer} />
      </div>
    </Section>
  );
}

function FaqEntry({ question, answer }: { question: string; answer: string }) {
  const [isOpen, setOpen] = useState(false);
  const answerId = useId();
  return (
    <div>
      <h3>
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={answerId}
          className="flex w-full items-center justify-between gap-4 py-5 text-left font-display text-lg font-bold hover:text-flame-700"
          onClick={() => setOpen((open) => !open)}
        >
          {question}
          <ChevronDown
            aria-hidden="true"
            className={`h-5 w-5 shrink-0 transition-transform motion-reduce:transition-none ${isOpen ? 'rotate-180' : ''}`}
          />
        </button>
      </h3>
      <div id={answerId} hidden={!isOpen} className="pb-5 text-ink-700">
        <p>{answer}</p>
      </div>
    </div>
  );
}

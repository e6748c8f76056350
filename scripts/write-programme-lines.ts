/**
 * Writes the programme's own words as harmless lines the crisis detector is measured on, never
 * learns from (src/shared/rules/crisis-probes/first-contact/programme-words.jsonl,
 * docs/decisions/014-companion-safety.md): every paragraph, list item, title, description and
 * reflection question of the courses in content/. Learners echo the lessons they write about; a
 * reading that alarms on "This final lesson brings everything you have learned into the world"
 * alarms on them. Run after the programme's words change.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readContentFolder } from '../src/server/catalogue/load-catalogue.ts';
import { FIRST_CONTACT_FOLDER, PROGRAMME_AUTHOR } from '../src/shared/rules/crisis-corpus.ts';

/** A paragraph shorter than this many words is a heading or a label, not something written. */
const MIN_WORDS = 4;

const { courses } = await readContentFolder(join(import.meta.dirname, '../content'));
const written = courses.flatMap((course) => [
  course.title,
  course.description,
  ...paragraphsOf(course.overview),
  ...course.modules.flatMap((module) => [
    module.title,
    module.description,
    ...module.lessons.flatMap((lesson) => [
      lesson.title,
      lesson.description,
      ...paragraphsOf(lesson.content),
      ...lesson.reflectionPrompts.map((prompt) => prompt.question),
    ]),
  ]),
]);
const lines = [...new Set(written.filter((text) => text.split(/\s+/).length >= MIN_WORDS))];
const file = join(FIRST_CONTACT_FOLDER, 'programme-words.jsonl');
const labelled = lines.map((text) =>
  JSON.stringify({ author: PROGRAMME_AUTHOR, label: 'harmless', kind: 'programme', text }),
);
writeFileSync(file, `${labelled.join('\n')}\n`);
console.log(`${lines.length} lines of the programme's own words written to ${file}`);

/** A markdown text's paragraphs and list items as plain text. */
function paragraphsOf(markdown: string): string[] {
  return markdown
    .split(/\n\s*\n|\n(?=\s*(?:[-*+]|\d+\.)\s)/)
    .map((block) =>
      block
        .replace(/^\s*(?:#{1,6}|[-*+]|\d+\.|>)\s*/gm, '')
        .replace(/[*_`]+/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((text) => text !== '');
}

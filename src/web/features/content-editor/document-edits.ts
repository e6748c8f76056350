import type { CourseDocument } from '../../../shared/api/content.ts';

/** The list with the item at `from` moved to `to`; out of range, the list as it was. */
export function moveItem<Item>(items: readonly Item[], from: number, to: number): Item[] {
  if (from === to || to < 0 || to >= items.length || from < 0 || from >= items.length) {
    return [...items];
  }
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** The list with the item at `index` replaced by what `change` makes of it. */
export function updateAt<Item>(
  items: readonly Item[],
  index: number,
  change: (item: Item) => Item,
) {
  return items.map((item, at) => (at === index ? change(item) : item));
}

/** A kebab-case id from a title, for a new module, lesson or prompt: unique among `taken`. */
export function idFrom(title: string, taken: readonly string[]): string {
  const stem =
    title
      .toLowerCase()
      .slice(0, 60)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'item';
  let id = stem;
  for (let n = 2; taken.includes(id); n += 1) id = `${stem}-${n}`;
  return id;
}

/** Drops the optional fields left empty in the form, which the schema would refuse as empty. */
export function withoutEmptyFields(course: CourseDocument): CourseDocument {
  return {
    ...dropEmpty(course, ['releaseDate', 'thumbnail']),
    modules: course.modules.map((module) => ({
      ...module,
      lessons: module.lessons.map((lesson) => dropEmpty(lesson, ['videoTitle', 'videoDuration'])),
    })),
  };
}

function dropEmpty<Value extends object>(value: Value, keys: readonly (keyof Value)[]): Value {
  const copy = { ...value };
  for (const key of keys) if (copy[key] === '') delete copy[key];
  return copy;
}

import { useCatalogue } from '../../lib/catalogue.ts';
import { Button } from './button.tsx';
import { CheckboxField } from './checkbox-field.tsx';

const looks = {
  /** One course a line (a list), with room for a badge: the admin's grant forms. */
  list: { legend: 'font-semibold', courses: 'mt-3 space-y-2' },
  /** Two columns of boxes in a narrow form: the beta programme's forms. */
  grid: { legend: 'text-sm font-medium text-ink-800', courses: 'mt-2 grid gap-2 sm:grid-cols-2' },
} as const;

export interface CourseChecklistProps {
  legend: string;
  selected: readonly string[];
  onChange: (courseIds: string[]) => void;
  /**
   * What an empty list grants. 'every' is the beta programme's rule (`grantCovers` in
   * shared/rules/beta.ts): the server expands it, and the legend says so; the boxes show only
   * what is ticked.
   */
  whenEmpty?: 'none' | 'every';
  /** Select All and Deselect All above the boxes. */
  hasSelectAll?: boolean;
  /** A 'Coming Soon' badge beside a course not yet released. */
  hasComingSoonBadges?: boolean;
  look?: keyof typeof looks;
}

/** The catalogue's courses as checkboxes, none ticked at first. */
export function CourseChecklist({
  legend,
  selected,
  onChange,
  whenEmpty = 'none',
  hasSelectAll = false,
  hasComingSoonBadges = false,
  look = 'list',
}: CourseChecklistProps) {
  const catalogue = useCatalogue();
  const courses = catalogue.data?.courses ?? [];
  const toggle = (courseId: string, isChecked: boolean) =>
    onChange(
      isChecked ? [...selected, courseId] : selected.filter((candidate) => candidate !== courseId),
    );
  const Courses = look === 'list' ? 'ul' : 'div';
  const Course = look === 'list' ? 'li' : 'div';

  return (
    <fieldset>
      <legend className={looks[look].legend}>
        {whenEmpty === 'every' ? `${legend} (none ticked: every course)` : legend}
      </legend>
      {hasSelectAll && (
        <div className="mt-2 flex gap-2">
          <Button variant="secondary" onClick={() => onChange(courses.map((course) => course.id))}>
            Select All
          </Button>
          <Button variant="secondary" onClick={() => onChange([])}>
            Deselect All
          </Button>
        </div>
      )}
      <Courses className={looks[look].courses}>
        {courses.map((course) => (
          <Course key={course.id} className="flex items-center gap-2">
            <CheckboxField
              label={course.title}
              checked={selected.includes(course.id)}
              onChange={(event) => toggle(course.id, event.target.checked)}
            />
            {hasComingSoonBadges && course.product.comingSoon && (
              <span className="rounded-full bg-flame-100 px-2 py-0.5 text-xs font-semibold text-flame-700">
                Coming Soon
              </span>
            )}
          </Course>
        ))}
      </Courses>
    </fieldset>
  );
}

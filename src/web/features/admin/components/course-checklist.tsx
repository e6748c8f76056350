import { BUNDLE_COURSE_ID } from '../../../../shared/rules/admin.ts';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { useCatalogue } from '../../../lib/catalogue.ts';

/** The courses one can grant, all unchecked at first, with Select All and Deselect All. */
export function CourseChecklist({
  legend,
  selected,
  onChange,
}: {
  legend: string;
  selected: readonly string[];
  onChange: (courseIds: string[]) => void;
}) {
  const catalogue = useCatalogue();
  const courses = (catalogue.data?.courses ?? []).filter(
    (course) => course.id !== BUNDLE_COURSE_ID,
  );
  const toggle = (courseId: string, isChecked: boolean) =>
    onChange(
      isChecked ? [...selected, courseId] : selected.filter((candidate) => candidate !== courseId),
    );
  return (
    <fieldset>
      <legend className="font-semibold">{legend}</legend>
      <div className="mt-2 flex gap-2">
        <Button variant="secondary" onClick={() => onChange(courses.map((course) => course.id))}>
          Select All
        </Button>
        <Button variant="secondary" onClick={() => onChange([])}>
          Deselect All
        </Button>
      </div>
      <ul className="mt-3 space-y-2">
        {courses.map((course) => (
          <li key={course.id} className="flex items-center gap-2">
            <CheckboxField
              label={course.title}
              checked={selected.includes(course.id)}
              onChange={(event) => toggle(course.id, event.target.checked)}
            />
            {course.product.comingSoon && (
              <span className="rounded-full bg-flame-100 px-2 py-0.5 text-xs font-semibold text-flame-700">
                Coming Soon
              </span>
            )}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

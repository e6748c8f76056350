import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { useCatalogue } from '../../../lib/catalogue.ts';

/** The courses a code, grant or invitation opens; none ticked means every course. */
export function CourseChecklist({
  value,
  onChange,
}: {
  value: string[];
  onChange: (courseIds: string[]) => void;
}) {
  const catalogue = useCatalogue();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-ink-800">
        Courses (none ticked: every course)
      </legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {catalogue.data?.courses.map((course) => (
          <CheckboxField
            key={course.id}
            label={course.title}
            checked={value.includes(course.id)}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? [...value, course.id]
                  : value.filter((courseId) => courseId !== course.id),
              )
            }
          />
        ))}
      </div>
    </fieldset>
  );
}

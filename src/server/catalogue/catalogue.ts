import type {
  CatalogueResponse,
  CourseOutline,
  CourseSummary,
  LessonSummary,
  Product,
} from '../../shared/api/catalogue.ts';

export interface ReflectionPrompt {
  id: string;
  question: string;
  isRequired: boolean;
}

export interface Lesson extends LessonSummary {
  moduleId: string;
  content: string;
  reflectionPrompts: ReflectionPrompt[];
}

export interface Module {
  id: string;
  title: string;
  description: string;
  order: number;
  lessons: Lesson[];
}

export interface Course extends Omit<CourseOutline, 'modules'> {
  modules: Module[];
}

export interface Catalogue {
  courses: Course[];
  bundle: Product;
  /** The one-to-one session (products.yaml `session: true`), when one is sold. */
  session: Product | null;
  getCourse: (courseId: string) => Course | undefined;
  getProduct: (productId: string) => Product | undefined;
}

/** What `/api/catalogue` answers, and what the public pages are rendered with. */
export function toCatalogueResponse(catalogue: Catalogue): CatalogueResponse {
  return { courses: catalogue.courses.map(toCourseSummary), bundle: catalogue.bundle };
}

export function toCourseSummary(course: Course): CourseSummary {
  const { modules: _modules, overview: _overview, ...summary } = course;
  return summary;
}

export function toCourseOutline(course: Course): CourseOutline {
  return {
    ...course,
    modules: course.modules.map((module) => ({
      ...module,
      lessons: module.lessons.map(toLessonSummary),
    })),
  };
}

/** An outline for someone who may not open the course: no lesson's video can be found from it. */
export function withoutVideoIds(outline: CourseOutline): CourseOutline {
  return {
    ...outline,
    modules: outline.modules.map((module) => ({
      ...module,
      lessons: module.lessons.map(({ vimeoVideoId: _videoId, ...lesson }) => lesson),
    })),
  };
}

export function toLessonSummary(lesson: Lesson): LessonSummary {
  const {
    moduleId: _moduleId,
    content: _content,
    reflectionPrompts: _prompts,
    ...summary
  } = lesson;
  return summary;
}

/** Lessons of a course in reading order, across modules. */
export function lessonsInOrder(course: Course): Lesson[] {
  return course.modules.flatMap((module) => module.lessons);
}

import type {
  CatalogueResponse,
  CourseOutline,
  CourseSummary,
  LessonSummary,
  Product,
} from '../../shared/api/catalogue.ts';
import type { CaptionTrack, LessonView } from '../../shared/api/learning.ts';

export interface ReflectionPrompt {
  id: string;
  question: string;
  isRequired: boolean;
}

export interface Lesson extends LessonSummary {
  moduleId: string;
  content: string;
  reflectionPrompts: ReflectionPrompt[];
  captions?: CaptionTrack[];
}

export interface Module {
  id: string;
  title: string;
  description: string;
  order: number;
  lessons: Lesson[];
  opensAfterDays?: number;
  opensOn?: string;
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

/**
 * The catalogue as last published, read on every request: it is the published programme of the
 * moment (`current()`), and reading it as a `Catalogue` reads the current one.
 */
export interface CatalogueStore extends Catalogue {
  current: () => Catalogue;
  /** Reads the published documents again; every process does so when one publishes. */
  reload: () => Promise<void>;
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
      lessons: module.lessons.map(
        ({ vimeoVideoId: _videoId, videoUrl: _videoUrl, ...lesson }) => lesson,
      ),
    })),
  };
}

/** What the public pages show of the programme: the catalogue, and each course's outline. */
export function toPublishedData(catalogue: Catalogue) {
  return {
    catalogue: toCatalogueResponse(catalogue),
    courses: catalogue.courses.map((course) => withoutVideoIds(toCourseOutline(course))),
  };
}

export function toLessonSummary(lesson: Lesson): LessonSummary {
  const {
    moduleId: _moduleId,
    content: _content,
    reflectionPrompts: _prompts,
    captions: _captions,
    ...summary
  } = lesson;
  return summary;
}

/** The lesson as its page shows it, to a learner, a visitor on a preview or the editing admin. */
export function toLessonView(lesson: Lesson): LessonView {
  return {
    ...toLessonSummary(lesson),
    content: lesson.content,
    reflectionPrompts: lesson.reflectionPrompts,
    ...(lesson.captions ? { captions: lesson.captions } : {}),
  };
}

/** Lessons of a course in reading order, across modules; a published course never changes. */
export function lessonsInOrder(course: Course): readonly Lesson[] {
  let lessons = lessonsByCourse.get(course);
  if (!lessons) {
    lessons = course.modules.flatMap((module) => module.lessons);
    lessonsByCourse.set(course, lessons);
  }
  return lessons;
}

const lessonsByCourse = new WeakMap<Course, readonly Lesson[]>();

/** The catalogue's words for a lesson's video: its video title, the lesson's description and mm:ss. */
export function videoFallbackOf(lesson: Lesson): {
  title: string;
  description: string;
  duration: number;
} {
  const [minutes = 0, seconds = 0] = (lesson.videoDuration ?? '').split(':').map(Number);
  return {
    title: lesson.videoTitle ?? lesson.title,
    description: lesson.description,
    duration: lesson.videoDuration ? minutes * 60 + seconds : lesson.duration,
  };
}

import type { CourseOutline } from '../../../shared/api/catalogue.ts';
import { PRODUCT_NAME as SITE_NAME } from '../../../shared/brand.ts';

/** The page title of a course's page. */
export function courseTitle(course: Pick<CourseOutline, 'title'>): string {
  return `${course.title} · ${SITE_NAME}`;
}

/**
 * What a course's rendered page adds to its head: Open Graph tags for a shared link's preview,
 * and schema.org `Course` data for search engines. Text, never markup, from the course.
 */
export function courseHead(course: CourseOutline): { title: string; head: string } {
  const meta = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeAttribute(content)}">`;
  const image = course.thumbnail?.startsWith('https://') ? course.thumbnail : undefined;
  const tags = [
    meta('og:type', 'website'),
    meta('og:site_name', SITE_NAME),
    meta('og:title', course.title),
    meta('og:description', course.description),
    ...(image ? [meta('og:image', image), meta('og:image:alt', course.thumbnailAlt ?? '')] : []),
    `<script type="application/ld+json">${jsonInScript(courseStructuredData(course, image))}</script>`,
  ];
  return { title: escapeText(courseTitle(course)), head: tags.join('\n    ') };
}

/** schema.org's `Course`, with its price as an `Offer`. */
export function courseStructuredData(course: CourseOutline, image?: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: course.title,
    description: course.description,
    provider: { '@type': 'Organization', name: SITE_NAME },
    ...(image ? { image } : {}),
    educationalLevel: course.level,
    ...(course.product.comingSoon
      ? {}
      : {
          offers: {
            '@type': 'Offer',
            category: 'Paid',
            price: (course.product.priceCents / 100).toFixed(2),
            priceCurrency: 'EUR',
          },
        }),
    hasCourseInstance: {
      '@type': 'CourseInstance',
      courseMode: 'Online',
      courseWorkload: `PT${Math.max(1, Math.round(course.durationSeconds / 60))}M`,
    },
  };
}

function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function escapeAttribute(text: string): string {
  return escapeText(text).replaceAll('"', '&quot;');
}

/** JSON inside a <script> element: no `<` can close it. */
function jsonInScript(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

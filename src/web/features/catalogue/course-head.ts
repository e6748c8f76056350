import type { CourseOutline } from '../../../shared/api/catalogue.ts';
import { PRODUCT_NAME as SITE_NAME } from '../../../shared/brand.ts';

/** The page title of a course's page. */
export function courseTitle(course: Pick<CourseOutline, 'title'>): string {
  return `${course.title} · ${SITE_NAME}`;
}

/**
 * What a course's rendered page adds to its head: Open Graph tags for a shared link's preview,
 * and schema.org `Course` data for search engines. Text, never markup, from the course. A
 * picture at a path of this site (an upload) needs the site's address, which only the running
 * app knows: the build renders it without one.
 */
export function courseHead(
  course: CourseOutline,
  siteUrl?: string,
): { title: string; head: string } {
  const meta = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeAttribute(content)}">`;
  const image = absolutePicture(course.thumbnail, siteUrl);
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

function absolutePicture(thumbnail: string | undefined, siteUrl: string | undefined) {
  if (thumbnail?.startsWith('https://')) return thumbnail;
  if (thumbnail?.startsWith('/') && !thumbnail.startsWith('//') && siteUrl) {
    return `${siteUrl}${thumbnail}`;
  }
  return undefined;
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

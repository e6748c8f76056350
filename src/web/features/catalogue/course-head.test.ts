import { describe, expect, it } from 'vitest';
import type { CourseOutline } from '../../../shared/api/catalogue.ts';
import { courseHead } from './course-head.ts';

const course: CourseOutline = {
  id: 'dragons-clarity',
  title: "Dragon's <Clarity>",
  description: 'See "clearly" & act.',
  level: 'advanced',
  prerequisites: [],
  thumbnail: 'https://images.example.com/dragon.jpg',
  thumbnailAlt: 'A dragon over a lake',
  moduleCount: 1,
  lessonCount: 1,
  durationSeconds: 3_600,
  overview: '',
  modules: [],
  product: {
    id: 'dragons-clarity',
    name: "Dragon's Clarity",
    description: '',
    priceCents: 12_500,
    courseIds: ['dragons-clarity'],
    isBundle: false,
    required: false,
    comingSoon: false,
  },
};

describe('courseHead', () => {
  it('names the course, its picture and its price, escaped, for link previews and search engines', () => {
    const { title, head } = courseHead(course);
    expect(title).toBe("Dragon's &lt;Clarity&gt; · Sovereign Flame");
    expect(head).toContain('<meta property="og:title" content="Dragon\'s &lt;Clarity&gt;">');
    expect(head).toContain('content="See &quot;clearly&quot; &amp; act."');
    expect(head).toContain('<meta property="og:image:alt" content="A dragon over a lake">');
    const json = head.match(/<script type="application\/ld\+json">(.*)<\/script>/)?.[1] ?? '';
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toMatchObject({
      '@type': 'Course',
      name: "Dragon's <Clarity>",
      image: 'https://images.example.com/dragon.jpg',
      offers: { price: '125.00', priceCurrency: 'EUR' },
    });
  });

  it('offers no price for a course that is coming soon, and no picture at a path of this site', () => {
    const { head } = courseHead({
      ...course,
      thumbnail: '/images/dragon.svg',
      product: { ...course.product, comingSoon: true },
    });
    expect(head).not.toContain('og:image');
    expect(head).not.toContain('"offers"');
  });

  it('gives an uploaded picture its full address once the site’s address is known', () => {
    const upload = `/media/pictures/${'a'.repeat(64)}.png`;
    const { head } = courseHead({ ...course, thumbnail: upload }, 'https://courses.example.com');
    expect(head).toContain(
      `<meta property="og:image" content="https://courses.example.com${upload}">`,
    );
    expect(
      courseHead({ ...course, thumbnail: '//elsewhere.example/x.png' }, 'https://a.example').head,
    ).not.toContain('og:image');
  });
});

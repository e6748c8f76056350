import { describe, expect, it } from 'vitest';
import { courseDocumentSchema, pictureUrlSchema } from './content.ts';

describe("a course's picture", () => {
  it('is an https address or a path on this site, nothing else', () => {
    for (const url of ['https://images.example.com/a.jpg', '/images/courses/a.svg']) {
      expect(pictureUrlSchema.safeParse(url).success, url).toBe(true);
    }
    for (const url of ['http://images.example.com/a.jpg', '//evil.example/a.jpg', 'javascript:x']) {
      expect(pictureUrlSchema.safeParse(url).error?.issues[0]?.message, url).toBe(
        'expected an https address, or a path on this site starting with /',
      );
    }
  });

  it('needs a text saying what it shows', () => {
    const course = {
      id: 'a-course',
      title: 'A Course',
      description: 'About it.',
      level: 'core',
      priceCents: 100,
      overview: '',
      modules: [],
      thumbnail: '/images/a.svg',
    };
    const refused = courseDocumentSchema.safeParse(course);
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({
        path: ['thumbnailAlt'],
        message: 'a picture needs a text saying what it shows',
      }),
    ]);
    expect(courseDocumentSchema.safeParse({ ...course, thumbnailAlt: 'A flame' }).success).toBe(
      true,
    );
  });
});

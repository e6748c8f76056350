import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from './match-routes.ts';

const lesson = { path: '/courses/:courseId/lessons/:lessonId' };
const courses = { path: '/courses' };
const newCourse = { path: '/courses/new/lessons/:lessonId' };
const notFound = { path: '*' };
const layout = { children: [courses, { path: '/shop' }] };
const routes: RouteObject[] = [notFound, lesson, layout, newCourse, { path: '/' }];

const matchedRoutes = (pathname: string) =>
  matchRoutes(routes, pathname)?.map(({ route }) => route);

describe('matchRoutes', () => {
  it('takes the most specific path, whatever the order of the table', () => {
    expect(matchedRoutes('/courses/new/lessons/intro')).toEqual([newCourse]);
    expect(matchedRoutes('/courses/energy/lessons/intro')).toEqual([lesson]);
    expect(matchedRoutes('/nowhere')).toEqual([notFound]);
  });

  it('gives a layout route and the page inside it', () => {
    expect(matchedRoutes('/courses')).toEqual([layout, courses]);
  });

  it('matches without regard to case or a trailing slash', () => {
    expect(matchedRoutes('/Courses/')).toEqual([layout, courses]);
  });

  it('decodes the parameters, and keeps a malformed escape as it was typed', () => {
    expect(matchRoutes(routes, '/courses/a%20b/lessons/%E0%A4%A')?.[0]?.params).toEqual({
      courseId: 'a b',
      lessonId: '%E0%A4%A',
    });
  });

  it('gives the rest of the path to a final *', () => {
    expect(matchRoutes(routes, '/a/b%2Fc/d')?.[0]?.params).toEqual({ '*': 'a/b/c/d' });
  });

  it('matches nothing when no route fits', () => {
    expect(matchRoutes([courses], '/shop')).toBeNull();
    expect(matchRoutes([lesson], '/courses/energy/lessons')).toBeNull();
  });
});

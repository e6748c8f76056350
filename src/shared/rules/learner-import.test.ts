import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { learnerImportMessages, mapColumns, readImportRow } from './learner-import.ts';

const courses = [
  { id: 'sovereign-flame', title: 'The Sovereign Flame' },
  { id: 'energy-sovereignty', title: 'Energy Sovereignty' },
];
const now = new Date('2026-11-27T12:00:00Z');

describe('the columns of a sheet of learners', () => {
  it('finds each field under the names the schools export', () => {
    expect(mapColumns(['Name', 'Email', 'Products', 'Created At'])).toEqual({
      fullName: 0,
      email: 1,
      course: 2,
      enrolledAt: 3,
    });
    expect(mapColumns(['first_name', 'Last Name', 'E-mail Address', 'Expiration Date'])).toEqual({
      firstName: 0,
      lastName: 1,
      email: 2,
      expiresAt: 3,
    });
  });
});

describe('one row of the sheet', () => {
  const columns = mapColumns(['Name', 'Email', 'Course']);

  it('splits a full name and several courses, named by title or id, once each', () => {
    const reading = readImportRow(
      [
        'Mary Ann Evans',
        'Mary@Example.com',
        'The Sovereign Flame; energy-sovereignty | the sovereign flame',
      ],
      columns,
      courses,
      now,
    );
    expect(reading).toEqual({
      ok: true,
      row: {
        email: 'mary@example.com',
        firstName: 'Mary',
        lastName: 'Ann Evans',
        courseIds: ['sovereign-flame', 'energy-sovereignty'],
        enrolledAt: null,
        expiresAt: new Date('2027-11-27T12:00:00Z'),
      },
    });
  });

  it('names what is wrong with a row', () => {
    expect(readImportRow(['A', 'nobody', ''], columns, courses, now)).toEqual({
      ok: false,
      reason: learnerImportMessages.invalidEmail,
    });
    expect(readImportRow(['A', 'a@example.com', 'Fire Walking'], columns, courses, now)).toEqual({
      ok: false,
      reason: learnerImportMessages.unknownCourse('Fire Walking'),
    });
  });

  it('answers for any cells at all, without throwing', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 2_000 }), { maxLength: 6 }), (cells) => {
        const reading = readImportRow(cells, columns, courses, now);
        expect(typeof reading.ok).toBe('boolean');
      }),
    );
  });
});

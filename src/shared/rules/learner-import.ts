/**
 * Reading a sheet of learners exported from another school (Teachable, Thinkific, Kajabi) or
 * written by hand: which column says what, and what each row asks for. Pure: the server applies it.
 */

import { enrollmentExpiry } from './access.ts';
import { isEmailAddress } from './email.ts';

/** The header names each field goes by in the schools' exports, compared without case or spaces. */
const columnNames = {
  email: ['email', 'emailaddress', 'studentemail', 'useremail', 'customeremail'],
  firstName: ['firstname', 'givenname', 'studentfirstname'],
  lastName: ['lastname', 'surname', 'familyname', 'studentlastname'],
  fullName: ['name', 'fullname', 'studentname', 'customername'],
  course: [
    'course',
    'courses',
    'coursename',
    'coursetitle',
    'courseid',
    'product',
    'products',
    'offer',
    'offers',
    'offertitle',
  ],
  enrolledAt: [
    'enrolledat',
    'enrollmentdate',
    'enrolleddate',
    'startdate',
    'purchasedat',
    'purchasedate',
    'createdat',
    'granted',
  ],
  expiresAt: ['expiresat', 'expirationdate', 'expirydate', 'accessexpires', 'enddate'],
} as const;

export type ImportField = keyof typeof columnNames;

/** At most this many rows in one sheet: a larger school imports in parts. */
export const MAX_IMPORT_ROWS = 5_000;
/** The sheet's size in characters, checked before it is parsed. */
export const MAX_IMPORT_CHARACTERS = 2_000_000;

export const learnerImportMessages = {
  noEmailColumn: 'The sheet needs a column named Email (the first row names the columns).',
  tooManyRows: (count: number) =>
    `The sheet has ${count} rows; import at most ${MAX_IMPORT_ROWS} at a time.`,
  invalidEmail: 'no valid email address',
  unknownCourse: (name: string) => `no course is called "${name}"`,
  invalidDate: (value: string) => `"${value}" is not a date`,
} as const;

const keyOf = (header: string) => header.toLowerCase().replace(/[^a-z]/g, '');

/** Which column (by index) holds each field; a field no header names is absent. */
export function mapColumns(headers: readonly string[]): Partial<Record<ImportField, number>> {
  const mapping: Partial<Record<ImportField, number>> = {};
  headers.forEach((header, index) => {
    const key = keyOf(header.slice(0, 100));
    for (const [field, names] of Object.entries(columnNames) as [
      ImportField,
      readonly string[],
    ][]) {
      if (mapping[field] === undefined && names.includes(key)) mapping[field] = index;
    }
  });
  return mapping;
}

export interface CourseName {
  id: string;
  title: string;
}

export interface ImportRow {
  email: string;
  firstName: string;
  lastName: string;
  courseIds: string[];
  enrolledAt: Date | null;
  expiresAt: Date | null;
}

export type RowReading = { ok: true; row: ImportRow } | { ok: false; reason: string };

/**
 * One row as the import will apply it. Several courses in one cell are split on ";" or "|" (a
 * comma would split "Fire, Water and Air"); a course is named by its id or its title. Access ends
 * as the sheet says; an empty cell of an expiry column means never; without that column, a year
 * after the enrollment date (or after `now`), as a purchase here does.
 */
export function readImportRow(
  cells: readonly string[],
  columns: Partial<Record<ImportField, number>>,
  courses: readonly CourseName[],
  now: Date,
): RowReading {
  const cell = (field: ImportField) =>
    columns[field] === undefined ? '' : (cells[columns[field]] ?? '').trim().slice(0, 500);
  const email = cell('email').toLowerCase();
  if (!isEmailAddress(email)) return { ok: false, reason: learnerImportMessages.invalidEmail };

  const [firstOfFull = '', ...restOfFull] = cell('fullName').split(/\s+/);
  const firstName = (cell('firstName') || firstOfFull).slice(0, 100);
  const lastName = (cell('lastName') || restOfFull.join(' ')).slice(0, 100);

  const courseIds: string[] = [];
  for (const name of cell('course')
    .split(/[;|]/)
    .map((part) => part.trim())
    .filter(Boolean)) {
    const course = courses.find(
      (candidate) =>
        candidate.id === name.toLowerCase() || candidate.title.toLowerCase() === name.toLowerCase(),
    );
    if (!course) return { ok: false, reason: learnerImportMessages.unknownCourse(name) };
    if (!courseIds.includes(course.id)) courseIds.push(course.id);
  }

  const enrolledAt = readDate(cell('enrolledAt'));
  if (enrolledAt === undefined)
    return { ok: false, reason: learnerImportMessages.invalidDate(cell('enrolledAt')) };
  const expiresAt =
    columns.expiresAt === undefined
      ? enrollmentExpiry(enrolledAt ?? now)
      : readDate(cell('expiresAt'));
  if (expiresAt === undefined)
    return { ok: false, reason: learnerImportMessages.invalidDate(cell('expiresAt')) };
  return { ok: true, row: { email, firstName, lastName, courseIds, enrolledAt, expiresAt } };
}

/** An empty cell is no date (null); a cell that is not a date is an error (undefined). */
function readDate(value: string): Date | null | undefined {
  if (value === '') return null;
  const date = new Date(value.slice(0, 40));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A course's level, in the order the catalogue lists courses (spec 1 §3). */
export const courseLevels = ['foundational', 'core', 'advanced'] as const;

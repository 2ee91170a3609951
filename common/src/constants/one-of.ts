/**
 * Narrows a string read from an answer to one of a constant list (answers carry years, groups
 * and specialities as plain strings; request bodies take the enums).
 */
export const isOneOf =
  <T extends string>(list: readonly T[]) =>
  (value: string): value is T =>
    (list as readonly string[]).includes(value);

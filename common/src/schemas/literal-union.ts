import { Type, type TLiteral, type TUnion } from "@sinclair/typebox";

/**
 * A TypeBox union of string literals whose static type is the union of the values. Typed as
 * a tuple of literals: Elysia resolves a union's static type member by member, and reads a
 * plain array of literals as `never` (a response carrying such a field could not be typed).
 */
export function literalUnion<const T extends readonly string[]>(values: T): TUnion<{ -readonly [K in keyof T]: TLiteral<T[K] & string> }> {
  return Type.Union(values.map((v) => Type.Literal(v))) as never;
}

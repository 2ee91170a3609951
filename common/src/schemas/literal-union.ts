import { Type, type TLiteral, type TUnion } from "@sinclair/typebox";

/** A TypeBox union of string literals whose static type is the union of the values. */
export function literalUnion<const T extends readonly string[]>(values: T): TUnion<TLiteral<T[number]>[]> {
  return Type.Union(values.map((v) => Type.Literal(v))) as TUnion<TLiteral<T[number]>[]>;
}

/** Spec 5: a category's or a show's display order is a number, 0 when left empty (the field gives NaN). */
export function withDisplayOrder<V extends { displayOrder: number }>(values: V): V {
  return { ...values, displayOrder: Number.isFinite(values.displayOrder) ? values.displayOrder : 0 };
}

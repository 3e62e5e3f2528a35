import type { Knex } from 'knex';

/** The two unique fields of the admin-managed lists (news categories, podcast shows). */
export type NameSlugField = 'name' | 'slug';
export interface NameSlugFields {
  name?: string;
  slug?: string;
}

/**
 * Which of `fields` another row of `table` already holds. Names compare case-insensitively ('Audit'
 * and 'audit' would be indistinguishable in a picker); slugs are lowercase by validation.
 */
export async function conflictingFields(db: Knex, table: string, fields: NameSlugFields, exceptId?: string): Promise<NameSlugField[]> {
  const others = () => {
    const q = db(table);
    if (exceptId) q.whereNot('id', exceptId);
    return q;
  };
  const out: NameSlugField[] = [];
  if (fields.name !== undefined && (await others().whereRaw('lower(name) = ?', [fields.name.toLowerCase()]).first('id'))) out.push('name');
  if (fields.slug !== undefined && (await others().where('slug', fields.slug).first('id'))) out.push('slug');
  return out;
}

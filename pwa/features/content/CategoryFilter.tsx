import type { CategoryRef } from '../../../contracts/news';
import { PlainButton, PlainToggleButton } from '../../components/PlainButton';

export interface CategoryFilterProps {
  categories: readonly CategoryRef[];
  selected: readonly string[];
  onChange: (ids: string[]) => void;
}

/**
 * Multi-select category chips with 'Clear Filters' (spec 2, News list and Podcasts). 'Clear Filters'
 * shows only while something is selected, including ids no fetched item carries any more.
 */
export function CategoryFilter({ categories, selected, onChange }: CategoryFilterProps) {
  if (categories.length === 0 && selected.length === 0) return null;
  const toggle = (id: string, isSelected: boolean) =>
    onChange(isSelected ? [...selected, id] : selected.filter((selectedId) => selectedId !== id));
  return (
    <div role="group" aria-label="Filter by category" className="category-filter">
      {categories.map((category) => (
        <PlainToggleButton
          key={category.id}
          color={category.color}
          isSelected={selected.includes(category.id)}
          onChange={(isSelected) => toggle(category.id, isSelected)}
        >
          {category.name}
        </PlainToggleButton>
      ))}
      {selected.length > 0 ? (
        <PlainButton variant="ghost" size="sm" onPress={() => onChange([])}>
          Clear Filters
        </PlainButton>
      ) : null}
    </div>
  );
}

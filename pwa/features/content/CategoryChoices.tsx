import { useQuery } from '@tanstack/react-query';
import type { CategoryRef } from '../../../contracts/news';
import { newsCategoryQueries } from '../../api/news';
import { Checkbox } from '../../components/Checkbox';
import { CheckboxGroup } from '../../components/CheckboxGroup';

export interface CategoryChoicesProps {
  value: string[];
  onChange: (ids: string[]) => void;
  /** Categories the item already carries: shown (and ticked) even if since deactivated. */
  current?: readonly CategoryRef[];
  errorMessage?: string;
  isDisabled?: boolean;
}

/** The categories multi-select of the article and episode forms: the active news categories. */
export function CategoryChoices({ value, onChange, current = [], errorMessage, isDisabled }: CategoryChoicesProps) {
  const active = useQuery(newsCategoryQueries.list({ activeOnly: true }));
  const choices: CategoryRef[] = [...(active.data ?? [])];
  for (const category of current) if (!choices.some((c) => c.id === category.id)) choices.push(category);

  let description: string | undefined;
  if (active.isPending) description = 'Loading categories…';
  else if (active.isError) description = 'Categories could not be loaded.';
  else if (choices.length === 0) description = 'No active categories yet: an admin can add them under Admin → Categories.';

  return (
    <CheckboxGroup
      label="Categories"
      name="categoryIds"
      value={value}
      onChange={onChange}
      description={description}
      errorMessage={errorMessage}
      isDisabled={isDisabled}
      isRequired
    >
      {choices.map((category) => (
        <Checkbox key={category.id} value={category.id}>
          {category.name}
        </Checkbox>
      ))}
    </CheckboxGroup>
  );
}

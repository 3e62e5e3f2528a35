import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { NewsCategory } from '../../../../contracts/admin';
import { newsCategoryQueries } from '../../../api/news';
import { Badge } from '../../../components/Badge';
import { ActionsMenu, type MenuAction } from '../../../components/Menu';
import { Switch } from '../../../components/Switch';
import { AdminListStates, ConfirmDeleteDialog } from './AdminListStates';
import { AdminListPage } from '../AdminPage';
import { CategoryFormDialog } from './CategoryFormDialog';
import { useCategoryActive, useDeleteCategory } from './categoryMutations';

/** Each row's menu: Edit, then Delete… (confirmed) set apart. */
const CATEGORY_ACTIONS: MenuAction[] = [
  { id: 'edit', label: 'Edit' },
  { id: 'delete', label: 'Delete…', isDestructive: true },
];

/** /admin/categories (spec 2, News category management; admins). */
export function CategoriesScreen() {
  return (
    <AdminListPage<NewsCategory> title="News Categories" description="Categories tag articles, podcast episodes and discussions." addLabel="Add Category">
      {({ edit, dialog: { item, ...dialog } }) => (
        <>
          <CategoryList onEdit={edit} />
          <CategoryFormDialog category={item} {...dialog} />
        </>
      )}
    </AdminListPage>
  );
}

function CategoryList({ onEdit }: { onEdit: (category: NewsCategory) => void }) {
  const categories = useQuery(newsCategoryQueries.list());
  const toggle = useCategoryActive();
  const remove = useDeleteCategory();
  const [deleting, setDeleting] = useState<NewsCategory | null>(null);

  return (
    <AdminListStates
      query={categories}
      loading="Loading categories"
      failure="Categories could not be loaded."
      empty="No categories yet. Create your first category to get started."
    >
      {(rows) => (
        <>
          <ul className="stack-list stack-list--tight" aria-label="Categories">
            {rows.map((category) => {
              const pending = toggle.isPending && toggle.variables.id === category.id ? toggle.variables.isActive : null;
              return (
                <li key={category.id} className="admin-list__item">
                  <span className="category-dot" style={{ backgroundColor: category.color }} aria-hidden="true" />
                  <div className="admin-list__main">
                    <div className="admin-list__heading">
                      <h2 className="admin-list__title">{category.name}</h2>
                      <Badge tone={category.isActive ? 'green' : 'neutral'}>{category.isActive ? 'Active' : 'Inactive'}</Badge>
                    </div>
                    <p className="admin-list__meta">
                      <code className="admin-list__code">{category.slug}</code>
                      <span>Display order: {category.displayOrder}</span>
                    </p>
                    {category.description ? <p className="admin-list__text">{category.description}</p> : null}
                  </div>
                  <div className="admin-list__tools">
                    <Switch
                      isSelected={pending ?? category.isActive}
                      isDisabled={pending !== null}
                      onChange={(isActive) => toggle.mutate({ id: category.id, isActive })}
                      aria-label={`${category.name} active`}
                    />
                    <ActionsMenu
                      label={`Actions for ${category.name}`}
                      actions={CATEGORY_ACTIONS}
                      onAction={(id) => (id === 'edit' ? onEdit(category) : setDeleting(category))}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
          <ConfirmDeleteDialog
            item={deleting}
            what="category"
            isPending={remove.isPending}
            onConfirm={(category) => remove.mutate(category.id, { onSettled: () => setDeleting(null) })}
            onClose={() => setDeleting(null)}
          >
            <p>Are you sure you want to delete this category? Articles using this category will need to be updated.</p>
          </ConfirmDeleteDialog>
        </>
      )}
    </AdminListStates>
  );
}

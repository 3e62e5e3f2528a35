import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import type { Article, CategoryRef } from '../../../contracts/news';
import { serverFieldErrors, serverMessage } from '../../api/errors';
import { newsCategoryQueries } from '../../api/news.queries';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { CheckboxGroup } from '../../components/CheckboxGroup';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/TextField';
import { useArticleUpdate } from './mutations';

export interface ArticleEditDialogProps {
  article: Article;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** The article page's Edit Article dialog (admins; spec 2): the whole form goes out as one PUT. */
export function ArticleEditDialog({ article, isOpen, onOpenChange }: ArticleEditDialogProps) {
  return (
    <Dialog title="Edit Article" isOpen={isOpen} onOpenChange={onOpenChange} size="lg" isDismissable={false}>
      {(close) => <ArticleEditForm article={article} onDone={close} />}
    </Dialog>
  );
}

type FieldErrors = Record<string, string[]>;

/** Spec 5's messages, checked before sending so the common mistakes need no round trip. */
function validate(fields: { title: string; content: string; categoryIds: string[] }): FieldErrors {
  const errors: FieldErrors = {};
  if (!fields.title.trim()) errors.title = ['Title is required'];
  if (!fields.content.trim()) errors.content = ['Content is required'];
  if (fields.categoryIds.length === 0) errors.categoryIds = ['At least one category is required'];
  return errors;
}

function ArticleEditForm({ article, onDone }: { article: Article; onDone: () => void }) {
  const update = useArticleUpdate(article.id);
  const activeCategories = useQuery(newsCategoryQueries.list({ activeOnly: true }));
  const [title, setTitle] = useState(article.title);
  const [excerpt, setExcerpt] = useState(article.excerpt ?? '');
  const [content, setContent] = useState(article.content);
  const [sourceName, setSourceName] = useState(article.sourceName ?? '');
  const [sourceUrl, setSourceUrl] = useState(article.sourceUrl ?? '');
  const [categoryIds, setCategoryIds] = useState<string[]>(article.categoryIds);
  const [errors, setErrors] = useState<FieldErrors>({});

  // Active categories, plus any inactive one the article still carries so it stays visible and ticked.
  const choices: CategoryRef[] = [...(activeCategories.data ?? [])];
  for (const category of article.categories) if (!choices.some((c) => c.id === category.id)) choices.push(category);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const clientErrors = validate({ title, content, categoryIds });
    setErrors(clientErrors);
    if (Object.keys(clientErrors).length > 0) return;
    // Blank optional fields are sent as '' which the API stores as "none".
    update.mutate(
      { title, excerpt, content, sourceName, sourceUrl, categoryIds },
      { onSuccess: onDone, onError: (error) => setErrors(serverFieldErrors(error)) },
    );
  };

  return (
    <Form className="form" validationBehavior="aria" validationErrors={errors} onSubmit={onSubmit}>
      <TextField label="Title" name="title" value={title} onChange={setTitle} isRequired />
      <TextField label="Excerpt" name="excerpt" value={excerpt} onChange={setExcerpt} multiline rows={3} />
      <TextField label="Content" name="content" value={content} onChange={setContent} multiline rows={10} isRequired />
      <div className="form__row">
        <TextField label="Source name" name="sourceName" value={sourceName} onChange={setSourceName} />
        <TextField label="Source URL" name="sourceUrl" type="url" value={sourceUrl} onChange={setSourceUrl} />
      </div>
      <CheckboxGroup
        label="Categories"
        name="categoryIds"
        value={categoryIds}
        onChange={setCategoryIds}
        description={activeCategories.isPending ? 'Loading categories…' : undefined}
      >
        {choices.map((category) => (
          <Checkbox key={category.id} value={category.id}>
            {category.name}
          </Checkbox>
        ))}
      </CheckboxGroup>
      {update.isError ? (
        <div role="alert" className="form-alert">
          <p className="form-alert__title">Update failed</p>
          <p>{serverMessage(update.error, 'Failed to update the article. Please try again.')}</p>
        </div>
      ) : null}
      <div className="dialog__actions">
        <Button variant="secondary" onPress={onDone} isDisabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" isPending={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </Form>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, type Key } from 'react-aria-components';
import type { ContentStatus } from '../../../contracts/common';
import { ArticleCreateInput, ArticlePatchInput, type Article } from '../../../contracts/news';
import { newsCategoryQueries } from '../../api/news';
import { Button } from '../../components/Button';
import { ImageField, SubmitRow } from './FormParts';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { bind, bindChoice, useEntityForm, submitLabel } from '../../lib/entityForm';
import { CategoryChoices } from './CategoryChoices';
import { useSaveArticle } from './mutations';
import { REDIRECT_MS, useRedirectAfter } from './redirect';

export const STATUS_OPTIONS = [
  { id: 'draft', label: 'Draft' },
  { id: 'published', label: 'Published' },
] as const;

export const toStatus = (key: Key | null): ContentStatus => (key === 'published' ? 'published' : 'draft');

/** Spec 9: the admin panel's quick article form offers these four categories (by slug). */
export const PANEL_ARTICLE_CATEGORIES = [
  { id: 'automation', label: 'Automation' },
  { id: 'fraud-detection', label: 'Fraud Detection' },
  { id: 'regulatory', label: 'Regulatory' },
  { id: 'generative-ai', label: 'Generative AI' },
] as const;

export interface ArticleFormProps {
  /** The article to edit; null creates one. */
  article: Article | null;
  /** Set while something else on the page (a delete) is in flight: the form is held meanwhile. */
  isHeld?: boolean;
  /**
   * `page`: /news/add and /news/{id}/edit (spec 2): several categories, a status (default draft),
   * back to /news 1500 ms after saving. `panel`: the admin panel's Articles tab (spec 9): one of
   * four categories, published (the API's default), `onCreated` after each article.
   */
  variant?: 'page' | 'panel';
  onCreated?: () => void;
}

/**
 * The article form: title, excerpt, content, categories, source name and URL, featured image and
 * (on the page) publication status, checked with the contract schema the server uses.
 */
export function ArticleForm({ article, isHeld = false, variant = 'page', onCreated }: ArticleFormProps) {
  const isPanel = variant === 'panel';
  const save = useSaveArticle(article?.id ?? null);
  const { redirect, isRedirecting } = useRedirectAfter();
  // The panel's one category is a slug; the API takes the id of the news category with that slug.
  const categories = useQuery({ ...newsCategoryQueries.list({ activeOnly: true }), enabled: isPanel });
  const idOfSlug = (slug: string | null) => categories.data?.find((c) => c.slug === slug)?.id;
  const [isUploading, setUploading] = useState(false);
  const isBusy = save.isPending || isRedirecting;

  const { form, formProps, errors } = useEntityForm({
    defaultValues: {
      title: article?.title ?? '',
      excerpt: article?.excerpt ?? '',
      content: article?.content ?? '',
      categoryIds: article?.categoryIds ?? [],
      category: null as string | null,
      sourceName: article?.sourceName ?? '',
      sourceUrl: article?.sourceUrl ?? '',
      imageUrl: article?.imageUrl ?? null,
      status: article?.status ?? ('draft' as ContentStatus),
    },
    schema: article ? ArticlePatchInput : ArticleCreateInput,
    // Blank optional fields go out as '' / null, which the API stores as "none".
    toInput: ({ category, status, ...values }) => {
      if (!isPanel) return { ...values, status };
      const categoryId = idOfSlug(category);
      return { ...values, category, categoryIds: categoryId ? [categoryId] : [] };
    },
    // The panel's one category choice stands for `categoryIds`: its errors show under it.
    errorField: (name) => (isPanel && name === 'categoryIds' ? 'category' : name),
    onSubmit: async (input) => {
      await save.mutateAsync(input);
      if (onCreated) onCreated();
      else redirect('/news', REDIRECT_MS.afterSave);
    },
    isHeld: isBusy || isHeld || isUploading,
  });

  const saveLabel = submitLabel('Article', article === null, isBusy);

  return (
    <Form {...formProps} className={isPanel ? 'form admin-card' : 'form editor-form'}>
      {isPanel ? <h2>Create Article</h2> : null}
      <form.Field name="title">{(field) => <TextField label="Title" {...bind(field)} isRequired />}</form.Field>
      <form.Field name="excerpt">
        {(field) => (
          <TextField
            label="Excerpt"
            {...bind(field)}
            multiline
            rows={isPanel ? 2 : 3}
            description={isPanel ? undefined : 'A short summary shown on the cards. Leave blank to use the start of the content.'}
          />
        )}
      </form.Field>
      <form.Field name="content">
        {(field) => <TextField label="Content" {...bind(field)} multiline rows={isPanel ? 8 : 12} isRequired />}
      </form.Field>
      {isPanel ? (
        <form.Field
          name="category"
          validators={{
            onSubmit: ({ value }) =>
              value && categories.data && !idOfSlug(value)
                ? 'This category is not available: add or activate it under Categories.'
                : undefined,
          }}
        >
          {(field) => (
            <Select
              label="Category"
              placeholder="Select a category"
              options={PANEL_ARTICLE_CATEGORIES}
              isRequired
              {...bindChoice(field)}
            />
          )}
        </form.Field>
      ) : (
        <form.Field name="categoryIds">
          {(field) => <CategoryChoices value={field.state.value} onChange={field.handleChange} current={article?.categories} />}
        </form.Field>
      )}
      <div className="form__row">
        <form.Field name="sourceName">{(field) => <TextField label="Source Name" {...bind(field)} />}</form.Field>
        <form.Field name="sourceUrl">
          {(field) => <TextField label="Source URL" type="url" placeholder="https://" {...bind(field)} />}
        </form.Field>
      </div>
      <ImageField form={form} label="Featured Image" onUploadingChange={setUploading} isDisabled={isBusy || isHeld} />
      {isPanel ? null : (
        <form.Field name="status">
          {(field) => (
            <Select
              label="Publication Status"
              options={STATUS_OPTIONS}
              {...bind(field)}
              onChange={(key) => field.handleChange(toStatus(key))}
            />
          )}
        </form.Field>
      )}
      <SubmitRow isPanel={isPanel} label={saveLabel} isPending={isBusy} isDisabled={isHeld || isUploading} />
    </Form>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { Form, type Key } from 'react-aria-components';
import type { ContentStatus } from '../../../contracts/common';
import { ArticleCreateInput, ArticlePatchInput, type Article } from '../../../contracts/news';
import { newsCategoryQueries } from '../../api/news';
import { Button } from '../../components/Button';
import { DateTimeField } from '../../components/DateTimeField';
import { ImageField, LearningObjectivesField, PUBLISH_AT_DESCRIPTION, SavedLinks, SaveActions, statusFor, type SaveIntent } from './FormParts';
import { TextField } from '../../components/TextField';
import { bind, useEntityForm } from '../../lib/entityForm';
import { CategoryChoices } from '../content';
import { justCreatedItem, useForgetCreated, useOpenCreated } from './firstSave';
import { useSaveArticle } from './mutations';
import { ChoiceField } from '../../lib/ChoiceField';

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
   * `page`: /news/add and /news/{id}/edit (spec 2): several categories; after saving it stays, now
   * editing what it saved. `panel`: the admin panel's Articles tab (spec 9): one of four categories;
   * after each article it starts over, empty. Both save a draft unless told to publish, and show
   * links to what they saved (docs/decisions/2026-11-28-drafts-by-default.md).
   */
  variant?: 'page' | 'panel';
  /** Kept for the panel's wrapper; the form starts over by itself, keeping its links to what it saved. */
  onCreated?: () => void;
}

/**
 * The article form: title, excerpt, content, categories, source name and URL, featured image and
 * (on the page) publication status, checked with the contract schema the server uses.
 */
export function ArticleForm({ article, isHeld = false, variant = 'page' }: ArticleFormProps) {
  const isPanel = variant === 'panel';
  const navigate = useNavigate();
  // What this form last saved: the page goes on editing it; the panel links to it and starts over.
  const [saved, setSaved] = useState<Article | null>(() => (isPanel ? null : justCreatedItem<Article>(article?.id)));
  useForgetCreated(isPanel ? undefined : article?.id);
  const openCreated = useOpenCreated('news');
  // The panel starts over after each article: its time field, which keeps its own segments, too.
  const [resets, setResets] = useState(0);
  const current = isPanel ? article : (saved ?? article);
  const save = useSaveArticle(current?.id ?? null);
  const intent = useRef<SaveIntent>('save');
  // The panel's one category is a slug; the API takes the id of the news category with that slug.
  const categories = useQuery({ ...newsCategoryQueries.list({ activeOnly: true }), enabled: isPanel });
  const idOfSlug = (slug: string | null) => categories.data?.find((c) => c.slug === slug)?.id;
  const [isUploading, setUploading] = useState(false);
  const isBusy = save.isPending;

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
      learningObjectives: article?.learningObjectives ?? '',
      publishAt: article?.scheduledAt ?? (null as string | null),
    },
    schema: current ? ArticlePatchInput : ArticleCreateInput,
    // Blank optional fields go out as '' / null, which the API stores as "none".
    toInput: ({ category, publishAt, ...values }) => {
      const status = statusFor(intent.current, current?.status ?? 'draft', publishAt);
      if (!isPanel) return { ...values, ...status };
      const categoryId = idOfSlug(category);
      return { ...values, ...status, category, categoryIds: categoryId ? [categoryId] : [] };
    },
    // The panel's one category choice stands for `categoryIds`, the time field for `scheduledAt`.
    errorField: (name) => (isPanel && name === 'categoryIds' ? 'category' : name === 'scheduledAt' ? 'publishAt' : name),
    onSubmit: async (input) => {
      const result = await save.mutateAsync(input);
      setSaved(result);
      // The Add page's first save: from now on this is the article's edit page.
      if (!isPanel && !current) void openCreated(result, intent.current === 'preview');
      else if (intent.current === 'preview') void navigate({ to: '/news/$id/preview', params: { id: result.id } });
      else if (isPanel) {
        form.reset();
        setResets((n) => n + 1);
      }
    },
    isHeld: isBusy || isHeld || isUploading,
  });

  /** The buttons other than the form's own submit (Save draft / Update) say what the save does. */
  const submitAs = (next: SaveIntent) => {
    if (isBusy || isHeld || isUploading) return;
    intent.current = next;
    void form.handleSubmit().finally(() => (intent.current = 'save'));
  };

  return (
    <Form {...formProps} className={isPanel ? 'form admin-card' : 'form editor-form'}>
      {isPanel ? <h2>Create Article</h2> : null}
      {saved ? <SavedLinks kind="news" item={saved} showEdit={isPanel || !article} /> : null}
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
          {(field) => <ChoiceField label="Category" placeholder="Select a category" options={PANEL_ARTICLE_CATEGORIES} isRequired field={field} />}
        </form.Field>
      ) : (
        <form.Field name="categoryIds">
          {(field) => <CategoryChoices value={field.state.value} onChange={field.handleChange} current={article?.categories} />}
        </form.Field>
      )}
      <form.Field name="learningObjectives">{(field) => <LearningObjectivesField {...bind(field)} />}</form.Field>
      <div className="form__row">
        <form.Field name="sourceName">{(field) => <TextField label="Source Name" {...bind(field)} />}</form.Field>
        <form.Field name="sourceUrl">
          {(field) => <TextField label="Source URL" type="url" placeholder="https://" {...bind(field)} />}
        </form.Field>
      </div>
      <ImageField form={form} label="Featured Image" onUploadingChange={setUploading} isDisabled={isBusy || isHeld} />
      {current?.status === 'published' ? null : (
        <form.Field name="publishAt">
          {(field) => (
            <DateTimeField
              key={resets}
              label="Publish at"
              description={PUBLISH_AT_DESCRIPTION}
              value={field.state.value}
              onChange={field.handleChange}
              errorMessage={errors.publishAt?.[0]}
            />
          )}
        </form.Field>
      )}
      <form.Subscribe selector={(state) => state.values.publishAt}>
        {(publishAt) => (
          <SaveActions
            isPanel={isPanel}
            status={current?.status ?? null}
            isScheduling={Boolean(publishAt)}
            isPending={isBusy}
            isDisabled={isHeld || isUploading}
            onAction={submitAs}
          />
        )}
      </form.Subscribe>
    </Form>
  );
}

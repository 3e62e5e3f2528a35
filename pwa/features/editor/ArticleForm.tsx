import { useRef, useState, type FormEvent } from 'react';
import { Form, type Key } from 'react-aria-components';
import { ArticleCreateInput, ArticlePatchInput, type Article } from '../../../contracts/news';
import type { ContentStatus } from '../../../contracts/common';
import { serverFieldErrors } from '../../api/errors';
import { Button } from '../../components/Button';
import { FileField } from '../../components/FileField';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { CategoryChoices } from './CategoryChoices';
import { firstError, focusFirstInvalid, useFieldErrors, validateWith } from '../../lib/formErrors';
import { useSaveArticle } from './mutations';
import { REDIRECT_MS, useRedirectAfter } from './redirect';

export const STATUS_OPTIONS = [
  { id: 'draft', label: 'Draft' },
  { id: 'published', label: 'Published' },
] as const;

export interface ArticleFormProps {
  /** The article to edit; null creates one. */
  article: Article | null;
  /** Set while something else on the page (a delete) is in flight: the form is held meanwhile. */
  isHeld?: boolean;
}

/**
 * The article form of /news/add and /news/{id}/edit (spec 2): title, excerpt, content, categories,
 * source name and URL, featured image upload, publication status (default draft). Checked with the
 * contract schema the server uses; after saving it returns to /news after 1500 ms.
 */
export function ArticleForm({ article, isHeld = false }: ArticleFormProps) {
  const save = useSaveArticle(article?.id ?? null);
  const { redirect, isRedirecting } = useRedirectAfter();
  const { errors, setErrors, edit } = useFieldErrors();
  const formRef = useRef<HTMLFormElement>(null);
  const [title, setTitle] = useState(article?.title ?? '');
  const [excerpt, setExcerpt] = useState(article?.excerpt ?? '');
  const [content, setContent] = useState(article?.content ?? '');
  const [categoryIds, setCategoryIds] = useState<string[]>(article?.categoryIds ?? []);
  const [sourceName, setSourceName] = useState(article?.sourceName ?? '');
  const [sourceUrl, setSourceUrl] = useState(article?.sourceUrl ?? '');
  const [imageUrl, setImageUrl] = useState<string | null>(article?.imageUrl ?? null);
  const [status, setStatus] = useState<ContentStatus>(article?.status ?? 'draft');
  const [isUploading, setUploading] = useState(false);

  const isBusy = save.isPending || isRedirecting;
  const isLocked = isBusy || isHeld;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLocked || isUploading) return;
    // Blank optional fields go out as '' / null, which the API stores as "none".
    const input = { title, excerpt, content, categoryIds, sourceName, sourceUrl, imageUrl, status };
    const result = article ? validateWith(ArticlePatchInput, input) : validateWith(ArticleCreateInput, input);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    save.mutate(result.data, {
      onSuccess: () => redirect('/news', REDIRECT_MS.afterSave),
      onError: (error) => {
        setErrors(serverFieldErrors(error));
        focusFirstInvalid(formRef.current);
      },
    });
  };

  let submitLabel = article ? 'Update Article' : 'Create Article';
  if (isBusy) submitLabel = article ? 'Updating...' : 'Creating...';

  return (
    <Form ref={formRef} className="form editor-form" validationBehavior="aria" validationErrors={errors} onSubmit={onSubmit}>
      <TextField label="Title" name="title" value={title} onChange={edit('title', setTitle)} isRequired />
      <TextField
        label="Excerpt"
        name="excerpt"
        value={excerpt}
        onChange={edit('excerpt', setExcerpt)}
        multiline
        rows={3}
        description="A short summary shown on the cards. Leave blank to use the start of the content."
      />
      <TextField label="Content" name="content" value={content} onChange={edit('content', setContent)} multiline rows={12} isRequired />
      <CategoryChoices value={categoryIds} onChange={edit('categoryIds', setCategoryIds)} current={article?.categories} />
      <div className="form__row">
        <TextField label="Source Name" name="sourceName" value={sourceName} onChange={edit('sourceName', setSourceName)} />
        <TextField
          label="Source URL"
          name="sourceUrl"
          type="url"
          placeholder="https://"
          value={sourceUrl}
          onChange={edit('sourceUrl', setSourceUrl)}
        />
      </div>
      <FileField
        label="Featured Image"
        kind="image"
        value={imageUrl}
        onChange={edit('imageUrl', setImageUrl)}
        errorMessage={firstError(errors, 'imageUrl')}
        onUploadingChange={setUploading}
        isDisabled={isLocked}
      />
      <Select
        label="Publication Status"
        name="status"
        options={STATUS_OPTIONS}
        value={status}
        onChange={edit('status', (key: Key | null) => setStatus(key === 'published' ? 'published' : 'draft'))}
      />
      <div className="editor-form__actions">
        <Button type="submit" isPending={isBusy} isDisabled={isHeld || isUploading}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Form, type Key } from 'react-aria-components';
import { ArticleCreateInput } from '../../../contracts/news';
import { serverFieldErrors } from '../../api/errors';
import { newsCategoryQueries } from '../../api/news.queries';
import { Button } from '../../components/Button';
import { FileField } from '../../components/FileField';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { firstError, focusFirstInvalid, useFieldErrors, validateWith, type FieldErrors } from '../../lib/formErrors';
import { useSaveArticle } from '../editor/mutations';
import { PANEL_ARTICLE_CATEGORIES } from './labels';

/** The Articles tab: a quick create form; after each article it starts over empty. */
export function QuickArticleForm() {
  const [generation, setGeneration] = useState(0);
  return <ArticleFields key={generation} onCreated={() => setGeneration((n) => n + 1)} />;
}

/**
 * Spec 2's fields: title, excerpt, content, one category (automation, fraud-detection, regulatory,
 * generative-ai), source name and URL, featured image. The category is sent both as the legacy
 * label and as the id of the news category with that slug, which the API requires. No status is
 * chosen here, so the article is published (the API's default).
 */
function ArticleFields({ onCreated }: { onCreated: () => void }) {
  const save = useSaveArticle(null);
  const categories = useQuery(newsCategoryQueries.list({ activeOnly: true }));
  const { errors, setErrors, edit } = useFieldErrors();
  const formRef = useRef<HTMLFormElement>(null);
  const [title, setTitle] = useState('');
  const [excerpt, setExcerpt] = useState('');
  const [content, setContent] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [sourceName, setSourceName] = useState('');
  const [sourceUrl, setSourceUrl] = useState('');
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [isUploading, setUploading] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending || isUploading) return;
    const categoryId = categories.data?.find((c) => c.slug === category)?.id;
    const result = validateWith(ArticleCreateInput, {
      title,
      excerpt,
      content,
      category,
      categoryIds: categoryId ? [categoryId] : [],
      sourceName,
      sourceUrl,
      imageUrl,
    });
    const fieldErrors: FieldErrors = result.ok ? {} : { ...result.errors };
    // The one category choice stands for `categoryIds`: its errors show under it.
    if (fieldErrors.categoryIds) {
      fieldErrors.category =
        category && !categoryId ? ['This category is not available: add or activate it under Categories.'] : fieldErrors.categoryIds;
      delete fieldErrors.categoryIds;
    }
    if (!result.ok) {
      setErrors(fieldErrors);
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    save.mutate(result.data, {
      onSuccess: onCreated,
      onError: (error) => setErrors(serverFieldErrors(error)),
    });
  };

  return (
    <Form ref={formRef} className="form admin-card" validationBehavior="aria" validationErrors={errors} onSubmit={onSubmit}>
      <h2>Create Article</h2>
      <TextField label="Title" name="title" value={title} onChange={edit('title', setTitle)} isRequired />
      <TextField label="Excerpt" name="excerpt" value={excerpt} onChange={edit('excerpt', setExcerpt)} multiline rows={2} />
      <TextField label="Content" name="content" value={content} onChange={edit('content', setContent)} multiline rows={8} isRequired />
      <Select
        label="Category"
        name="category"
        placeholder="Select a category"
        options={PANEL_ARTICLE_CATEGORIES}
        value={category}
        isRequired
        onChange={edit('category', (key: Key | null) => setCategory(key === null ? null : String(key)))}
      />
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
        isDisabled={save.isPending}
      />
      <div className="admin-form__actions">
        <Button type="submit" isPending={save.isPending} isDisabled={isUploading}>
          {save.isPending ? 'Creating...' : 'Create Article'}
        </Button>
      </div>
    </Form>
  );
}

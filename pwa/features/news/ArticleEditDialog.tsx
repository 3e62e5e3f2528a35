import { useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { ArticlePutInput, type Article } from '../../../contracts/news';
import { serverFieldErrors, serverMessage } from '../../api/errors';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/TextField';
import { firstError, focusFirstInvalid, useFieldErrors, validateWith } from '../../lib/formErrors';
import { CategoryChoices } from '../editor/CategoryChoices';
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

function ArticleEditForm({ article, onDone }: { article: Article; onDone: () => void }) {
  const update = useArticleUpdate(article.id);
  const { errors, setErrors, edit } = useFieldErrors();
  const formRef = useRef<HTMLFormElement>(null);
  const [title, setTitle] = useState(article.title);
  const [excerpt, setExcerpt] = useState(article.excerpt ?? '');
  const [content, setContent] = useState(article.content);
  const [sourceName, setSourceName] = useState(article.sourceName ?? '');
  const [sourceUrl, setSourceUrl] = useState(article.sourceUrl ?? '');
  const [categoryIds, setCategoryIds] = useState<string[]>(article.categoryIds);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    // Checked with the schema the server uses (spec 5), so the messages match. Blank optional
    // fields go out as '', which the API stores as "none".
    const result = validateWith(ArticlePutInput, { title, excerpt, content, sourceName, sourceUrl, categoryIds });
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    update.mutate(result.data, { onSuccess: onDone, onError: (error) => setErrors(serverFieldErrors(error)) });
  };

  return (
    <Form ref={formRef} className="form" validationBehavior="aria" validationErrors={errors} onSubmit={onSubmit}>
      <TextField label="Title" name="title" value={title} onChange={edit('title', setTitle)} isRequired />
      <TextField label="Excerpt" name="excerpt" value={excerpt} onChange={edit('excerpt', setExcerpt)} multiline rows={3} />
      <TextField label="Content" name="content" value={content} onChange={edit('content', setContent)} multiline rows={10} isRequired />
      <div className="form__row">
        <TextField label="Source name" name="sourceName" value={sourceName} onChange={edit('sourceName', setSourceName)} />
        <TextField label="Source URL" name="sourceUrl" type="url" value={sourceUrl} onChange={edit('sourceUrl', setSourceUrl)} />
      </div>
      <CategoryChoices
        value={categoryIds}
        onChange={edit('categoryIds', setCategoryIds)}
        current={article.categories}
        errorMessage={firstError(errors, 'categoryIds')}
      />
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

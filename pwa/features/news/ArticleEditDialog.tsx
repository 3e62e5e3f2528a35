import { Form } from 'react-aria-components';
import { ArticlePutInput, type Article } from '../../../contracts/news';
import { serverMessage } from '../../lib/errors';
import { Dialog, FormDialogActions } from '../../components/Dialog';
import { TextField } from '../../components/TextField';
import { bind, bindWithError, useEntityForm } from '../../lib/entityForm';
import { CategoryChoices } from '../content';
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
  const { form, formProps, errors } = useEntityForm({
    defaultValues: {
      title: article.title,
      excerpt: article.excerpt ?? '',
      content: article.content,
      sourceName: article.sourceName ?? '',
      sourceUrl: article.sourceUrl ?? '',
      categoryIds: article.categoryIds,
    },
    // Blank optional fields go out as '', which the API stores as "none".
    schema: ArticlePutInput,
    onSubmit: async (input) => {
      await update.mutateAsync(input);
      onDone();
    },
    isHeld: update.isPending,
  });

  return (
    <Form {...formProps} className="form">
      <form.Field name="title">{(field) => <TextField label="Title" {...bind(field)} isRequired />}</form.Field>
      <form.Field name="excerpt">{(field) => <TextField label="Excerpt" {...bind(field)} multiline rows={3} />}</form.Field>
      <form.Field name="content">
        {(field) => <TextField label="Content" {...bind(field)} multiline rows={10} isRequired />}
      </form.Field>
      <div className="form__row">
        <form.Field name="sourceName">{(field) => <TextField label="Source name" {...bind(field)} />}</form.Field>
        <form.Field name="sourceUrl">{(field) => <TextField label="Source URL" type="url" {...bind(field)} />}</form.Field>
      </div>
      <form.Field name="categoryIds">
        {(field) => (
          <CategoryChoices
            {...bindWithError(field)}
            current={article.categories}
          />
        )}
      </form.Field>
      {update.isError ? (
        <div role="alert" className="form-alert">
          <p className="form-alert__title">Update failed</p>
          <p>{serverMessage(update.error, 'Failed to update the article. Please try again.')}</p>
        </div>
      ) : null}
      <FormDialogActions onCancel={onDone} isPending={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save Changes'}
      </FormDialogActions>
    </Form>
  );
}

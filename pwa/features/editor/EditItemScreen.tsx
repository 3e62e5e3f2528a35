import { useQueryClient, type UseMutationResult, type UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../../lib/errors';
import { forgetDeleted } from '../../api/news';
import { Button } from '../../components/Button';
import { DeleteDialog } from '../../components/Dialog';
import { EditorLoadError, EditorPage, EditorSkeleton, type EditorPageProps } from './EditorPage';
import { useRedirectAfter } from './redirect';

/** What an edit page says about its kind of item (spec 2's texts, which differ by kind). */
export interface EditItemText {
  title: string;
  description: string;
  /** The skeleton's accessible name, e.g. 'Loading article'. */
  loading: string;
  /** 'article', 'episode': in 'The … could not be loaded.' */
  what: string;
  missingTitle: string;
  missingDescription?: string;
  deleteButton: string;
  deleteTitle: string;
}

export interface EditItemScreenProps<T extends { id: string; title: string }> {
  item: UseQueryResult<T>;
  kind: 'news' | 'podcasts';
  text: EditItemText;
  back: NonNullable<EditorPageProps['back']>;
  /** What a missing item shows instead of the form (with its own way back). */
  missing: ReactNode;
  /** The form, held (inert) while the item is being deleted. */
  form: (item: T, isHeld: boolean) => ReactNode;
  useDelete: (id: string) => UseMutationResult<unknown, Error, void>;
  /** How long the 'deleted' toast stays before the list opens (spec 2). */
  redirectMs: number;
}

/**
 * /news/{id}/edit and /podcasts/{id}/edit (spec 2): the item's form, Delete with confirmation, and the
 * loading, missing and failed states. One component, the kinds' differences as props.
 */
export function EditItemScreen<T extends { id: string; title: string }>(props: EditItemScreenProps<T>) {
  const { item, text, back } = props;
  if (item.isPending) {
    return (
      <EditorPage title={text.title} description={text.description} back={back}>
        <EditorSkeleton label={text.loading} />
      </EditorPage>
    );
  }
  if (item.isError) {
    const isMissing = item.error instanceof ApiError && item.error.status === 404;
    return (
      <EditorPage
        title={isMissing ? text.missingTitle : text.title}
        description={isMissing ? (text.missingDescription ?? '') : text.description}
        back={isMissing ? undefined : back}
      >
        {isMissing ? props.missing : <EditorLoadError what={text.what} onRetry={() => void item.refetch()} />}
      </EditorPage>
    );
  }
  return <EditItem key={item.data.id} {...props} data={item.data} />;
}

function EditItem<T extends { id: string; title: string }>({ data, kind, text, back, form, useDelete, redirectMs }: EditItemScreenProps<T> & { data: T }) {
  const queryClient = useQueryClient();
  const remove = useDelete(data.id);
  const { redirect, isRedirecting } = useRedirectAfter();
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const isDeleting = remove.isPending || isRedirecting;

  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirmOpen(false);
        redirect(back.to, redirectMs, () => forgetDeleted(queryClient, kind, data.id));
      },
      onError: () => setConfirmOpen(false),
    });

  return (
    <EditorPage
      title={text.title}
      description={text.description}
      back={back}
      actions={
        <Button variant="destructive" onPress={() => setConfirmOpen(true)} isPending={isDeleting}>
          {isDeleting ? 'Deleting...' : text.deleteButton}
        </Button>
      }
    >
      {form(data, isDeleting)}
      <DeleteDialog
        title={text.deleteTitle}
        isOpen={isConfirmOpen}
        onOpenChange={setConfirmOpen}
        isPending={remove.isPending}
        onAction={confirmDelete}
      >
        <p>Are you sure you want to delete "{data.title}"? This action cannot be undone.</p>
      </DeleteDialog>
    </EditorPage>
  );
}

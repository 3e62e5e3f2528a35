import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from 'react-aria-components';
import { PodcastShowCreateInput, PodcastShowUpdateInput, slugify, type PodcastShow } from '../../../../contracts/podcasts';
import { podcastShowQueries } from '../../../api/podcast-shows';
import { Dialog, FormDialogActions } from '../../../components/Dialog';
import { ActionsMenu, type MenuAction } from '../../../components/Menu';
import { NumberField } from '../../../components/NumberField';
import { TextField } from '../../../components/TextField';
import { bind, useEntityForm, submitLabel, saveThen } from '../../../lib/entityForm';
import { withDisplayOrder } from './displayOrder';
import { NameAndSlugFields } from './NameAndSlugFields';
import { AdminListStates, ConfirmDeleteDialog } from './AdminListStates';
import { AdminListPage } from '../AdminPage';
import { useDeleteShow, useSaveShow } from './showMutations';

const SHOW_ACTIONS: MenuAction[] = [
  { id: 'edit', label: 'Edit' },
  { id: 'delete', label: 'Delete…', isDestructive: true },
];

/**
 * /admin/shows (admins): the podcast's shows. Episodes choose their show on the episode
 * forms; the first show in display order is the one new episodes join when none is chosen. A show
 * that still has episodes cannot be deleted (the server answers 409 and the toast says why).
 */
export function ShowsScreen() {
  return (
    <AdminListPage<PodcastShow>
      title="Podcast Shows"
      description="Each episode belongs to a show; episode numbers are unique within a show."
      addLabel="Add Show"
    >
      {({ edit, dialog: { item, isOpen, onOpenChange } }) => (
        <>
          <ShowList onEdit={edit} />
          <Dialog title={item ? 'Edit Show' : 'Add Show'} isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={false}>
            {(close) => <ShowForm show={item} onDone={close} />}
          </Dialog>
        </>
      )}
    </AdminListPage>
  );
}

function ShowList({ onEdit }: { onEdit: (show: PodcastShow) => void }) {
  const shows = useQuery(podcastShowQueries.list());
  const remove = useDeleteShow();
  const [deleting, setDeleting] = useState<PodcastShow | null>(null);

  return (
    <AdminListStates
      query={shows}
      loading="Loading shows"
      failure="Shows could not be loaded."
      empty="No shows yet. New episodes will create the default show."
    >
      {(rows) => (
        <>
          <ul className="stack-list stack-list--tight" aria-label="Shows">
            {rows.map((show, index) => (
              <li key={show.id} className="admin-list__item">
                <div className="admin-list__main">
                  <div className="admin-list__heading">
                    <h2 className="admin-list__title">{show.name}</h2>
                  </div>
                  <p className="admin-list__meta">
                    <code className="admin-list__code">{show.slug}</code>
                    <span>
                      {show.episodeCount} {show.episodeCount === 1 ? 'episode' : 'episodes'}
                    </span>
                    {show.hostName ? <span>Host: {show.hostName}</span> : null}
                    <span>Display order: {show.displayOrder}</span>
                    {index === 0 ? <span>Default for new episodes</span> : null}
                  </p>
                  {show.description ? <p className="admin-list__text">{show.description}</p> : null}
                </div>
                <div className="admin-list__tools">
                  <ActionsMenu
                    label={`Actions for ${show.name}`}
                    actions={SHOW_ACTIONS}
                    onAction={(id) => (id === 'edit' ? onEdit(show) : setDeleting(show))}
                  />
                </div>
              </li>
            ))}
          </ul>
          <ConfirmDeleteDialog
            item={deleting}
            what="show"
            isPending={remove.isPending}
            onConfirm={(show) => remove.mutate({ id: show.id, name: show.name }, { onSettled: () => setDeleting(null) })}
            onClose={() => setDeleting(null)}
          >
            <p>
              Are you sure you want to delete this show? Only a show without episodes can be deleted: move its episodes to
              another show first.
            </p>
          </ConfirmDeleteDialog>
        </>
      )}
    </AdminListStates>
  );
}

function ShowForm({ show, onDone }: { show: PodcastShow | null; onDone: () => void }) {
  const save = useSaveShow(show?.id ?? null);
  const { form, formProps } = useEntityForm({
    defaultValues: {
      name: show?.name ?? '',
      slug: show?.slug ?? '',
      hostName: show?.hostName ?? '',
      description: show?.description ?? '',
      displayOrder: show?.displayOrder ?? 0,
    },
    schema: show ? PodcastShowUpdateInput : PodcastShowCreateInput,
    toInput: withDisplayOrder,
    ...saveThen(save, onDone),
  });

  const saveLabel = submitLabel('Show', show === null, save.isPending);

  return (
    <Form {...formProps} className="form">
      <NameAndSlugFields form={form} slugHint="Used in links, e.g. /podcasts?show=audit-tech-talk." slugify={slugify} isNew={show === null} />
      <div className="form__row">
        <form.Field name="hostName">{(field) => <TextField label="Host Name (optional)" {...bind(field)} />}</form.Field>
        <form.Field name="displayOrder">
          {(field) => (
            <NumberField
              label="Display Order"
              step={1}
              {...bind(field)}
              description="The first show is the default for new episodes."
            />
          )}
        </form.Field>
      </div>
      <form.Field name="description">
        {(field) => <TextField label="Description (optional)" {...bind(field)} multiline rows={3} />}
      </form.Field>
      <FormDialogActions onCancel={onDone} isPending={save.isPending}>
        {saveLabel}
      </FormDialogActions>
    </Form>
  );
}

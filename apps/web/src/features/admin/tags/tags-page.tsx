import { TAG_CATEGORY_LABELS } from '@housnkuh/shared/catalog';
import type { AdminTag } from '@housnkuh/shared/schemas/admin-tags';
import { useState } from 'react';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { ConfirmBox } from '../../../components/admin/confirm-box';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/load-error';
import { usePageMeta } from '../../../lib/page-meta';
import { useAdminTags, useCreateTag, useDeleteTag, useUpdateTag } from './api/tags';
import { TagForm } from './tag-form';

function producers(count: number) {
  return count === 1 ? '1 Direktvermarkter' : `${count} Direktvermarkter`;
}

function TagRow({ tag }: { tag: AdminTag }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateTag(tag.id);
  const remove = useDeleteTag(tag.id);
  return (
    <li className="p-4">
      <div className="flex flex-wrap items-center gap-3">
        <span
          aria-hidden="true"
          className="h-6 w-6 shrink-0 rounded-full border border-gray-300"
          style={{ backgroundColor: tag.color ?? '#e5e7eb' }}
        />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold break-words">{tag.name}</h2>
          <p className="text-sm text-gray-800">
            {TAG_CATEGORY_LABELS[tag.category as keyof typeof TAG_CATEGORY_LABELS] ?? tag.category}{' '}
            · {tag.slug} · {producers(tag.vendorCount)}
          </p>
        </div>
        <Button variant="ghost" aria-expanded={editing} onClick={() => setEditing(!editing)}>
          {editing ? 'Schließen' : 'Bearbeiten'}
          <span className="sr-only"> „{tag.name}“</span>
        </Button>
        <Button variant="ghost" onClick={() => setConfirming(true)}>
          Löschen
          <span className="sr-only"> „{tag.name}“</span>
        </Button>
      </div>
      {confirming && (
        <ConfirmBox
          confirmLabel={
            tag.vendorCount > 0
              ? `Ja, bei ${producers(tag.vendorCount)} entfernen und löschen`
              : 'Ja, löschen'
          }
          busy={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate(tag.vendorCount)}
          onCancel={() => setConfirming(false)}
        >
          {tag.vendorCount > 0
            ? `Den Tag „${tag.name}“ löschen? ${producers(tag.vendorCount)} ${tag.vendorCount === 1 ? 'verliert' : 'verlieren'} ihn damit.`
            : `Den Tag „${tag.name}“ löschen?`}
        </ConfirmBox>
      )}
      {editing && (
        <div className="mt-4 border-t border-gray-200 pt-4">
          <TagForm
            tag={tag}
            submitLabel="Änderungen speichern"
            success="Der Tag ist gespeichert."
            send={(input) => update.mutateAsync(input)}
          />
        </div>
      )}
    </li>
  );
}

/** /admin/tags: the directory's tags: create, edit, delete. */
export function AdminTagsPage() {
  usePageMeta('Tags', 'Tags der Direktvermarkter verwalten.');
  const tags = useAdminTags();
  const create = useCreateTag();
  const [adding, setAdding] = useState(false);
  return (
    <>
      <AdminPageHeader
        title="Tags"
        description="Produktkategorien und Merkmale, nach denen Verzeichnis und Karte filtern."
        actions={
          <Button aria-expanded={adding} onClick={() => setAdding(!adding)}>
            {adding ? 'Schließen' : 'Neuer Tag'}
          </Button>
        }
      />
      {adding && (
        <section aria-labelledby="new-tag" className="mb-6 rounded-xl bg-white p-4 sm:p-6">
          <h2 id="new-tag" className="mb-4 text-lg font-bold">
            Neuer Tag
          </h2>
          <TagForm
            submitLabel="Tag anlegen"
            success="Der Tag ist angelegt."
            send={(input) => create.mutateAsync(input)}
          />
        </section>
      )}
      <QueryState query={tags} error="Die Tags konnten nicht geladen werden." />
      {tags.data && (
        <ul className="divide-y divide-gray-200 rounded-xl bg-white">
          {tags.data.tags.map((tag) => (
            <TagRow key={tag.id} tag={tag} />
          ))}
        </ul>
      )}
    </>
  );
}

import type { AdminFaq } from '@housnkuh/shared/schemas/admin-faq';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { ConfirmBox } from '../../../components/admin/confirm-box';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/load-error';
import { adminErrorMessage } from '../../../lib/admin-api';
import { usePageMeta } from '../../../lib/page-meta';
import { useAdminFaqs, useCreateFaq, useDeleteFaq, useMoveFaq, useUpdateFaq } from './api/faq';
import { FaqForm } from './faq-form';

function FaqRow({ faq, first, last }: { faq: AdminFaq; first: boolean; last: boolean }) {
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const update = useUpdateFaq(faq.id);
  const remove = useDeleteFaq(faq.id);
  const move = useMoveFaq(faq.id);
  const failed = update.error ?? remove.error ?? move.error;
  const busy = update.isPending || remove.isPending || move.isPending;
  return (
    <li className="p-4">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="text-sm text-gray-800">
            {faq.category}
            {!faq.isActive && (
              <span className="ml-2 rounded-full bg-gray-100 px-2 py-0.5 font-semibold text-gray-900">
                Ausgeblendet
              </span>
            )}
          </p>
          <h2 className="font-semibold break-words">{faq.question}</h2>
        </div>
        <div className="flex flex-wrap gap-1">
          <Button
            variant="ghost"
            className="px-3"
            disabled={first || busy}
            onClick={() => move.mutate('up')}
          >
            <ArrowUp aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only">„{faq.question}“ nach oben</span>
          </Button>
          <Button
            variant="ghost"
            className="px-3"
            disabled={last || busy}
            onClick={() => move.mutate('down')}
          >
            <ArrowDown aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only">„{faq.question}“ nach unten</span>
          </Button>
          <Button variant="ghost" aria-expanded={editing} onClick={() => setEditing(!editing)}>
            {editing ? 'Schließen' : 'Bearbeiten'}
            <span className="sr-only"> „{faq.question}“</span>
          </Button>
          <Button
            variant="ghost"
            disabled={busy}
            onClick={() => update.mutate({ isActive: !faq.isActive })}
          >
            {faq.isActive ? 'Ausblenden' : 'Einblenden'}
            <span className="sr-only"> „{faq.question}“</span>
          </Button>
          <Button variant="ghost" disabled={busy} onClick={() => setConfirmDelete(true)}>
            Löschen
            <span className="sr-only"> „{faq.question}“</span>
          </Button>
        </div>
      </div>
      {failed && (
        <div className="mt-3">
          <Alert tone="error" focusOnShow>
            <p>{adminErrorMessage(failed)}</p>
          </Alert>
        </div>
      )}
      {confirmDelete && (
        <ConfirmBox
          confirmLabel="Ja, löschen"
          busy={remove.isPending}
          onConfirm={() => remove.mutate()}
          onCancel={() => setConfirmDelete(false)}
        >
          Die Frage „{faq.question}“ wirklich löschen?
        </ConfirmBox>
      )}
      {editing && (
        <div className="mt-4 border-t border-gray-200 pt-4">
          <FaqForm
            faq={faq}
            submitLabel="Änderungen speichern"
            success="Die Frage ist gespeichert."
            send={(input) => update.mutateAsync(input)}
          />
        </div>
      )}
    </li>
  );
}

/** /admin/faq: the questions of /faq: create, edit, order, show or hide, delete. */
export function AdminFaqPage() {
  usePageMeta('FAQ', 'Häufige Fragen verwalten.');
  const faqs = useAdminFaqs();
  const create = useCreateFaq();
  const [adding, setAdding] = useState(false);
  return (
    <>
      <AdminPageHeader
        title="FAQ"
        description="Die häufigen Fragen auf der Website. Änderungen sind sofort unter /faq zu sehen."
        actions={
          <Button aria-expanded={adding} onClick={() => setAdding(!adding)}>
            {adding ? 'Schließen' : 'Neue Frage'}
          </Button>
        }
      />
      {adding && (
        <section aria-labelledby="new-faq" className="mb-6 rounded-xl bg-white p-4 sm:p-6">
          <h2 id="new-faq" className="mb-4 text-lg font-bold">
            Neue Frage
          </h2>
          <FaqForm
            submitLabel="Frage anlegen"
            success="Die Frage ist angelegt und steht am Ende der Liste."
            send={(input) => create.mutateAsync(input)}
          />
        </section>
      )}
      <QueryState query={faqs} error="Die Fragen konnten nicht geladen werden." />
      {faqs.data && (
        <ol className="divide-y divide-gray-200 rounded-xl bg-white">
          {faqs.data.faqs.map((faq, index, list) => (
            <FaqRow key={faq.id} faq={faq} first={index === 0} last={index === list.length - 1} />
          ))}
        </ol>
      )}
    </>
  );
}

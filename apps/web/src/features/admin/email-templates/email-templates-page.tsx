import { Link } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { QueryState } from '../../../components/ui/load-error';
import { usePageMeta } from '../../../lib/page-meta';
import { useEmailTemplates } from './api/email-templates';
import { CustomBadge } from './custom-badge';

/** /admin/email-templates: every mail the product sends, each to its editor. */
export function AdminEmailTemplatesPage() {
  usePageMeta('E-Mail-Vorlagen', 'Die Texte der E-Mails verwalten.');
  const templates = useEmailTemplates();
  return (
    <>
      <AdminPageHeader
        title="E-Mail-Vorlagen"
        description="Jede E-Mail, die die Website verschickt. Betreff und Text lassen sich anpassen; Platzhalter wie {{name}} werden beim Versand ersetzt."
      />
      <QueryState query={templates} error="Die Vorlagen konnten nicht geladen werden." />
      {templates.data && (
        <ul className="divide-y divide-gray-200 rounded-xl bg-white">
          {templates.data.templates.map((template) => (
            <li key={template.key} className="flex flex-wrap items-start gap-3 p-4">
              <div className="min-w-0 flex-1">
                <Link
                  to={`/admin/email-templates/${template.key}`}
                  className="font-semibold break-words text-coral-darker underline underline-offset-2"
                >
                  {template.title}
                </Link>
                <p className="text-sm text-gray-800">
                  An: {template.recipient} · {template.occasion}
                </p>
              </div>
              <CustomBadge custom={template.isCustom} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

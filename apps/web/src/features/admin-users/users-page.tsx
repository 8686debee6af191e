import { Link, useSearchParams } from 'react-router';
import { AdminPageHeader } from '../../components/admin/admin-page-header';
import { usePageMeta } from '../../lib/page-meta';
import { AdminsList } from './admins-list';
import { VendorsList } from './vendors-list';

const VIEWS = [
  ['direktvermarkter', 'Direktvermarkter'],
  ['administratoren', 'Administratoren'],
] as const;

/** /admin/users: the producers' accounts and the admins (Benutzer). */
export function AdminUsersPage() {
  usePageMeta('Benutzer', 'Direktvermarkter und Administratoren.');
  const [params] = useSearchParams();
  const view = params.get('ansicht') === 'administratoren' ? 'administratoren' : 'direktvermarkter';
  return (
    <>
      <AdminPageHeader
        title="Benutzer"
        description="Konten der Direktvermarkter prüfen, freigeben und sperren; Administratoren verwalten."
      />
      <nav aria-label="Ansicht" className="mb-4 flex gap-2">
        {VIEWS.map(([value, label]) => (
          <Link
            key={value}
            to={`/admin/users?ansicht=${value}`}
            aria-current={view === value ? 'page' : undefined}
            className={`rounded-lg px-4 py-2 font-semibold ${
              view === value ? 'bg-navy text-white' : 'bg-white text-navy hover:bg-sand'
            }`}
          >
            {label}
          </Link>
        ))}
      </nav>
      {view === 'administratoren' ? <AdminsList /> : <VendorsList />}
    </>
  );
}

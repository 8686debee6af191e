import { useSearchParams } from 'react-router';
import { ViewTabs } from '../../../components/admin/list-params';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { usePageMeta } from '../../../lib/page-meta';
import { AdminsList } from './admins-list';
import { DeletedVendorsList } from './deleted-list';
import { VendorsList } from './vendors-list';

const VIEWS = [
  ['direktvermarkter', 'Direktvermarkter'],
  ['administratoren', 'Administratoren'],
  ['geloescht', 'Gelöschte Konten'],
] as const;

/** /admin/users: the producers' accounts and the admins (Benutzer). */
export function AdminUsersPage() {
  usePageMeta('Benutzer', 'Direktvermarkter und Administratoren.');
  const [params] = useSearchParams();
  const asked = params.get('ansicht');
  const view = asked === 'administratoren' || asked === 'geloescht' ? asked : 'direktvermarkter';
  return (
    <>
      <AdminPageHeader
        title="Benutzer"
        description="Konten der Direktvermarkter prüfen, freigeben und sperren; Administratoren verwalten; gelöschte Konten nach der Aufbewahrungsfrist entfernen."
      />
      <ViewTabs base="/admin/users" views={VIEWS} current={view} />
      {view === 'administratoren' && <AdminsList />}
      {view === 'geloescht' && <DeletedVendorsList />}
      {view === 'direktvermarkter' && <VendorsList />}
    </>
  );
}

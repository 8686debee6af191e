import { useSearchParams } from 'react-router';
import { ViewTabs } from '../../../components/admin/list-params';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { usePageMeta } from '../../../lib/page-meta';
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
      <ViewTabs base="/admin/users" views={VIEWS} current={view} />
      {view === 'administratoren' ? <AdminsList /> : <VendorsList />}
    </>
  );
}

import {
  ACCOUNT_STATE_LABELS,
  VERIFY_STATUS_LABELS,
  type AdminVendor,
} from '@housnkuh/shared/schemas/admin-users';
import { Badge } from '../../../components/admin/badge';

/** Account, verification and release of a producer, as small labels. */
export function VendorBadges({ vendor }: { vendor: AdminVendor }) {
  return (
    <span className="flex flex-wrap gap-1">
      {vendor.registrationKind === 'demo' && <Badge tone="plain">Demo</Badge>}
      <Badge
        tone={vendor.account === 'active' ? 'good' : vendor.account === 'locked' ? 'bad' : 'warn'}
      >
        {ACCOUNT_STATE_LABELS[vendor.account]}
      </Badge>
      <Badge tone={vendor.verifyStatus === 'verified' ? 'good' : 'plain'}>
        {VERIFY_STATUS_LABELS[vendor.verifyStatus]}
      </Badge>
      <Badge tone={vendor.listed ? 'good' : vendor.isPublic ? 'warn' : 'plain'}>
        {vendor.listed
          ? 'Im Verzeichnis'
          : vendor.isPublic
            ? 'Freigegeben, ohne laufenden Vertrag'
            : 'Nicht freigegeben'}
      </Badge>
    </span>
  );
}

// The schema index: every table, gathered for Drizzle (db/client.ts). Each module's tables are
// in its own schema.ts (only it writes them, docs/decisions/0013); db/schema/ keeps only what no
// module owns (number-series.ts). drizzle.config.ts reads the same files for the migrations.
import * as accounts from '../../modules/accounts/schema';
import * as audit from '../../modules/audit/schema';
import * as billing from '../../modules/billing/schema';
import * as bookings from '../../modules/bookings/schema';
import * as closing from '../../modules/closing/schema';
import * as contact from '../../modules/contact/schema';
import * as content from '../../modules/content/schema';
import * as contest from '../../modules/contest/schema';
import * as contracts from '../../modules/contracts/schema';
import * as documents from '../../modules/documents/schema';
import * as directory from '../../modules/directory/schema';
import * as geocoding from '../../modules/geocoding/schema';
import * as mail from '../../modules/mail/schema';
import * as media from '../../modules/media/schema';
import * as newsletter from '../../modules/newsletter/schema';
import * as products from '../../modules/products/schema';
import * as retention from '../../modules/retention/schema';
import * as sales from '../../modules/sales/schema';
import * as settlement from '../../modules/settlement/schema';
import * as vendors from '../../modules/vendors/schema';
import * as jobLeases from './job-leases';
import * as numberSeries from './number-series';

export const schema = {
  ...accounts,
  ...audit,
  ...billing,
  ...bookings,
  ...closing,
  ...contact,
  ...content,
  ...contest,
  ...contracts,
  ...directory,
  ...documents,
  ...geocoding,
  ...mail,
  ...media,
  ...newsletter,
  ...products,
  ...retention,
  ...sales,
  ...settlement,
  ...vendors,
  ...numberSeries,
  ...jobLeases,
};

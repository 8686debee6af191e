// What other modules may use of the vendors module (docs/decisions/0013).
export { searchColumns, type SearchableVendor } from './search-index';
export {
  findVendor,
  isListed,
  listedVendorStamps,
  sessionVendor,
  vendorUser,
  type VendorContext,
  type VendorRow,
} from './vendors.service';

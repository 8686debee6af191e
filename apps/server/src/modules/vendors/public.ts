// What other modules may use of the vendors module (docs/decisions/0013).
export { searchColumns } from './search-index';
export {
  isListed,
  listedVendorStamps,
  sessionVendor,
  vendorBusiness,
  vendorProfile,
  vendorUser,
  type VendorRow,
} from './vendors.service';

// What other modules may use of the sales module (docs/decisions/0013, 0031).
export {
  demoRemovalSalesCheck,
  salesOfVendor,
  vendorsWithSales,
  type VendorSalesLine,
} from './sales-of-vendor.service';

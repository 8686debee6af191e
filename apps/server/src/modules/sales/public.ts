// What other modules (and the bench) may use of the sales module (docs/decisions/0013, 0031).
export {
  demoRemovalSalesCheck,
  salesForSettlement,
  salesOfVendor,
  vendorsWithSales,
  type SettlementSalesLine,
  type VendorSalesLine,
} from './sales-of-vendor.service';
export { productIdsOfSalesLines } from './line-products.service';
export { countUnassigned } from './unassigned.service';
export { tillLinesBetween, type TillLine } from './month-lines.service';
export { countToClarify, salesToClarify } from './clarify.service';
export { addSalesLinesAsTheyStand, importSalesCsv, type KnownSalesLine } from './import.service';
export {
  lastSalesMonth,
  productIdsSoldBy,
  removeSalesLinesOf,
  unsettledLinesOf,
} from './deletion.service';

// What other modules (and db/seed.ts) may use of the products module (docs/decisions/0013, 0029):
// only it writes the products table; others read products through these functions.
export { productNames, productUnits } from './lookup.service';
export {
  posProductList,
  productOwner,
  productsByDepositEans,
  productsByEans,
  productsForSuggestions,
  searchProductsForAssignment,
  type PosProductRow,
} from './pos.service';
export {
  activeProducts,
  productById,
  productOfVendor,
  productsOfVendor,
  productsOfVendorByIds,
  productView,
  type ProductRow,
} from './products.service';
export { addGivenProducts, setStockTrackingOfAll, type GivenProduct } from './seed.service';
export { addTillSales, stockLevels, type StockLevels, type TillSale } from './stock.service';
export { countFiguresBetween, type CountLineFigures } from './counts.service';
export {
  vendorCountPage,
  type VendorCountFigures,
  type VendorCountLineFigures,
} from './vendor-stock.service';
export { removeProductsOf, removeUnsoldProducts } from './deletion.service';

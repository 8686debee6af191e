// What other modules may use of the products module (docs/decisions/0013).
export {
  posProductList,
  productOwner,
  productsByEans,
  searchProductsForAssignment,
  type PosProductRow,
} from './pos.service';

// What other modules (and db/seed.ts) may use of the products module (docs/decisions/0013).
export { addGivenProducts, type GivenProduct } from './seed.service';
export { productNames } from './lookup.service';

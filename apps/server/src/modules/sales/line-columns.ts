import { salesLines } from './schema';

/** The figures of a sales line as every query of the module reads them (the parsed line). */
export const saleLineColumns = {
  receiptId: salesLines.receiptId,
  position: salesLines.position,
  soldAt: salesLines.soldAt,
  ean: salesLines.ean,
  articleText: salesLines.articleText,
  quantityThousandths: salesLines.quantityThousandths,
  unitPriceGrossCents: salesLines.unitPriceGrossCents,
  vatRateBp: salesLines.vatRateBp,
  lineTotalGrossCents: salesLines.lineTotalGrossCents,
};

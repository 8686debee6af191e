// A month's figures per producer (docs/product/money.md, binding; docs/decisions/0033): rent and
// extra
// services per contract version segment, the commission per rate, the sales by VAT rate, manual
// lines, open items and the payout. Pure: no clock, no database; the same input gives the same
// output. All amounts are integer cents, rates basis points (1900 = 19 %, 780 = 7,8 %).
import { commissionModel } from './catalog';
import { addDays, formatEuro } from './format';
import { roundHalfUp } from './products';
import { monthEnd } from './rental-terms';
import { formatVatRate } from './vat';

export interface SettlementVersion {
  /** ISO day */
  validFrom: string;
  provisionType: 'basic' | 'premium';
  /** 400 | 700 (from the catalog's commission model) */
  commissionRateBp: number;
  /** gross, units + services − duration discount (contract_versions.monthly_price_cents) */
  monthlyPriceCents: number;
  /** e.g. "Mietfächer A10, B8 · Lagerservice" (what the invoice line says) */
  label: string;
  /** of monthlyPriceCents, the extra services' part (after the duration discount); 0 or absent: none */
  servicesMonthlyCents?: number;
}

export interface SettlementContract {
  id: string;
  number: string | null;
  startDate: string;
  /** last day, null = open */
  endDate: string | null;
  /** storniert: counts for nothing */
  cancelled: boolean;
  /** ordered by validFrom; before the first: the first */
  versions: SettlementVersion[];
}

export interface SettlementSale {
  id: string;
  receiptId: string;
  position: number;
  /** ISO instant */
  soldAt: string;
  /** Berlin day of soldAt */
  soldOn: string;
  articleText: string;
  quantityThousandths: number;
  unitPriceGrossCents: number;
  vatRateBp: number;
  /** the line total as stored */
  grossCents: number;
  /**
   * In the figures: true for a Nachtrag, sold before the settled month (a late line of a month
   * already final for the producer), listed with its sale day (soldOn); absent otherwise.
   */
  late?: boolean;
}

/**
 * A manual line (docs/product/money.md, manual lines), one of two kinds:
 * - `charge`: a service of the shop, on its invoice at 19 % or 7 % (revenue); grossCents > 0 the
 *   producer pays, < 0 a credit on the invoice (e.g. a rent reduction). It lowers (raises) the
 *   payout by grossCents.
 * - `refund`: a payment to the producer that is no supply (e.g. missing goods, AGB § 8): on the
 *   statement only, no VAT ("nicht steuerbar"); grossCents > 0, added to the payout.
 */
export interface ManualLine {
  id: string;
  kind: 'charge' | 'refund';
  text: string;
  grossCents: number;
  /** a charge's rate (1900 or 700); null for a refund */
  vatRateBp: number | null;
}

/** A refund on the statement: no supply, no VAT. */
export interface RefundLine {
  id: string;
  text: string;
  grossCents: number;
}

/** Owed by the producer from an earlier month, > 0. */
export interface OpenItemIn {
  id: string;
  month: string;
  documentNumber: string | null;
  amountCents: number;
}

export interface SettlementInput {
  /** 'YYYY-MM' */
  month: string;
  freeMonth: { start: string; end: string } | null;
  contracts: SettlementContract[];
  /** this month's unsettled lines + late lines of earlier months */
  sales: SettlementSale[];
  manualLines: ManualLine[];
  openItems: OpenItemIn[];
  /** 1900 (vatRateOn('standard', last day of month)) */
  shopVatRateBp: number;
}

export interface RateTotal {
  vatRateBp: number;
  netCents: number;
  vatCents: number;
  grossCents: number;
}

export interface InvoiceLine {
  kind: 'rent' | 'commission' | 'manual';
  /** German, e.g. "Miete Mietfächer A10 (V-2026-0001), 01.10.–31.10.2026, 31 von 31 Tagen" */
  text: string;
  contractId?: string;
  contractNumber?: string | null;
  from?: string;
  to?: string;
  days?: number;
  daysInMonth?: number;
  monthlyPriceCents?: number;
  /** a rent line's part for the extra services (included in its gross) */
  servicesGrossCents?: number;
  commissionRateBp?: number;
  salesGrossCents?: number;
  netCents: number;
  vatRateBp: number;
  vatCents: number;
  grossCents: number;
}

export interface CommissionByRate {
  commissionRateBp: number;
  salesGrossCents: number;
  netCents: number;
  vatCents: number;
  grossCents: number;
}

export interface Settlement {
  month: string;
  invoice: {
    lines: InvoiceLine[];
    totals: RateTotal[];
    netCents: number;
    vatCents: number;
    grossCents: number;
  };
  sales: {
    lines: SettlementSale[];
    byRate: RateTotal[];
    grossCents: number;
    /** of grossCents, the Nachträge (lines sold before the month, `late`) */
    lateGrossCents: number;
  };
  commission: {
    byRate: CommissionByRate[];
    netCents: number;
    vatCents: number;
    grossCents: number;
  };
  /** rent and extra services of the month, prorated */
  rentGrossCents: number;
  /** of rentGrossCents, the extra services (Lagerservice, Versandservice), prorated the same way */
  servicesGrossCents: number;
  /** the manual lines' effect on the payout: refunds − charges */
  manualCents: number;
  /** refunds that are no supply: statement only, "nicht steuerbar", added to the payout */
  refunds: RefundLine[];
  refundsCents: number;
  openItems: OpenItemIn[];
  openItemsCents: number;
  /** sales − commission gross − rent gross + manual − open items (= sales − invoice gross + refunds − open items) */
  payoutCents: number;
}

/** The commission rate (basis points) when a producer has no contract that counts (docs/decisions/0033). */
export const FALLBACK_COMMISSION_RATE_BP = commissionModel('basic').rate * 100;

/** The net part of a gross amount at a rate: round(gross / (1 + rate)), half up away from zero. */
export function netOfGross(grossCents: number, vatRateBp: number): number {
  return roundHalfUp(grossCents * 10_000, 10_000 + vatRateBp);
}

/** round(amount × rate), half up away from zero. */
export function percentOf(cents: number, rateBp: number): number {
  return roundHalfUp(cents * rateBp, 10_000);
}

/** The days of a month 'YYYY-MM', first to last. */
export function daysOfMonth(month: string): string[] {
  const last = monthEnd(`${month}-01`);
  const days: string[] = [];
  for (let day = `${month}-01`; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The version in force on `day` (before the first: the first). */
function versionOn(versions: readonly SettlementVersion[], day: string) {
  let found = versions[0];
  for (const version of versions) if (version.validFrom <= day) found = version;
  return found;
}

const runsOn = (contract: SettlementContract, day: string) =>
  contract.startDate <= day && (contract.endDate === null || day <= contract.endDate);

const byStart = (a: SettlementContract, b: SettlementContract) =>
  a.startDate.localeCompare(b.startDate) || a.id.localeCompare(b.id);

/**
 * The commission rate of a sale's day: the contract running that day (several: the one that
 * started first), from its version in force that day; none running: the contract that ended
 * last before the day, its last rate; before any started: the first contract's first rate.
 */
export function commissionRateOn(contracts: readonly SettlementContract[], day: string): number {
  const counting = contracts.filter((c) => !c.cancelled && c.versions.length > 0).sort(byStart);
  const running = counting.find((c) => runsOn(c, day));
  if (running) return versionOn(running.versions, day)!.commissionRateBp;
  const ended = counting
    .filter((c) => c.endDate !== null && c.endDate < day)
    .sort((a, b) => b.endDate!.localeCompare(a.endDate!) || byStart(a, b))[0];
  if (ended) return versionOn(ended.versions, ended.endDate!)!.commissionRateBp;
  const first = counting[0];
  return first ? first.versions[0]!.commissionRateBp : FALLBACK_COMMISSION_RATE_BP;
}

/** '01.10.–31.10.2026' */
function period(from: string, to: string): string {
  const dm = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.`;
  return `${dm(from)}–${dm(to)}${to.slice(0, 4)}`;
}

function grossLine(grossCents: number, vatRateBp: number) {
  const netCents = netOfGross(grossCents, vatRateBp);
  return { netCents, vatRateBp, vatCents: grossCents - netCents, grossCents };
}

/** Sums per VAT rate, ascending; each figure is a sum of figures rounded once before. */
function totalsByRate(lines: readonly RateTotal[]): RateTotal[] {
  const map = new Map<number, RateTotal>();
  for (const line of lines) {
    const total = map.get(line.vatRateBp) ?? {
      vatRateBp: line.vatRateBp,
      netCents: 0,
      vatCents: 0,
      grossCents: 0,
    };
    total.netCents += line.netCents;
    total.vatCents += line.vatCents;
    total.grossCents += line.grossCents;
    map.set(line.vatRateBp, total);
  }
  return [...map.values()].sort((a, b) => a.vatRateBp - b.vatRateBp);
}

const sum = <T>(items: readonly T[], of: (item: T) => number) =>
  items.reduce((total, item) => total + of(item), 0);

function rentLines(input: SettlementInput, days: readonly string[]): InvoiceLine[] {
  const lines: InvoiceLine[] = [];
  const chargeable = (contract: SettlementContract, day: string) =>
    runsOn(contract, day) && (!input.freeMonth || day > input.freeMonth.end);
  for (const contract of input.contracts.filter((c) => !c.cancelled).sort(byStart)) {
    if (contract.versions.length === 0) continue;
    let segment: { version: SettlementVersion; from: string; to: string; days: number } | null =
      null;
    const close = () => {
      if (!segment) return;
      const { version, from, to } = segment;
      const gross = roundHalfUp(version.monthlyPriceCents * segment.days, days.length);
      const number = contract.number ? ` (${contract.number})` : '';
      lines.push({
        kind: 'rent',
        text: `Miete ${version.label}${number}, ${period(from, to)}, ${segment.days} von ${days.length} Tagen`,
        contractId: contract.id,
        contractNumber: contract.number,
        from,
        to,
        days: segment.days,
        daysInMonth: days.length,
        monthlyPriceCents: version.monthlyPriceCents,
        servicesGrossCents: roundHalfUp(
          (version.servicesMonthlyCents ?? 0) * segment.days,
          days.length,
        ),
        ...grossLine(gross, input.shopVatRateBp),
      });
      segment = null;
    };
    for (const day of days) {
      if (!chargeable(contract, day)) {
        close();
        continue;
      }
      const version = versionOn(contract.versions, day)!;
      if (segment && segment.version === version) {
        segment.to = day;
        segment.days += 1;
      } else {
        close();
        segment = { version, from: day, to: day, days: 1 };
      }
    }
    close();
  }
  return lines;
}

const bySale = (a: SettlementSale, b: SettlementSale) =>
  a.soldAt.localeCompare(b.soldAt) ||
  a.receiptId.localeCompare(b.receiptId) ||
  a.position - b.position ||
  a.id.localeCompare(b.id);

/** Every figure of a producer's invoice and sales statement for one month. */
export function settleMonth(input: SettlementInput): Settlement {
  const days = daysOfMonth(input.month);
  const shopRate = input.shopVatRateBp;
  const first = `${input.month}-01`;
  // a line sold before the month is a Nachtrag (its month was final for the producer)
  const saleLines = [...input.sales]
    .sort(bySale)
    .map((sale) => (sale.soldOn < first ? { ...sale, late: true } : sale));

  const rent = rentLines(input, days);

  const salesByCommission = new Map<number, number>();
  for (const sale of saleLines) {
    const rate = commissionRateOn(input.contracts, sale.soldOn);
    salesByCommission.set(rate, (salesByCommission.get(rate) ?? 0) + sale.grossCents);
  }
  const commissionByRate: CommissionByRate[] = [...salesByCommission.entries()]
    .filter(([, salesGross]) => salesGross !== 0)
    .sort(([a], [b]) => a - b)
    .map(([commissionRateBp, salesGrossCents]) => {
      const netCents = percentOf(salesGrossCents, commissionRateBp);
      const vatCents = percentOf(netCents, shopRate);
      return {
        commissionRateBp,
        salesGrossCents,
        netCents,
        vatCents,
        grossCents: netCents + vatCents,
      };
    });
  const commissionLines: InvoiceLine[] = commissionByRate.map((group) => ({
    kind: 'commission',
    text: `Provision ${formatVatRate(group.commissionRateBp)} auf Verkäufe von ${formatEuro(group.salesGrossCents)}`,
    commissionRateBp: group.commissionRateBp,
    salesGrossCents: group.salesGrossCents,
    netCents: group.netCents,
    vatRateBp: shopRate,
    vatCents: group.vatCents,
    grossCents: group.grossCents,
  }));

  // charges are the shop's invoice lines at their rate; refunds are on the statement only
  const charges = input.manualLines.filter((line) => line.kind === 'charge');
  const refunds: RefundLine[] = input.manualLines
    .filter((line) => line.kind === 'refund')
    .map(({ id, text, grossCents }) => ({ id, text, grossCents }));
  const manualLines: InvoiceLine[] = charges.map((line) => ({
    kind: 'manual',
    text: line.text,
    ...grossLine(line.grossCents, line.vatRateBp ?? shopRate),
  }));

  const lines = [...rent, ...commissionLines, ...manualLines];
  const salesByRate = new Map<number, number>();
  for (const sale of saleLines)
    salesByRate.set(sale.vatRateBp, (salesByRate.get(sale.vatRateBp) ?? 0) + sale.grossCents);
  const salesTotals = [...salesByRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rate, gross]) => grossLine(gross, rate));

  const salesGross = sum(saleLines, (sale) => sale.grossCents);
  const commissionGross = sum(commissionByRate, (group) => group.grossCents);
  const rentGross = sum(rent, (line) => line.grossCents);
  const refundsCents = sum(refunds, (line) => line.grossCents);
  const manualCents = refundsCents - sum(charges, (line) => line.grossCents);
  const openItems = [...input.openItems].sort(
    (a, b) => a.month.localeCompare(b.month) || a.id.localeCompare(b.id),
  );
  const openItemsCents = sum(openItems, (item) => item.amountCents);

  return {
    month: input.month,
    invoice: {
      lines,
      totals: totalsByRate(lines),
      netCents: sum(lines, (line) => line.netCents),
      vatCents: sum(lines, (line) => line.vatCents),
      grossCents: sum(lines, (line) => line.grossCents),
    },
    sales: {
      lines: saleLines,
      byRate: salesTotals,
      grossCents: salesGross,
      lateGrossCents: sum(
        saleLines.filter((sale) => sale.late),
        (sale) => sale.grossCents,
      ),
    },
    commission: {
      byRate: commissionByRate,
      netCents: sum(commissionByRate, (group) => group.netCents),
      vatCents: sum(commissionByRate, (group) => group.vatCents),
      grossCents: commissionGross,
    },
    rentGrossCents: rentGross,
    servicesGrossCents: sum(rent, (line) => line.servicesGrossCents ?? 0),
    manualCents,
    refunds,
    refundsCents,
    openItems,
    openItemsCents,
    payoutCents: salesGross - commissionGross - rentGross + manualCents - openItemsCents,
  };
}

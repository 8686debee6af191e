/** A producer's line of a month's settlement, as the server answers it: final unless `over` says. */
export const settlementItem = (over: Record<string, unknown>) => ({
  vendorId: 'v1',
  vendorName: 'Hof Huber',
  status: 'final',
  salesGrossCents: 10000,
  commissionNetCents: 1000,
  commissionVatCents: 190,
  commissionGrossCents: 1190,
  rentGrossCents: 2000,
  manualCents: 0,
  openItemsCents: 0,
  payoutCents: 6810,
  payoutPaidAt: null as string | null,
  blockers: [],
  manualLines: [],
  ...over,
});

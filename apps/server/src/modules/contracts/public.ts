// What other modules may use of the contracts module (docs/decisions/0013): only it writes the
// contracts' tables; others ask through these functions and SQL conditions on a vendor's id.
export {
  addRentalUnits,
  contractAnswers,
  contractFacts,
  contractRecordsOf,
  createContract,
  createRunningContract,
  createRunningContracts,
  endInTrial,
  firstContractStart,
  hasActiveContract,
  hasContract,
  hasListableContract,
  holdingsOfVendors,
  heldUnitsJson,
  isShopOpen,
  LIVE_CONTRACT_STATUSES,
  liveContractsOfBooking,
  rentalUnitsByName,
  type ContractFacts,
  type NewContract,
  type RunningContractEntry,
} from './contracts.service';
export { changeContract } from './versions.service';
export { listMietfaecher } from './mietfaecher.service';
export { onUnitRetire, type UnitObjection } from './unit-objections';
export { hasStorageService } from './storage-service';
export { freeUnitsForUpdate, unitAvailability, type UnitAvailability } from './mietfaecher.service';
export {
  contractPhase,
  earliestEnd,
  endsAtOnce,
  freeDaysLeft,
  freeMonthOf,
  isStorniert,
  rentalTerms,
  contractDates,
  type FreeMonth,
} from './rental-terms';
export {
  settlementContracts,
  versionLabel,
  type SettlementContractsOfVendor,
} from './settlement-inputs';
export {
  contractsKeepingAccount,
  countContractsOf,
  lastContractMonth,
  removeGoodsIn,
} from './deletion.service';

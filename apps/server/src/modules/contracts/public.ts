// What other modules may use of the contracts module (docs/decisions/0013). The
// rental issue adds the contracts' own routes (index.ts) and services here.
export {
  contractFacts,
  isShopOpen,
  LIVE_CONTRACT_STATUSES,
  trialWindow,
  type ContractFacts,
} from './contracts.service';

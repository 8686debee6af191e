// What other modules may use of the contracts module (docs/decisions/0013).
export {
  contractAnswers,
  contractFacts,
  createContract,
  endHoldings,
  isShopOpen,
  LIVE_CONTRACT_STATUSES,
  termsOf,
  trialWindow,
  type ContractFacts,
  type NewContract,
} from './contracts.service';
export { changeContract, insertFirstVersion } from './versions.service';

// What other modules (and the command line) may use of the users module (docs/decisions/0013).
export { DEMO_REMOVAL_CHECKS, demoDataSummary, removeDemoData } from './demo-data.service';

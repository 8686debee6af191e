// What other modules may use of the retention module (docs/decisions/0013, 0092).
export { deletionBlockers, removeRetained } from './deletion.service';

// What other modules may use of the closing module (docs/decisions/0033): the settlement closes
// months, the contracts module asks before a change that reaches into one.
export { closeMonth, lastClosedMonth, refuseInClosedMonth } from './closing.service';

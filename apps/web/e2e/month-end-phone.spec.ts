import { monthEndWalk } from './month-end';

// Issue 31: the owner's and the producer's month end at a phone's size (month-end.ts).
monthEndWalk('phone', { width: 390, height: 844 });

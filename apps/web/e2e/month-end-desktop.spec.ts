import { monthEndWalk } from './month-end';

// Issue 31: the owner's and the producer's month end at a desktop's size (month-end.ts).
monthEndWalk('desktop', { width: 1280, height: 800 });

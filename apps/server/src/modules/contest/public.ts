// What other modules may use of the contest module (docs/decisions/0013): only it writes the
// entries and draws; others ask through these functions.
export { contestEntriesFrom, countContestEntries } from './contest.service';

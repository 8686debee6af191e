// What other modules may use of the contest module (docs/decisions/0013): nothing yet.
export {};

// What other modules may use of the users module (docs/decisions/0013): nothing yet.
export {};

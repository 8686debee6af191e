// What other modules may use of the directory module (docs/decisions/0013): nothing yet.
export {};

// What other modules may use of the health module (docs/decisions/0013): nothing yet.
export {};

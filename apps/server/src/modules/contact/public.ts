// What other modules may use of the contact module (docs/decisions/0013): nothing yet.
export {};

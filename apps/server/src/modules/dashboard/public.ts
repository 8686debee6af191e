// What other modules may use of the dashboard module (docs/decisions/0013): nothing.
export {};

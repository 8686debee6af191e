// What other modules may use of the accounts module (docs/decisions/0013): nothing yet;
// its routes, session lookup and mail renderers are wired in index.ts.
export {};

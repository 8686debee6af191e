// Nothing of the profiles module is used by other modules (docs/decisions/0013).
export {};

export const MODULES_DOC: string;
export function renderModulesDoc(): string;

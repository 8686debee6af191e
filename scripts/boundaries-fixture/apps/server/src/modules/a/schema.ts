export const tableA = { name: 'table_a' };
